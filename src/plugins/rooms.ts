import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { DetectionsMessage, FromWorker, RoomSource } from "../../workers/plugins/protocol.ts";
import type { MediaServers } from "../media/servers.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { Part } from "../mjpeg/part.ts";
import { InTurn } from "../lib/in-turn.ts";
import type { StreamsApi } from "../streams/module.ts";
import { isCameraStream } from "../streams/view.ts";
import type { Ownership } from "../peers/ownership.ts";
import { workerActorId, type PluginWorkers } from "./workers.ts";

/** A worker's join token outlives any reasonable stream; it is minted again at every start. */
const JOIN_TTL_SECONDS = 24 * 3600;
/** How soon a worker's request for a frame is tried again while the room's camera is not (yet) there. */
const FEED_RETRY_MS = 500;

/** What a plugin works on, from its manifest and config. */
export interface RoomScope {
  /** Camera rooms only (deface makes an MJPEG rendition), or LiveKit rooms too. */
  readonly camerasOnly: boolean;
  /** The rooms named in its config; undefined for every room. */
  readonly rooms: ReadonlySet<string> | undefined;
}

export interface PluginRoomsOptions {
  readonly streams: Pick<StreamsApi, "liveIn">;
  readonly cameras: CameraRooms;
  readonly servers: MediaServers;
  readonly workers: PluginWorkers;
  /**
   * One node's worker works on the LiveKit rooms of each app's plugin (its worker actor's lease),
   * so a room is analysed once cluster-wide; camera rooms are each node's own (their frames are there).
   */
  readonly ownership: Ownership;
  readonly scopeOf: (app: string, plugin: string) => RoomScope;
  /** Detections a worker reported (metrics, the latest per room, the timeline), with the camera frame they were made of when it was one. */
  readonly detected: (app: string, plugin: string, message: DetectionsMessage, frame: Uint8Array | undefined) => void;
  readonly logger: Logger;
}

interface Assigned {
  readonly rooms: Map<string, RoomSource>;
  /** Camera rooms whose next frame the worker asked for: the tap waiting for it. */
  readonly taps: Map<string, () => void>;
  /** The last camera frame sent per room, so a repeated frame is not analysed twice. */
  readonly sent: Map<string, number>;
  /** A copy of that frame, for what its detections are shown with (the timeline's thumbnails). */
  readonly frames: Map<string, { readonly at: number; readonly jpeg: Uint8Array }>;
}

const keyOf = (app: string, plugin: string): string => `${app}/${plugin}`;

/**
 * Which live rooms each ready worker works on, and what flows between them: camera frames go to
 * a worker one at a time when it asks (it skips what it cannot keep up with, and nothing is encoded
 * again), a LiveKit room is joined by the worker itself as a hidden participant, and a worker's
 * renditions and detections come back here.
 */
export class PluginRooms {
  private readonly assigned = new Map<string, Assigned>();
  private readonly log: Logger;
  private readonly turns = new InTurn<string>();

  constructor(private readonly o: PluginRoomsOptions) {
    this.log = o.logger.child({ component: "plugins" });
    // The node that held a plugin's LiveKit rooms stopped: this node's worker (if it runs one) joins them.
    o.ownership.register("plugin:", {
      adopt: async (key) => {
        const [, app = "", plugin = ""] = key.split(":");
        if (!this.assigned.has(keyOf(app, plugin))) return false;
        await this.turns.run(app, async () => {
          for (const stream of await this.o.streams.liveIn(app)) if (!isCameraStream(stream)) await this.add(app, plugin, stream.room, false);
        });
        return true;
      },
      deliver: async () => undefined,
      passOn: true,
    });
  }

  /** A worker became ready: every live room in its scope. */
  ready(app: string, plugin: string): void {
    this.assigned.set(keyOf(app, plugin), { rooms: new Map(), taps: new Map(), sent: new Map(), frames: new Map() });
    this.inTurn(app, "could not read the live rooms for a ready worker", async () => {
      for (const stream of await this.o.streams.liveIn(app)) await this.add(app, plugin, stream.room, isCameraStream(stream));
    });
  }

  /** A stream started in a room of the app: each ready worker whose scope has it joins it. */
  streamStarted(app: string, room: string, camera: boolean): void {
    this.inTurn(app, "could not join a room whose stream started", async () => {
      for (const plugin of this.o.workers.readyIn(app)) await this.add(app, plugin, room, camera);
    });
  }

  /** A stream ended: workers leave the room once nothing is live there any more. */
  streamEnded(app: string, room: string): void {
    this.inTurn(app, "could not read the room's live streams after a stream ended", async () => {
      if ((await this.o.streams.liveIn(app, room)).length === 0) this.roomGone(app, room);
    });
  }

  /**
   * Room changes of one app happen in the order their events came: a stream that ends and starts
   * again (a camera reconnecting) must not see the end's read of the live rooms land after the start.
   */
  private inTurn(app: string, failure: string, work: () => Promise<void>): void {
    this.turns.run(app, work).catch((err: unknown) => this.log.warn({ err, app }, failure));
  }

  private roomGone(app: string, room: string): void {
    for (const [key, a] of this.assigned) {
      if (!key.startsWith(`${app}/`) || !a.rooms.has(room)) continue;
      const plugin = key.slice(app.length + 1);
      this.leave(app, plugin, a, room);
      this.o.workers.send(app, plugin, { type: "room_gone", room });
    }
  }

  message(app: string, plugin: string, message: FromWorker): void {
    const a = this.assigned.get(keyOf(app, plugin));
    if (!a) return;
    switch (message.type) {
      case "want":
        if (a.rooms.get(message.room)?.kind === "camera") this.feed(app, plugin, a, message.room);
        return;
      case "rendition":
        if (a.rooms.has(message.room)) this.o.cameras.publishRendition(app, message.room, plugin, message.jpeg, message.at);
        return;
      case "detections":
        if (!a.rooms.has(message.room)) return;
        const frame = a.frames.get(message.room);
        this.o.detected(app, plugin, message, frame?.at === message.at ? frame.jpeg : undefined);
        return;
      default:
        return;
    }
  }

  /** The worker's process ended: its taps come off, and its renditions' viewers are let go. */
  gone(app: string, plugin: string): void {
    const a = this.assigned.get(keyOf(app, plugin));
    if (!a) return;
    for (const room of [...a.rooms.keys()]) this.leave(app, plugin, a, room);
    this.assigned.delete(keyOf(app, plugin));
  }

  /** Rooms a worker works on now. */
  roomsOf(app: string, plugin: string): string[] {
    return [...(this.assigned.get(keyOf(app, plugin))?.rooms.keys() ?? [])].sort();
  }

  private async add(app: string, plugin: string, room: string, camera: boolean): Promise<void> {
    const a = this.assigned.get(keyOf(app, plugin));
    if (!a || a.rooms.has(room)) return;
    const scope = this.o.scopeOf(app, plugin);
    if (scope.rooms && !scope.rooms.has(room)) return;
    if (camera) {
      // Another node's camera: that node's worker has its frames.
      if (!this.o.cameras.live(app, room)) return;
      a.rooms.set(room, { kind: "camera" });
      this.o.workers.send(app, plugin, { type: "room", room, source: { kind: "camera" } });
      return;
    }
    if (scope.camerasOnly || !(await this.o.ownership.claim(workerActorId(app, plugin)))) return;
    const media = this.o.servers.forApp(app);
    if (!media) {
      this.log.warn({ app, plugin, room }, "no media server is configured for the app: the plugin cannot join the room");
      return;
    }
    const token = media.mint({
      identity: `plugin-${plugin}-${randomBytes(4).toString("hex")}`,
      name: plugin,
      ttlSeconds: JOIN_TTL_SECONDS,
      grant: { room, roomJoin: true, hidden: true, canSubscribe: true, canPublish: false, canPublishData: true },
    });
    const source: RoomSource = { kind: "livekit", wsUrl: media.settings.wsUrl, token };
    a.rooms.set(room, source);
    this.o.workers.send(app, plugin, { type: "room", room, source });
  }

  private leave(app: string, plugin: string, a: Assigned, room: string): void {
    a.taps.get(room)?.();
    a.taps.delete(room);
    a.sent.delete(room);
    a.frames.delete(room);
    if (a.rooms.get(room)?.kind === "camera") this.o.cameras.endRendition(app, room, plugin);
    a.rooms.delete(room);
  }

  /** Sends the room's next new frame once it exists: the newest one now, or the next to arrive. */
  private feed(app: string, plugin: string, a: Assigned, room: string): void {
    if (a.taps.has(room)) return;
    let done = false;
    const take = (part: Part): boolean => {
      if (done || a.sent.get(room) === part.seq) return false;
      done = true;
      a.sent.set(room, part.seq);
      a.frames.set(room, { at: part.at, jpeg: Buffer.from(part.jpeg) });
      // IPC serializes the bytes before send returns: the part may go back to its pool afterwards.
      this.o.workers.send(app, plugin, { type: "frame", room, jpeg: part.jpeg, at: part.at });
      return true;
    };
    const untap = this.o.cameras.tap(app, room, {
      frame: (part) => {
        if (take(part)) queueMicrotask(() => this.untap(a, room));
      },
      cameraLeft: () => {
        this.untap(a, room);
        if (a.rooms.has(room)) this.feed(app, plugin, a, room);
      },
    });
    if (done) {
      untap?.();
      return;
    }
    if (untap) {
      a.taps.set(room, untap);
      return;
    }
    // The camera's stream is announced a moment before its relay takes frames: ask again shortly.
    const retry = setTimeout(() => {
      a.taps.delete(room);
      if (a.rooms.has(room)) this.feed(app, plugin, a, room);
    }, FEED_RETRY_MS).unref();
    a.taps.set(room, () => clearTimeout(retry));
  }

  private untap(a: Assigned, room: string): void {
    a.taps.get(room)?.();
    a.taps.delete(room);
  }
}
