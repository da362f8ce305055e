import { randomBytes } from "node:crypto";
import { EgressStatus, type WebhookEvent } from "livekit-server-sdk";
import type { Logger } from "pino";
import { restreamDestination, type RestreamEvent } from "../../machines/restream-destination.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { Egresses } from "../egress/service.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { InTurn } from "../lib/in-turn.ts";
import { pollUntil } from "../lib/poll.ts";
import { checkHost, pinnedUrl, ssrfRefusal, withAllowHint, type SsrfAllowlist } from "../lib/ssrf.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { StreamView } from "../streams/view.ts";
import type { Forwarded, Ownership } from "../peers/ownership.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import type { VideoEncoder } from "../vods/encoders.ts";
import { cameraPush, egressPush, type Push } from "./pushers.ts";
import type { EgressQuota } from "./quota.ts";
import { maskUrl, scrubSecrets, targetUrl, type StartRestreamBody } from "./schemas.ts";
import { restreamStore, type DestinationRow, type DestinationState } from "./store.ts";

/** Our own ids for camera-room destinations; LiveKit rooms' are the media server's `EG_`. */
const CAMERA_PUSH_PREFIX = "RS_";

/** A destination as the API shows it: its URL masked, its key never. */
export interface DestinationView {
  readonly id: string;
  readonly streamId: string;
  readonly room: string;
  readonly platform: string;
  readonly name: string;
  readonly layout: string;
  readonly url: string;
  readonly state: DestinationState;
  readonly since: string;
  readonly lastError: string | null;
  readonly attempts: number;
  readonly bitrateKbps: number | null;
  readonly egressId: string;
  readonly createdAt: string;
}

export interface RestreamServiceOptions {
  readonly databases: Databases;
  readonly streams: Pick<StreamsApi, "find">;
  readonly apps: AppStore;
  readonly cameras: CameraRooms;
  readonly egresses: Egresses;
  readonly supervisor: Supervisor;
  /** Which node runs each destination's actor (one per destination, cluster-wide). */
  readonly ownership: Ownership;
  readonly events: EventDispatcher;
  readonly box: SecretBox;
  readonly ssrf: SsrfAllowlist;
  readonly quota: EgressQuota;
  readonly encoder: () => Promise<VideoEncoder>;
  readonly failed: (platform: string) => void;
  readonly logger: Logger;
}

const actorId = (app: string, id: string): string => `restream:${app}:${id}`;
/** How long a stop that reached another node waits for the destination's own node to stop it. */
const FORWARDED_STOP_WAIT_MS = 3000;
const now = (): string => new Date().toISOString();

/**
 * Restream destinations (SPEC 2.15, 4.14): each one an actor (`machines/restream-destination.ts`)
 * that launches its push, retries it with backoff while the source stream is live and stops it
 * when asked or when the stream ends. A camera room is pushed by our own ffmpeg, a media-server
 * room by LiveKit's egress; one destination's failure touches nothing else. The row is the
 * durable record: a restart starts again every destination of a stream that is still live.
 */
export class RestreamService {
  private readonly pushes = new Map<string, Push>();
  private readonly bitrates = new Map<string, number>();
  /** Current egress id -> destination, for the media server's egress events. */
  private readonly byEgress = new Map<string, { app: string; id: string }>();
  private readonly log: Logger;
  /** Set at shutdown: LiveKit's pushes then go on without us (a restart picks them up). */
  private closing = false;
  /** Each destination's states written to its row in the order its actor entered them. */
  private readonly writes = new InTurn<string>();

  constructor(private readonly o: RestreamServiceOptions) {
    this.log = o.logger.child({ component: "restream" });
    o.ownership.register("restream:", {
      adopt: async (key) => {
        const [, app = "", id = ""] = key.split(":");
        const row = await unlessUnavailableAsync(undefined, () => restreamStore(this.o.databases.appSql(app)).get(id));
        return row !== undefined && row.state !== "stopped" && (await this.pickUp(app, row));
      },
      // Another node heard of the destination (a stop, its egress, its stream's end): an actor event.
      deliver: async (key, event) => void this.o.supervisor.get(key)?.send(event as RestreamEvent),
    });
  }

  async start(app: AppRow, streamIdParam: string, body: StartRestreamBody): Promise<DestinationView | Problem> {
    const stream = await this.o.streams.find(app.name, streamIdParam);
    if (!stream) return problem("not_found", `no stream ${streamIdParam} in app ${app.name}`);
    if (stream.status !== "active") return problem("conflict", `stream ${stream.streamId} has ended; restream a live stream`);
    const team = app.teamId;
    if (team === null) return this.launchNew(app, stream, body);
    return this.o.quota.run(team, () => this.launchNew(app, stream, body));
  }

  /** The checked start's second half: the SSRF guard, the first push of a LiveKit room, the row, the actor. */
  private async launchNew(app: AppRow, stream: StreamView, body: StartRestreamBody): Promise<DestinationView | Problem> {
    const url = targetUrl(body);
    const refused = await ssrfRefusal(new URL(url).hostname, this.o.ssrf);
    if (refused) return problem("validation_failed", `body.url: ${withAllowHint(refused)}`, { details: [{ path: "body.url", message: refused, code: "custom" }] });
    const camera = this.o.cameras.live(app.name, stream.room);
    let id: string;
    let first: Push | undefined;
    if (camera) id = `${CAMERA_PUSH_PREFIX}${randomBytes(9).toString("base64url")}`;
    else {
      const push = await egressPush(this.o.egresses, app.name, stream.room, url, body.layout ?? "");
      if (isProblem(push)) return push;
      id = push.egressId;
      first = push;
    }
    const created = now();
    const row = await restreamStore(this.o.databases.appSql(app.name)).insert({
      id,
      stream_id: stream.streamId,
      room: stream.room,
      source: camera ? "camera" : "egress",
      platform: body.platform,
      name: body.name ?? "",
      layout: body.layout ?? "",
      masked_url: maskUrl(url),
      target: this.o.box.seal("app-secrets", `restream:${app.name}:${id}`, url),
      egress_id: id,
      created_at: created,
    });
    if (first) await this.track(app.name, id, first);
    // A new destination's lease is free: its id is new.
    await this.o.ownership.claim(actorId(app.name, id));
    this.spawn(app.name, row);
    this.o.events.emit(app.name, "restream_started", row.room, { destinationId: id, streamId: row.stream_id, room: row.room, platform: row.platform, url: row.masked_url, name: row.name });
    this.log.info({ app: app.name, id, streamId: row.stream_id, platform: row.platform, url: row.masked_url }, "restream started");
    await this.writes.settled(actorId(app.name, id));
    return this.current(app.name, row);
  }

  async list(app: AppRow, streamIdParam: string): Promise<DestinationView[] | Problem> {
    const stream = await this.o.streams.find(app.name, streamIdParam);
    if (!stream) return problem("not_found", `no stream ${streamIdParam} in app ${app.name}`);
    const rows = await restreamStore(this.o.databases.appSql(app.name)).ofStreamLive(stream.streamId);
    return rows.map((r) => this.view(app.name, r));
  }

  /** Stops one destination; stopping a stopped one answers the same stopped record. */
  async stop(app: AppRow, streamIdParam: string, id: string): Promise<DestinationView | Problem> {
    const stream = await this.o.streams.find(app.name, streamIdParam);
    const store = restreamStore(this.o.databases.appSql(app.name));
    const row = await store.get(id);
    if (!stream || !row || row.stream_id !== stream.streamId) return problem("not_found", `stream ${streamIdParam} has no restream destination ${id}`);
    const key = actorId(app.name, id);
    const where = row.state === "stopped" ? "nobody" : await this.tell(app.name, id, { type: "stop" });
    if (where === "nobody" && row.state !== "stopped") await store.moveTo(id, "stopped", now(), { attempts: row.attempts });
    // The actor's `stopped` is written before the answer shows the row, by this node or its own.
    await this.writes.settled(key);
    if (where === "sent") await this.untilStopped(app.name, id);
    return this.current(app.name, row);
  }

  /** The destination as its row says now (`row` when the row is gone with its app). */
  private async current(app: string, row: DestinationRow): Promise<DestinationView> {
    return this.view(app, (await restreamStore(this.o.databases.appSql(app)).get(row.id)) ?? row);
  }

  /**
   * The media server's events: an egress push became active or ended (for a destination whose
   * current egress it is), or a stream's publisher went away (its destinations stop).
   */
  async mediaEvent(event: WebhookEvent, app: string): Promise<void> {
    const info = event.egressInfo;
    if (info && (event.event === "egress_updated" || event.event === "egress_ended")) {
      // Only the app whose server signed the event (see MediaWebhooks) can move its destinations;
      // the webhook may reach any node, so one whose push runs elsewhere is found by its row.
      const owner = this.byEgress.get(info.egressId) ?? (await this.byEgressRow(app, info.egressId));
      if (owner?.app !== app) return;
      if (info.status === EgressStatus.EGRESS_ACTIVE) await this.tell(owner.app, owner.id, { type: "connected" });
      else if (event.event === "egress_ended") {
        const error = info.error || `the egress ended ${EgressStatus[info.status]}`;
        this.scrub(owner.app, owner.id, error)
          .catch(() => "the egress ended (its message could not be checked for the destination's key)")
          .then((scrubbed) => this.tell(owner.app, owner.id, { type: "push_died", error: scrubbed }))
          .catch((err: Error) => this.log.error({ app, id: owner.id, err: err.message }, "could not tell a destination its egress ended"));
      }
      return;
    }
    if (["participant_left", "room_finished", "ingress_ended", "track_unpublished"].includes(event.event)) await this.endWithStreams();
  }

  /** A message about a destination with its URL's secret parts masked. */
  private async scrub(app: string, id: string, text: string): Promise<string> {
    const row = await restreamStore(this.o.databases.appSql(app)).get(id);
    const url = row && this.o.box.open("app-secrets", `restream:${app}:${id}`, row.target);
    return url ? scrubSecrets(text, url) : text;
  }

  /** Destinations whose stream has ended stop (the streams tracker has handled the event already). */
  private async endWithStreams(): Promise<void> {
    for (const app of this.o.apps.list({ all: true })) {
      const rows = await unlessUnavailableAsync([], () => restreamStore(this.o.databases.appSql(app.name)).allLive());
      for (const row of rows) {
        const stream = await this.o.streams.find(app.name, row.stream_id);
        if (stream?.status !== "active") await this.tell(app.name, row.id, { type: "source_ended" });
      }
    }
  }

  /**
   * After a restart: every destination of a stream that is still live starts again (its push
   * died with the last process, or for a LiveKit room still runs and is picked up); the others
   * are stopped as their source ended.
   */
  async resume(apps: readonly string[]): Promise<void> {
    for (const app of apps) {
      const rows = await unlessUnavailableAsync([], () => restreamStore(this.o.databases.appSql(app)).allLive());
      for (const row of rows) {
        // Another live node's destination is its own; one whose node stopped goes to whichever node claims it.
        if (this.o.supervisor.get(actorId(app, row.id)) || !(await this.o.ownership.claim(actorId(app, row.id)))) continue;
        await this.pickUp(app, row);
      }
    }
  }

  /**
   * Runs a destination this node did not start (after a restart, or adopted from a node that
   * stopped): its push again while its stream is live (a LiveKit egress still running is picked
   * up), else it stops as its source ended. True when its actor runs here.
   */
  private async pickUp(app: string, row: DestinationRow): Promise<boolean> {
    const stream = await this.o.streams.find(app, row.stream_id);
    if (stream?.status !== "active") {
      await restreamStore(this.o.databases.appSql(app)).moveTo(row.id, "stopped", now(), { attempts: row.attempts });
      return false;
    }
    if (row.source === "egress") {
      const info = await this.o.egresses.info(app, row.egress_id);
      if (info && !isProblem(info) && info.status <= EgressStatus.EGRESS_ACTIVE) {
        await this.track(app, row.id, { egressId: row.egress_id, halt: () => void this.o.egresses.stop(app, row.egress_id) });
      }
    }
    this.spawn(app, row);
    this.log.info({ app, id: row.id, streamId: row.stream_id }, "restream resumed on this node");
    return true;
  }

  /** An event for a destination's actor, on whichever node runs it; where it went. */
  private async tell(app: string, id: string, event: RestreamEvent): Promise<Forwarded> {
    const key = actorId(app, id);
    const where = await this.o.ownership.forward(key, event);
    if (where === "here") this.o.supervisor.get(key)?.send(event);
    return where;
  }

  /** The app's destination whose current push is egress `egressId`, from its row. */
  private async byEgressRow(app: string, egressId: string): Promise<{ app: string; id: string } | undefined> {
    const rows = await unlessUnavailableAsync([], () => restreamStore(this.o.databases.appSql(app)).allLive());
    const row = rows.find((r) => r.egress_id === egressId);
    return row && { app, id: row.id };
  }

  /** Waits (bounded) until the destination's own node has written it stopped, as a local stop does. */
  private async untilStopped(app: string, id: string): Promise<void> {
    await pollUntil(async () => (await restreamStore(this.o.databases.appSql(app)).get(id))?.state === "stopped", FORWARDED_STOP_WAIT_MS);
  }

  private async track(app: string, id: string, push: Push): Promise<void> {
    this.pushes.set(actorId(app, id), push);
    this.byEgress.set(push.egressId, { app, id });
    if (push.egressId !== id) await restreamStore(this.o.databases.appSql(app)).replaceEgress(id, push.egressId);
  }

  private halt(app: string, id: string): void {
    const key = actorId(app, id);
    const push = this.pushes.get(key);
    this.pushes.delete(key);
    this.bitrates.delete(key);
    if (!push) return;
    this.byEgress.delete(push.egressId);
    if (this.closing && !push.egressId.startsWith(CAMERA_PUSH_PREFIX)) return;
    push.halt();
  }

  /** (Re)starts the destination's push; its outcome comes back to the actor as events. */
  private async launch(app: string, row: DestinationRow): Promise<void> {
    const key = actorId(app, row.id);
    const send = (event: Parameters<NonNullable<ReturnType<Supervisor["get"]>>["send"]>[0]) => this.o.supervisor.get(key)?.send(event);
    if (this.pushes.has(key)) {
      // The first push of a LiveKit room was started by the route (to learn its id) or survived a restart.
      const info = await this.o.egresses.info(app, (this.pushes.get(key) as Push).egressId);
      if (info && !isProblem(info) && info.status === EgressStatus.EGRESS_ACTIVE) send({ type: "connected" });
      return;
    }
    const url = this.o.box.open("app-secrets", `restream:${app}:${row.id}`, row.target);
    if (url === undefined) return void send({ type: "push_died", error: "the destination's sealed URL cannot be opened (was the master key changed?)" });
    const died = (error: string) => send({ type: "push_died", error: scrubSecrets(error, url) });
    // Checked again at every (re)launch: what the name resolves to may have changed since the start.
    const verdict = await checkHost(new URL(url).hostname, this.o.ssrf);
    if ("refused" in verdict) return died(verdict.unresolved ? verdict.refused : withAllowHint(verdict.refused));
    if (row.source === "camera") {
      const push = cameraPush(this.o.cameras, app, row.room, pinnedUrl(url, verdict.address), await this.o.encoder(), row.id, {
        connected: () => send({ type: "connected" }),
        died,
        sourceEnded: () => send({ type: "source_ended" }),
        bitrate: (kbps) => this.bitrates.set(key, kbps),
      });
      if (push && !isProblem(push)) await this.track(app, row.id, push);
      else if (push === undefined) send({ type: "source_ended" });
      else died(push.message);
      return;
    }
    const push = await egressPush(this.o.egresses, app, row.room, url, row.layout);
    if (isProblem(push)) died(push.message);
    else await this.track(app, row.id, push);
  }

  private spawn(app: string, row: DestinationRow): void {
    const key = actorId(app, row.id);
    const logic = restreamDestination.provide({
      actions: {
        launch: () => void this.launch(app, row).catch((err: Error) => this.o.supervisor.get(key)?.send({ type: "push_died", error: err.message })),
        halt: () => this.halt(app, row.id),
        entered: (_, p) => {
          this.writes.run(key, () => this.entered(app, row, p)).catch((err: Error) => this.log.error({ app, id: row.id, state: p.state, err: err.message }, "could not record a restream state"));
        },
      },
    });
    this.o.supervisor.spawn(key, logic, { id: row.id, app, streamId: row.stream_id }, { cleanup: async () => this.halt(app, row.id) });
  }

  /** A state the actor entered: its row, then its event (none once the row says stopped). */
  private async entered(app: string, row: DestinationRow, p: { state: DestinationState; attempts: number; error: string | null; reason: string | null }): Promise<void> {
    const moved = await unlessUnavailableAsync(false, () => restreamStore(this.o.databases.appSql(app)).moveTo(row.id, p.state, now(), { error: p.error ?? undefined, attempts: p.attempts }));
    if (!moved) return;
    const data = { destinationId: row.id, streamId: row.stream_id, room: row.room, platform: row.platform, url: row.masked_url };
    if (p.state === "failed") {
      this.o.failed(row.platform);
      this.log.warn({ app, id: row.id, url: row.masked_url, attempts: p.attempts, error: p.error }, "restream push failed; retrying");
      this.o.events.emit(app, "restream_failed", row.room, { ...data, reason: p.error ?? "unknown", attempts: p.attempts });
    } else if (p.state === "stopped") {
      this.log.info({ app, id: row.id, reason: p.reason }, "restream stopped");
      this.o.events.emit(app, "restream_stopped", row.room, { ...data, reason: p.reason ?? "stopped" });
    }
  }

  private view(app: string, r: DestinationRow): DestinationView {
    return {
      id: r.id,
      streamId: r.stream_id,
      room: r.room,
      platform: r.platform,
      name: r.name,
      layout: r.layout,
      url: r.masked_url,
      state: r.state,
      since: r.since,
      lastError: r.last_error,
      attempts: r.attempts,
      bitrateKbps: r.state === "active" ? (this.bitrates.get(actorId(app, r.id)) ?? null) : null,
      egressId: r.egress_id,
      createdAt: r.created_at,
    };
  }

  /**
   * Shutdown, before the actors stop: our camera pushes end with the process (a restart starts
   * them again), LiveKit's go on; the rows keep their state for the next start.
   */
  shutdown(): void {
    this.closing = true;
  }
}
