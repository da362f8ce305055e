import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { AppUnavailableError, appUnavailableProblem } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { HttpResponse } from "../http/uws.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import type { LocalStreams } from "../streams/local.ts";
import type { StreamView } from "../streams/view.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import { CLOSE, CameraLink, type CameraLimits, type CameraSocket, type CloseReason } from "./camera.ts";
import { newCounters, type MjpegCounters } from "./counters.ts";
import { cameraKeys, type CameraKey, type CameraKeyStore } from "./keys.ts";
import type { FrameSource, FrameTap, Relay } from "./relay.ts";
import { Relays } from "./relays.ts";
import { CameraStreamRows, cameraStreamId } from "./stream-rows.ts";
import type { Viewer } from "./viewer.ts";

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

/**
 * How often a node reads again the keys of the cameras connected to it: a key revoked, reset or
 * disabled on another node closes its camera within this even when that node's relay missed it.
 */
export const KEY_SWEEP_MS = 5000;

const OFFLINE: CameraLive = { connected: false, connectedAt: null, fps: 0, lastFrameAt: null, viewers: 0, framesIn: 0, bytesIn: 0, framesDropped: 0 };

export interface MjpegHubDeps {
  readonly apps: AppService;
  readonly databases: Databases;
  readonly tracker: StreamTracker;
  readonly quota: StreamQuota;
  readonly logger: Logger;
}

/**
 * Every MJPEG camera and viewer of the process, room by room: admits and connects cameras, takes
 * their frames into the room's relay (`relays.ts` runs the fan-out and the ticker), adds viewers
 * and recordings, and answers the streams API for `ws-mjpeg` streams (their rows: `stream-rows.ts`).
 */
export class MjpegHub implements LocalStreams {
  private readonly relays: Relays;
  private readonly counters = new Map<string, MjpegCounters>();
  /** The key sweep's timer, while cameras are connected here. */
  private sweeping: NodeJS.Timeout | undefined;
  private readonly log: Logger;
  private readonly rows: CameraStreamRows;

  constructor(private readonly d: MjpegHubDeps) {
    this.log = d.logger.child({ component: "mjpeg" });
    this.relays = new Relays(this.log, (relay, camera) => this.disconnect(relay, camera, "rate"));
    this.rows = new CameraStreamRows({ apps: d.apps, tracker: d.tracker, log: this.log, now: () => this.relays.now });
  }

  /** Lets relays run their ticker; it runs only while there are relays, so an idle hub never wakes the process. */
  start(): void {
    this.relays.start();
  }

  /** Ends every camera's stream, then closes cameras (1001) and viewers. */
  shutdown(): void {
    clearInterval(this.sweeping);
    this.sweeping = undefined;
    for (const relay of this.relays.stop()) {
      const camera = relay.camera;
      if (camera) {
        this.rows.ended(relay.app, camera);
        camera.settled = true;
        camera.close("shutdown");
      }
      relay.closeViewers();
    }
  }

  /** Settles once the stream rows of cameras that came and went (`shutdown` ends them all) are written. */
  tracked(): Promise<void> {
    return this.rows.idle();
  }

  keys(app: AppRow): CameraKeyStore {
    return cameraKeys(this.d.databases.appSql(app.name));
  }

  /**
   * Adds a recording to the room while its camera is live; answers how to take it off again, or
   * undefined when no camera is live there.
   */
  tap(app: string, room: string, tap: FrameTap): (() => void) | undefined {
    const relay = this.relay(app, room);
    if (!relay?.live) return undefined;
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
    if (!relay?.live) return false;
    relay.rendition(variant).publish(jpeg, at);
    return true;
  }

  /** The rendition's maker stopped (its plugin was disabled): its viewers' streams end. */
  endRendition(app: string, room: string, variant: string): void {
    this.relay(app, room)?.endRendition(variant);
  }

  /** The room's relay while a camera is live (or viewers wait for it to return). */
  relay(app: string, room: string): Relay | undefined {
    return this.relays.get(app, room);
  }

  /** A pulled camera publishes in the room (its connection is up); its frames come through `publishSource`. */
  attachSource(app: string, room: string, source: FrameSource): void {
    const relay = this.relays.ensure(app, room, this.countersOf(app));
    relay.source = source;
    relay.cameraLeftAt = undefined;
  }

  /** The pulled camera's connection ended: its taps hear it left, and its viewers wait for it as for a WebSocket camera. */
  detachSource(app: string, room: string, source: FrameSource): void {
    const relay = this.relay(app, room);
    if (relay?.source !== source) return;
    relay.source = undefined;
    relay.cameraLeftAt = this.relays.now;
    for (const tap of [...relay.taps]) tap.cameraLeft();
    if (relay.viewerCount === 0) this.relays.retire(relay);
  }

  /** A decoded frame of the room's pulled camera; false once that source no longer publishes there. */
  publishSource(app: string, room: string, source: FrameSource, jpeg: Uint8Array, at: number): boolean {
    const relay = this.relay(app, room);
    if (relay?.source !== source) return false;
    relay.counters.framesIn++;
    relay.counters.bytesIn += jpeg.byteLength;
    relay.publish(jpeg, at);
    return true;
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
    const relay = this.relays.ensure(app.name, key.room, this.countersOf(app.name));
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
    // Another node closes a camera whose key it revokes by asking the node its stream row names:
    // a key revoked, reset or disabled there before this row was written is looked at once more,
    // and the sweep bounds whatever a relay still misses.
    void this.rows.started(app, link).then(() => this.recheck(app, [{ relay, link }]));
    // Alone on its data (SQLite), every key change goes through this hub's `revoked`: nothing to sweep for.
    if (this.d.databases.dialect === "postgres") this.sweeping ??= setInterval(() => void this.sweepKeys(), KEY_SWEEP_MS).unref();
    this.log.info({ app: app.name, room: key.room, key: key.id }, "camera connected");
    return { link, relay };
  }

  /** Every KEY_SWEEP_MS while cameras are connected here: their keys read again, app by app. */
  private async sweepKeys(): Promise<void> {
    const byApp = new Map<string, Array<{ relay: Relay; link: CameraLink }>>();
    for (const relay of this.relays.values()) {
      if (!relay.camera) continue;
      const cameras = byApp.get(relay.app) ?? [];
      cameras.push({ relay, link: relay.camera });
      byApp.set(relay.app, cameras);
    }
    if (byApp.size === 0) {
      clearInterval(this.sweeping);
      this.sweeping = undefined;
      return;
    }
    for (const [name, cameras] of byApp) {
      const app = this.d.apps.findByName(name);
      if (app) await this.recheck(app, cameras);
    }
  }

  /** Closes each camera whose key no longer works as it did at `admit` (a read that fails leaves them). */
  private async recheck(app: AppRow, cameras: ReadonlyArray<{ relay: Relay; link: CameraLink }>): Promise<void> {
    const keys = await this.keys(app)
      .list()
      .catch(() => undefined);
    if (!keys) return;
    const byId = new Map(keys.map((k) => [k.id, k]));
    for (const { relay, link } of cameras) {
      const now = byId.get(link.key.id);
      const reason = now === undefined ? "revoked" : now.rotatedAt !== link.key.rotatedAt ? "reset" : now.disabledAt !== null ? "disabled" : undefined;
      if (reason && relay.camera === link) this.disconnect(relay, link, reason);
    }
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

  /** The camera's socket closed (for whatever reason); `code` is its close code when the socket reported one (1006: the connection dropped without a close frame). */
  closed(relay: Relay, link: CameraLink, code?: number): void {
    // Already handled when we closed it ourselves, or when a newer connection took over.
    if (link.settled && relay.camera !== link) return;
    if (relay.camera === link) {
      relay.camera = undefined;
      relay.cameraLeftAt = this.relays.now;
      for (const tap of [...relay.taps]) tap.cameraLeft();
      if (relay.viewerCount === 0) this.relays.retire(relay);
    }
    if (!link.settled) {
      link.settled = true;
      this.rows.ended(relay.app, link);
    }
    this.log.info({ app: relay.app, room: relay.room, key: link.key.id, code }, "camera disconnected");
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
      this.relays.retire(relay);
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
    this.closed(relay, link, CLOSE[reason].code);
    link.close(reason);
  }
}
