import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { AppUnavailableError, appUnavailableProblem, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { InTurn } from "../lib/in-turn.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { HttpResponse } from "../http/uws.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import type { LocalStreams } from "../streams/local.ts";
import type { StreamView } from "../streams/view.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import { CameraLink, type CameraLimits, type CameraSocket, type CloseReason } from "./camera.ts";
import { newCounters, type MjpegCounters } from "./counters.ts";
import { cameraKeys, type CameraKey, type CameraKeyStore } from "./keys.ts";
import { Relay, type FrameTap, type RelayClock } from "./relay.ts";
import type { Viewer } from "./viewer.ts";

const TICK_MS = 100;
const TICKS_PER_SECOND = 1000 / TICK_MS;
/** A live camera that sent nothing for this long gets its last frame repeated, so a static scene still paints. */
const REPEAT_AFTER_MS = 1000;
/**
 * A viewer whose socket takes nothing for this long while a part waits is closed. uWS also closes
 * a response whose write failed 10 s ago, but its timers tick every 4 s, so that fires after 8 to
 * 12 s. Ours fires 6 to 7 s in (the check runs once a second), always first, so every eviction is
 * ours and counted.
 */
export const VIEWER_STALL_MS = 6000;
/** Viewers wait this long for a camera that dropped to come back before their streams end. */
export const CAMERA_GRACE_MS = 15_000;

/** What a camera key's row in `GET /ws-ingest` adds about its live connection. */
export interface CameraLive {
  readonly connected: boolean;
  readonly connectedAt: string | null;
  readonly fps: number;
  readonly lastFrameAt: string | null;
  readonly viewers: number;
  readonly framesIn: number;
  readonly bytesIn: number;
  readonly framesDropped: number;
}

const OFFLINE: CameraLive = { connected: false, connectedAt: null, fps: 0, lastFrameAt: null, viewers: 0, framesIn: 0, bytesIn: 0, framesDropped: 0 };

export interface MjpegHubDeps {
  readonly apps: AppService;
  readonly databases: Databases;
  readonly tracker: StreamTracker;
  readonly quota: StreamQuota;
  readonly logger: Logger;
}

/** The stream id of SPEC 2.8 for a camera: `<room>/<identity>`. */
export const cameraStreamId = (room: string, identity: string): string => `${room}/${identity}`;

/**
 * Every MJPEG relay of the process. Frames arrive in WebSocket callbacks and are fanned out from
 * one `setImmediate` per loop turn, so each viewer write happens outside the camera's callback
 * (where uWS has the camera's socket corked) and a burst of frames costs one fan-out of the newest.
 * One 100 ms ticker, running while any relay exists, keeps a coarse clock, refills rate limits,
 * repeats frames for static scenes, evicts stalled viewers and retires rooms whose camera is gone.
 */
export class MjpegHub implements RelayClock, LocalStreams {
  now = Date.now();
  private readonly relays = new Map<string, Relay>();
  private readonly counters = new Map<string, MjpegCounters>();
  private queue: Relay[] = [];
  private immediate: NodeJS.Immediate | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private started = false;
  private ticks = 0;
  private readonly log: Logger;
  private readonly tracking = new InTurn<string>();

  constructor(private readonly d: MjpegHubDeps) {
    this.log = d.logger.child({ component: "mjpeg" });
  }

  /** Lets relays run their ticker; it runs only while there are relays, so an idle hub never wakes the process. */
  start(): void {
    this.started = true;
    if (this.relays.size > 0) this.startTicking();
  }

  /** Ends every camera's stream, then closes cameras (1001) and viewers. */
  shutdown(): void {
    this.started = false;
    this.stopTicking();
    for (const relay of [...this.relays.values()]) {
      const camera = relay.camera;
      if (camera) {
        this.endStream(relay, camera);
        camera.settled = true;
        camera.close("shutdown");
      }
      relay.closeViewers();
    }
    this.relays.clear();
  }

  /** Settles once the stream rows of cameras that came and went (`shutdown` ends them all) are written. */
  tracked(): Promise<void> {
    return this.tracking.idle();
  }

  keys(app: AppRow): CameraKeyStore {
    return cameraKeys(this.d.databases.appSql(app.name));
  }

  schedule(relay: Relay): void {
    this.queue.push(relay);
    this.immediate ??= setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.immediate = undefined;
    const queue = this.queue;
    this.queue = [];
    for (const relay of queue) {
      // One room's failure must not leave the rooms after it scheduled and frozen.
      try {
        relay.fanOut();
      } catch (err) {
        this.log.error({ err, app: relay.app, room: relay.room }, "fan-out failed");
      }
    }
  };

  /**
   * Adds a recording to the room while its camera is live; answers how to take it off again, or
   * undefined when no camera is live there.
   */
  tap(app: string, room: string, tap: FrameTap): (() => void) | undefined {
    const relay = this.relay(app, room);
    if (!relay?.camera) return undefined;
    relay.taps.add(tap);
    // A recording starts with the picture the room shows now, not with the camera's next frame.
    if (relay.latest) tap.frame(relay.latest);
    return () => relay.taps.delete(tap);
  }

  /**
   * A processed frame of a live camera room (a plugin's rendition, served as `?variant=`); answers
   * false when no camera is live there any more.
   */
  publishRendition(app: string, room: string, variant: string, jpeg: Uint8Array, at: number): boolean {
    const relay = this.relay(app, room);
    if (!relay?.camera) return false;
    relay.rendition(variant).publish(jpeg, at);
    return true;
  }

  /** The rendition's maker stopped (its plugin was disabled): its viewers' streams end. */
  endRendition(app: string, room: string, variant: string): void {
    this.relay(app, room)?.endRendition(variant);
  }

  /** The room's relay while a camera is live (or viewers wait for it to return). */
  relay(app: string, room: string): Relay | undefined {
    return this.relays.get(`${app}/${room}`);
  }

  countersOf(app: string): MjpegCounters {
    let counters = this.counters.get(app);
    if (!counters) {
      counters = newCounters();
      this.counters.set(app, counters);
    }
    return counters;
  }

  /** Per-app totals and the live relays, for metrics. */
  snapshot(): { counters: ReadonlyMap<string, MjpegCounters>; relays: Iterable<Relay> } {
    return { counters: this.counters, relays: this.relays.values() };
  }

  /**
   * The checks before a camera's WebSocket upgrade: a live key of this app for this room, no
   * other key's camera live in the room, and a free stream slot in the tenant's quota.
   */
  async admit(app: AppRow, room: string, secret: string | undefined): Promise<CameraKey | Problem> {
    const down = this.d.databases.availability(app.name) ?? this.configDamage(app);
    if (down) return down;
    // Read at every connect, never remembered: a key revoked, reset or disabled is refused at the next one.
    const key = secret === undefined ? undefined : await this.keys(app).verify(secret);
    if (!key || key.room !== room) {
      return problem("unauthorized", "send a camera key minted for this app and room, as Authorization: Bearer wsk_... or ?key=");
    }
    // The device proved it holds the key, so it may learn why it is refused.
    if (key.disabledAt !== null) {
      return problem("forbidden", `camera key ${key.id} is disabled; enable it with POST /api/v1/apps/${app.name}/ws-ingest/${key.id}/enable`, {
        details: { key: key.id, disabledAt: key.disabledAt },
      });
    }
    const current = this.relay(app.name, room)?.camera;
    if (current && current.key.id !== key.id) return problem("conflict", `another camera is live in room ${room}; one camera publishes per room`);
    return (await this.d.quota.reserve(app, key.identity, 120)) ?? key;
  }

  /** The 503 for an app whose config.yaml is damaged: a camera must not get a socket its limits cannot be read for. */
  private configDamage(app: AppRow): Problem | undefined {
    try {
      this.d.apps.config(app);
      return undefined;
    } catch (err) {
      if (err instanceof AppUnavailableError) return appUnavailableProblem(err);
      throw err;
    }
  }

  /** A camera's socket opened: it becomes the room's publisher, taking over from its own older connection. */
  connect(app: AppRow, key: CameraKey, socket: CameraSocket): { link: CameraLink; relay: Relay } | undefined {
    const relay = this.relayFor(app.name, key.room);
    const link = new CameraLink(key, socket, this.limits(app), Date.now());
    const current = relay.camera;
    if (current && current.key.id !== key.id) {
      // Two keys raced past `admit`; the first one holds the room.
      link.settled = true;
      link.close("busy");
      return undefined;
    }
    relay.camera = link;
    relay.cameraLeftAt = undefined;
    if (current) {
      current.settled = true;
      current.close("replaced");
    }
    this.track(app, "start", link);
    this.log.info({ app: app.name, room: key.room, key: key.id }, "camera connected");
    return { link, relay };
  }

  /** One WebSocket message from a camera: checked, copied once, and queued for fan-out. */
  frame(relay: Relay, link: CameraLink, message: ArrayBuffer, isBinary: boolean): void {
    const frame = new Uint8Array(message);
    const verdict = link.check(frame, isBinary);
    if (!verdict.ok) {
      relay.counters.dropped[verdict.drop]++;
      if (verdict.close) this.disconnect(relay, link, verdict.close);
      return;
    }
    // Precise time (not the ticker's) for Last-Modified and the key list; a frame is rare enough.
    const at = Date.now();
    link.accepted(frame.byteLength, at);
    relay.counters.framesIn++;
    relay.counters.bytesIn += frame.byteLength;
    relay.publish(frame, at);
  }

  /** The camera's socket closed (for whatever reason). */
  closed(relay: Relay, link: CameraLink): void {
    // Already handled when we closed it ourselves, or when a newer connection took over.
    if (link.settled && relay.camera !== link) return;
    if (relay.camera === link) {
      relay.camera = undefined;
      relay.cameraLeftAt = this.now;
      for (const tap of [...relay.taps]) tap.cameraLeft();
      if (relay.viewerCount === 0) this.retire(relay);
    }
    if (!link.settled) {
      link.settled = true;
      this.endStream(relay, link);
    }
    this.log.info({ app: relay.app, room: relay.room, key: link.key.id }, "camera disconnected");
  }

  /**
   * Closes the live connection of a key that was revoked, reset or disabled, at once, with that
   * reason's close code; answers whether there was one.
   */
  revoked(app: string, key: CameraKey, reason: "revoked" | "reset" | "disabled" = "revoked"): boolean {
    const relay = this.relay(app, key.room);
    const camera = relay?.camera;
    if (!relay || camera?.key.id !== key.id) return false;
    this.disconnect(relay, camera, reason);
    return true;
  }

  owns(stream: StreamView): boolean {
    return stream.type === "ws-mjpeg";
  }

  /** Whether a camera stream is live here (the reconciler asks about rows left by a previous process). */
  isLive(app: string, stream: StreamView): boolean {
    const camera = this.relay(app, stream.room)?.camera;
    return camera !== undefined && cameraStreamId(stream.room, camera.key.identity) === stream.streamId;
  }

  /** The streams API stopped a camera's stream. */
  stop(app: string, stream: StreamView): void {
    const relay = this.relay(app, stream.room);
    const camera = relay?.camera;
    if (relay && camera && this.isLive(app, stream)) this.disconnect(relay, camera, "stopped");
  }

  /** Closes everything of a deleted app. */
  closeApp(app: string): void {
    for (const relay of [...this.relays.values()]) {
      if (relay.app !== app) continue;
      if (relay.camera) this.disconnect(relay, relay.camera, "stopped");
      this.retire(relay);
    }
    this.counters.delete(app);
  }

  liveOf(app: string, key: CameraKey): CameraLive {
    const relay = this.relay(app, key.room);
    const camera = relay?.camera;
    if (!relay || !camera || camera.key.id !== key.id) return OFFLINE;
    return {
      connected: true,
      connectedAt: new Date(camera.connectedAt).toISOString(),
      fps: camera.fps,
      lastFrameAt: camera.lastFrameAt === undefined ? null : new Date(camera.lastFrameAt).toISOString(),
      viewers: relay.viewerCount,
      framesIn: camera.framesIn,
      bytesIn: camera.bytesIn,
      framesDropped: camera.dropped,
    };
  }

  /**
   * Adds a viewer to a live room (`relay` is the room's, or one of its renditions); `onGone` is how
   * the HTTP layer reports the client leaving.
   */
  watch(relay: Relay, res: HttpResponse, headers: Readonly<Record<string, string>>, onGone: (listener: () => void) => void): void {
    const room = this.relay(relay.app, relay.room);
    if (room !== relay && (room === undefined || ![...room.renditions.values()].includes(relay))) {
      res.close();
      return;
    }
    let viewer: Viewer | undefined;
    onGone(() => {
      if (viewer) relay.detach(viewer);
    });
    viewer = relay.attach(res, headers);
  }

  /** New limits from a config change apply to live cameras at once. */
  reconfigure(app: AppRow): void {
    const limits = this.limits(app);
    for (const relay of this.relays.values()) {
      if (relay.app === app.name && relay.camera) relay.camera.limits = limits;
    }
  }

  private limits(app: AppRow): CameraLimits {
    const block = this.d.apps.config(app).ws_ingest;
    return { maxFrameBytes: block.max_frame_bytes, maxFps: block.max_fps, repaintMs: block.repaint_ms };
  }

  private disconnect(relay: Relay, link: CameraLink, reason: CloseReason): void {
    this.closed(relay, link);
    link.close(reason);
  }

  private endStream(relay: Relay, link: CameraLink): void {
    const app = this.d.apps.findByName(relay.app);
    if (app) this.track(app, "end", link);
  }

  /**
   * The camera's stream row, written from socket callbacks, which must not throw nor wait: a
   * camera that lands while its app is closed for maintenance streams on without its row, and a
   * failed write is logged. A camera's end must not overtake its start (an end seen first
   * would leave the start to revive it), so one app's writes run in the order they were asked for.
   */
  private track(app: AppRow, what: "start" | "end", link: CameraLink): void {
    const stream = this.streamOf(link);
    const write = () => (what === "start" ? this.d.tracker.startStream(app, stream) : this.d.tracker.endStream(app, stream));
    this.tracking.run(app.name, () => unlessUnavailableAsync(undefined, write)).catch((err: unknown) => this.log.error({ err, app: app.name, room: stream.room }, `could not record the camera stream's ${what}`));
  }

  private streamOf(link: CameraLink) {
    const { room, identity } = link.key;
    return { streamId: cameraStreamId(room, identity), type: "ws-mjpeg", room, participant: identity, at: Math.floor(this.now / 1000) } as const;
  }

  private relayFor(app: string, room: string): Relay {
    const id = `${app}/${room}`;
    let relay = this.relays.get(id);
    if (!relay) {
      relay = new Relay(app, room, this, this.countersOf(app));
      this.relays.set(id, relay);
      this.startTicking();
    }
    return relay;
  }

  private retire(relay: Relay): void {
    relay.closeViewers();
    this.relays.delete(`${relay.app}/${relay.room}`);
    if (this.relays.size === 0) this.stopTicking();
  }

  private startTicking(): void {
    if (!this.started || this.ticker) return;
    // The clock stood still while there was nothing to tick for.
    this.now = Date.now();
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  private stopTicking(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** Sends the newest frame again when the room went quiet (see REPEAT_AFTER_MS and `ws_ingest.repaint_ms`). */
  private repaint(relay: Relay, repaintMs: number): void {
    const quiet = this.now - relay.lastFanOutAt;
    if (relay.latest && !relay.scheduled && (quiet >= REPEAT_AFTER_MS || (repaintMs > 0 && !relay.repainted && quiet >= repaintMs))) {
      relay.repainted = true;
      relay.fanOut();
    }
  }

  private tick(): void {
    this.now = Date.now();
    const wholeSecond = ++this.ticks % TICKS_PER_SECOND === 0;
    // A Map may lose entries while iterated (retire deletes the relay at hand): no copy needed.
    for (const relay of this.relays.values()) {
      const camera = relay.camera;
      if (camera) {
        camera.refill(1 / TICKS_PER_SECOND);
        if (wholeSecond && camera.endSecond()) this.disconnect(relay, camera, "rate");
        this.repaint(relay, camera.limits.repaintMs);
        for (const rendition of relay.renditions.values()) this.repaint(rendition, camera.limits.repaintMs);
      } else if (relay.viewerCount === 0 || this.now - (relay.cameraLeftAt ?? 0) > CAMERA_GRACE_MS) {
        this.retire(relay);
        continue;
      }
      if (wholeSecond) relay.counters.viewersEvicted += relay.evictStalled(this.now - VIEWER_STALL_MS);
    }
  }
}
