import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { ActorRefFrom } from "xstate";
import { pulledCamera, type PulledCameraEvent, type PulledCameraFailure, type PulledCameraState } from "../../machines/pulled-camera.ts";
import type { AppService } from "../apps/service.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { InTurn } from "../lib/in-turn.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { inCidrs, type Cidr } from "../lib/cidr.ts";
import { checkHost, pinnedUrl, ssrfRefusal, withAllowHint, type SsrfAllowlist } from "../lib/ssrf.ts";
import type { Ownership } from "../peers/ownership.ts";
import { maskCredentials, Puller, type PulledMedia } from "../pull/puller.ts";
import { RtspGuard } from "../pull/rtsp-guard.ts";
import { ringRoot, SegmentRing } from "../pull/segment-ring.ts";
import type { SourceProxy } from "../pull/source-proxy.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { LocalStreams } from "../streams/local.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import { PULLED_PREFIX, type StreamType, type StreamView } from "../streams/view.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import { CameraFeeds, type CameraFeed, type CameraWatcher, type ConnectionListener, type FeedOptions } from "./camera-feeds.ts";
import { parseMedia, resumable, sourceBinding, STREAM_TYPE_BY_SCHEME } from "./pulled-rows.ts";
import { ingressStore, type IngressRow, type IngressStore } from "./store.ts";

export type { CameraFeed, CameraWatcher, ConnectionListener } from "./camera-feeds.ts";
export { pulledByService, pulledView, type PulledCameraView } from "./pulled-rows.ts";

/** The actor of a room's pulled camera (one per room). */
export const cameraActorId = (app: string, room: string): string => `camera:${app}:${room}`;

/** How long a reservation of a stream slot lasts while the camera connects; once live, its stream row holds the slot. */
const RESERVE_SECONDS = 120;
/** How long ffmpeg has, once it described the source, to begin its first file. */
const CONNECT_INIT_MS = 10_000;

export interface PulledCamerasOptions {
  readonly databases: Databases;
  readonly box: SecretBox;
  readonly apps: AppService;
  readonly registry: AppStore;
  readonly supervisor: Supervisor;
  readonly ownership: Ownership;
  readonly tracker: StreamTracker;
  readonly events: EventDispatcher;
  readonly quota: StreamQuota;
  readonly ssrf: SsrfAllowlist;
  /** Camera networks the operator trusts (SERVICE_RTSP_DIRECT): an RTSP camera there is pulled without the guard's relay. */
  readonly rtspDirect: readonly Cidr[];
  /** What the ffmpeg of an HLS source fetches through (the SSRF rules for its segments and redirects). */
  readonly proxy: SourceProxy;
  readonly node: string;
  readonly logger: Logger;
}

/** One camera whose actor runs on this node. */
interface Running {
  readonly app: string;
  readonly room: string;
  readonly id: string;
  readonly type: StreamType;
  readonly actor: ActorRefFrom<typeof pulledCamera>;
  puller: Puller | undefined;
  /** The files the connection now writes (segment-ring.ts), once it went live. */
  ring: SegmentRing | undefined;
  /** Counts launches, so work a launch awaits is dropped when a later state has moved on. */
  attempt: number;
  media: PulledMedia | undefined;
  /** Its stream row is active (it was live, and that has not ended yet). */
  streaming: boolean;
}

type Body = { readonly url: string; readonly transport?: "tcp" | "udp" | undefined; readonly participantIdentity?: string | undefined };

/**
 * Cameras the service pulls itself (issue 33; docs/cameras.md): an ingress row with the source
 * sealed, and on one node of the cluster an actor (`machines/pulled-camera.ts`) that runs the
 * ffmpeg copying its video, writes its stream row while it is live, emits `ingress_started` /
 * `ingress_ended` and `stream_started` / `stream_ended`, and holds one of the tenant's stream
 * slots. The actor is claimed under a lease: when its node stops, another adopts the camera.
 */
export class PulledCameras implements LocalStreams {
  private readonly running = new Map<string, Running>();
  private readonly feeds: CameraFeeds;
  private rings: string | undefined;
  /** Each camera's row and stream writes in the order its actor asked for them. */
  private readonly writes = new InTurn<string>();
  private readonly log: Logger;
  private closing = false;

  constructor(private readonly o: PulledCamerasOptions) {
    this.log = o.logger.child({ component: "pulled-cameras" });
    this.feeds = new CameraFeeds((key, message) => this.unreadable(key, message), this.log);
    o.ownership.register("camera:", {
      adopt: async (key) => {
        const found = await this.rowOfKey(key);
        if (!found || !resumable(found.row)) return false;
        this.spawn(found.app, found.row);
        return true;
      },
      deliver: async (key, message) => void this.o.supervisor.get(key)?.send(message as PulledCameraEvent),
    });
  }

  /** POST /ingress with a URL the service pulls: the row, then the actor on this node. */
  async create(app: AppRow, room: string, body: Body): Promise<IngressRow | Problem> {
    const store = this.store(app.name);
    const taken = await store.pulledIn(room);
    if (taken) return problem("conflict", `room ${room} has a pulled camera already (ingress ${taken.ingress_id}); one source is pulled per room`);
    const refused = await ssrfRefusal(new URL(body.url).hostname, this.o.ssrf);
    if (refused) return problem("validation_failed", `body.url: ${withAllowHint(refused)}`, { details: [{ path: "body.url", message: refused, code: "custom" }] });
    const id = `${PULLED_PREFIX}${randomBytes(9).toString("base64url")}`;
    const full = await this.o.quota.reserve(app, id, RESERVE_SECONDS);
    if (full) return full;
    await store.add(
      {
        ingress_id: id,
        input_type: "url",
        room,
        participant_identity: body.participantIdentity ?? `ingress-${app.name}`,
        stream_key: "",
        password_sealed: null,
        source_sealed: this.o.box.seal("app-secrets", sourceBinding(app.name, id), body.url),
        source_masked: maskCredentials(body.url),
        transport: body.transport ?? "tcp",
      },
      new Date().toISOString(),
    );
    const row = await store.get(id);
    if (!row) return problem("not_found", `ingress ${id} was deleted while it was created`);
    await this.begin(app.name, row);
    return (await store.get(id)) ?? row;
  }

  /** Starts the camera's actor here unless another live node runs it. */
  private async begin(app: string, row: IngressRow): Promise<void> {
    if (this.closing || !(await this.o.ownership.claim(cameraActorId(app, row.room)))) return;
    this.spawn(app, row);
  }

  /** Stops the camera wherever its actor runs (delete, disable); answers once this node has done its part. */
  async stopCamera(app: string, row: IngressRow): Promise<void> {
    const key = cameraActorId(app, row.room);
    const here = this.running.get(key);
    if (here) {
      here.actor.send({ type: "stop" });
      await this.writes.idle();
      return;
    }
    await this.o.ownership.forward(key, { type: "stop" } satisfies PulledCameraEvent);
  }

  /** Enable: a camera that was stopped, disabled or failed connects again (a fixed password, a camera back on its address). */
  async restart(app: string, row: IngressRow): Promise<void> {
    const running = this.running.get(cameraActorId(app, row.room));
    if (running && running.id === row.ingress_id && !["stopped", "failed"].includes(String(running.actor.getSnapshot().value))) return;
    if (running) {
      running.actor.send({ type: "stop" });
      await this.writes.idle();
    }
    await this.begin(app, row);
  }

  /** Every enabled camera that did not fail, at start: each node claims what no live node runs. */
  async resume(): Promise<void> {
    for (const app of this.o.registry.list({ all: true })) {
      const rows = await unlessUnavailableAsync([], () => this.store(app.name).pulled());
      for (const row of rows) if (resumable(row)) await this.begin(app.name, row);
    }
  }

  /** At shutdown: every camera here stops (its stream ends); their rows are written before this settles. */
  async drain(): Promise<void> {
    this.closing = true;
    for (const running of this.running.values()) running.actor.send({ type: "stop" });
    await this.writes.idle();
  }

  /** The app is being deleted: its cameras stop here. */
  async forgetApp(app: string): Promise<void> {
    for (const running of this.running.values()) if (running.app === app) running.actor.send({ type: "stop" });
    await this.writes.idle();
  }

  watch(watcher: CameraWatcher): void {
    this.feeds.watch(watcher);
  }

  /** Whether the room has a camera the service pulls (on any node, live or not). */
  async inRoom(app: string, room: string): Promise<boolean> {
    return (await unlessUnavailableAsync(undefined, () => this.store(app).pulledIn(room))) !== undefined;
  }

  /** Whether the room's camera is pulled on this node now (live or reconnecting). */
  pulledHere(app: string, room: string): boolean {
    return this.running.has(cameraActorId(app, room));
  }

  /** Takes a room's copied video while subscribed and the camera is pulled here (read from its ring only meanwhile); answers how to stop. */
  subscribe(app: string, room: string, feed: CameraFeed, o?: FeedOptions): () => void {
    return this.feeds.subscribe(cameraActorId(app, room), feed, o);
  }

  /** Hears when the room's connection here starts and ends; answers how to stop. */
  connection(app: string, room: string, listener: ConnectionListener): () => void {
    return this.feeds.connection(cameraActorId(app, room), listener);
  }

  /** The files of the room's connection while its camera is live here: what a recording copies. */
  ring(app: string, room: string): SegmentRing | undefined {
    const running = this.running.get(cameraActorId(app, room));
    return running?.streaming ? running.ring : undefined;
  }

  /** The room's newest keyframe with its init section (a file a decoder reads one picture from), while its camera is live here. */
  async keyframe(app: string, room: string): Promise<Buffer | undefined> {
    return this.ring(app, room)?.keyframe();
  }

  /** The media of the room's camera while it is live on this node. */
  liveMedia(app: string, room: string): PulledMedia | undefined {
    const running = this.running.get(cameraActorId(app, room));
    return running?.streaming ? running.media : undefined;
  }

  owns(stream: StreamView): boolean {
    return stream.streamId.startsWith(PULLED_PREFIX);
  }

  isLive(app: string, stream: StreamView): boolean {
    const running = this.running.get(cameraActorId(app, stream.room));
    return running?.id === stream.streamId && running.streaming;
  }

  /** The streams API stopped the stream (SPEC 4.13 removes the ingress's publisher): the pull stops, and stays stopped until enabled. */
  stop(app: string, stream: StreamView): void {
    const store = this.store(app);
    void store
      .get(stream.streamId)
      .then(async (row) => {
        if (!row) return;
        await store.setDisabled(row.ingress_id, row.disabled_at ?? new Date().toISOString());
        await this.stopCamera(app, row);
      })
      .catch((err: unknown) => this.log.error({ err, app, streamId: stream.streamId }, "could not stop a pulled camera's stream"));
  }

  private spawn(app: string, row: IngressRow): void {
    const key = cameraActorId(app, row.room);
    const type = STREAM_TYPE_BY_SCHEME[new URL(row.source_masked ?? "rtsp://x").protocol] ?? "rtsp";
    const running: Running = { app, room: row.room, id: row.ingress_id, type, actor: undefined as never, puller: undefined, ring: undefined, attempt: 0, media: parseMedia(row.pull_media), streaming: false };
    const actor = this.o.supervisor.spawn(
      key,
      pulledCamera.provide({
        actions: {
          launch: () => void this.launch(running, row),
          halt: () => this.halt(running),
          entered: (_, p) => this.entered(running, p.state, p.failure, p.error),
        },
      }),
      { app, room: row.room },
      { cleanup: async () => this.halt(running) },
    );
    (running as { actor: typeof actor }).actor = actor;
    this.running.set(key, running);
    this.feeds.pulled(app, row.room);
    actor.subscribe({
      complete: () => {
        if (this.running.get(key) !== running) return;
        this.running.delete(key);
        this.feeds.gone(app, running.room);
      },
    });
  }

  /** One connection attempt: the SSRF check on the address it connects to now, a stream slot, then ffmpeg. */
  private async launch(running: Running, row: IngressRow): Promise<void> {
    const attempt = ++running.attempt;
    const current = () => running.attempt === attempt && this.running.get(cameraActorId(running.app, running.room)) === running;
    const app = this.o.apps.findByName(running.app);
    const url = app && row.source_sealed ? this.o.box.open("app-secrets", sourceBinding(app.name, row.ingress_id), row.source_sealed) : undefined;
    if (!app || !url) {
      running.actor.send({ type: "stop" });
      return;
    }
    const source = new URL(url);
    const verdict = await checkHost(source.hostname, this.o.ssrf);
    if (!current()) return;
    if ("refused" in verdict) {
      // A name that does not resolve may come back; an address the rules forbid will not.
      if (verdict.unresolved) running.actor.send({ type: "dropped", error: verdict.refused });
      else running.actor.send({ type: "refused", reason: "forbidden", error: withAllowHint(verdict.refused) });
      return;
    }
    const full = await this.o.quota.reserve(app, running.id, RESERVE_SECONDS);
    if (!current()) return;
    if (full) {
      running.actor.send({ type: "dropped", error: full.message });
      return;
    }
    // An HLS source's segments and redirects may name any host: each is checked in the proxy. An
    // RTSP camera's redirect would be followed by ffmpeg: it connects through a relay that refuses
    // one, unless the operator trusts the camera's network (then ffmpeg gets the checked address).
    const scheme = source.protocol;
    const guarded = (scheme === "rtsp:" || scheme === "rtsps:") && !inCidrs(verdict.address, this.o.rtspDirect);
    let httpProxy: string | undefined;
    let guard: RtspGuard | undefined;
    let ring: SegmentRing | undefined;
    try {
      httpProxy = scheme === "http:" || scheme === "https:" ? await this.o.proxy.url() : undefined;
      guard = guarded ? await RtspGuard.open(url, verdict.address) : undefined;
      this.rings ??= ringRoot();
      ring = await SegmentRing.open(this.rings, running.id);
    } catch (err) {
      guard?.close();
      // Out of descriptors or memory, say: this attempt fails and is retried like a drop.
      if (current()) running.actor.send({ type: "dropped", error: `the pull could not be set up: ${(err as Error).message}` });
      return;
    }
    if (!current()) {
      guard?.close();
      ring.close();
      return;
    }
    running.ring = ring;
    const files = ring;
    running.puller = new Puller({
      url: guard?.url ?? pinnedUrl(url, verdict.address),
      transport: row.transport ?? "tcp",
      ...(httpProxy === undefined ? {} : { httpProxy }),
      ...(guard === undefined ? {} : { guard }),
      output: files.output(),
      onOutput: (chunk) => files.list(chunk),
      progress: () => files.progress(),
      // Live once ffmpeg said what the source carries and its first file has begun: whoever hears
      // `stream_started` (a plugin) finds the room's video flowing, not about to. A first file
      // that does not come, or does not read as fMP4, is a drop.
      onLive: (media) => {
        running.media = media;
        void files
          .firstInit(CONNECT_INIT_MS)
          .then((init) => {
            if (!init || !current()) return;
            if ("error" in init) {
              this.halt(running);
              running.actor.send({ type: "dropped", error: init.error });
              return;
            }
            this.feeds.connected(cameraActorId(running.app, running.room), files, init);
            running.actor.send({ type: "live" });
          })
          .catch((err: unknown) => this.log.error({ err, app: running.app, room: running.room }, "could not start a pulled camera's subscribers"));
      },
      onEnded: (end) => {
        if (!current()) return;
        running.actor.send(end.kind === "refused" ? { type: "refused", reason: end.reason, error: end.error } : { type: "dropped", error: end.error });
      },
    });
  }

  /**
   * Ends the connection now: whoever took its video hears it ended, ffmpeg stops, and then its
   * ring closes (a recording copies the files ffmpeg finished writing, then lets them go).
   */
  private halt(running: Running): void {
    running.attempt++;
    const puller = running.puller;
    const ring = running.ring;
    running.puller = undefined;
    running.ring = undefined;
    this.feeds.disconnected(cameraActorId(running.app, running.room));
    if (puller) void puller.stop().then(() => ring?.close());
    else ring?.close();
  }

  /** A ring's file that does not read as fMP4 is a pull that is not working: a drop, retried. */
  private unreadable(key: string, message: string): void {
    const running = this.running.get(key);
    if (!running) return;
    this.halt(running);
    running.actor.send({ type: "dropped", error: `the pull's output could not be read: ${message}` });
  }

  /** A state change: the row says it, and the stream and its events start when live and end when it leaves. */
  private entered(running: Running, state: PulledCameraState, failure: PulledCameraFailure | null, error: string | null): void {
    const key = cameraActorId(running.app, running.room);
    const wasStreaming = running.streaming;
    running.streaming = state === "live";
    const masked = error === null ? null : maskCredentials(error).slice(0, 500);
    if (state === "failed") this.log.warn({ app: running.app, room: running.room, ingressId: running.id, failure, error: masked }, "pulled camera failed");
    void this.writes
      .run(key, async () => {
        const app = this.o.apps.findByName(running.app);
        if (!app) return;
        const media = running.media ? JSON.stringify(running.media) : null;
        await unlessUnavailableAsync(undefined, () =>
          this.store(app.name).setPullState(running.id, { pull_state: state, pull_failure: failure, pull_error: masked, pull_media: media, pull_node: this.o.node }),
        );
        const stream = { streamId: running.id, type: running.type, room: running.room, participant: null, at: Math.floor(Date.now() / 1000) };
        const facts = { room: running.room, ingressId: running.id, type: running.type };
        if (state === "live" && !wasStreaming) {
          this.o.events.emit(app.name, "ingress_started", running.room, facts);
          await unlessUnavailableAsync(undefined, () => this.o.tracker.startStream(app, stream));
        } else if (wasStreaming && state !== "live") {
          this.o.events.emit(app.name, "ingress_ended", running.room, { ...facts, reason: state === "reconnecting" ? "dropped" : state, ...(masked === null ? {} : { error: masked }) });
          await unlessUnavailableAsync(undefined, () => this.o.tracker.endStream(app, stream));
        } else if (state === "failed") {
          // Never live: no stream to end, but whoever waits for the camera hears why it will not come.
          this.o.events.emit(app.name, "ingress_ended", running.room, { ...facts, reason: "failed", failure, ...(masked === null ? {} : { error: masked }) });
        }
      })
      .catch((err: unknown) => this.log.error({ err, app: running.app, room: running.room }, `could not record the pulled camera's ${state}`));
  }

  private async rowOfKey(key: string): Promise<{ app: string; row: IngressRow } | undefined> {
    const [, app = "", room = ""] = key.split(":");
    if (!this.o.apps.findByName(app)) return undefined;
    const row = await unlessUnavailableAsync(undefined, () => this.store(app).pulledIn(room));
    return row && { app, row };
  }

  private store(app: string): IngressStore {
    return ingressStore(this.o.databases.appSql(app));
  }
}

