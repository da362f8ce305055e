/**
 * What every plugin worker process does around its model: the IPC conversation with the service,
 * its rooms (camera frames pulled one at a time over IPC; LiveKit rooms joined as a hidden
 * participant), pacing to the configured frames per second, always taking the newest frame and
 * skipping the rest, stats, and leaving when told to or when the service is gone.
 */
import { Room, RoomEvent, TrackKind, VideoBufferType, VideoStream, type RemoteTrack, type VideoFrame } from "@livekit/rtc-node";
import sharp from "sharp";
import type { FromWorker, RoomSource, RoomStats, ToWorker } from "./protocol.ts";

/** One picture to work on: RGB bytes, and the JPEG it came from (camera rooms). */
export interface Frame {
  readonly rgb: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly at: number;
  readonly jpeg?: Uint8Array;
}

/** Where a plugin's results go: the service, and for LiveKit rooms the room itself. */
export interface Outbox {
  send(message: FromWorker): void;
  /** Publishes a data message on the room (LiveKit rooms only; a no-op for camera rooms). */
  publish(topic: string, payload: unknown): Promise<void>;
}

export interface PluginLogic {
  readonly model: string;
  /** Frames per second to work on, per room, at most. */
  readonly fps: number;
  process(room: string, frame: Frame, out: Outbox): Promise<void>;
}

export type Config = Readonly<Record<string, string | number | boolean>>;

const STATS_EVERY_MS = 5000;

function send(message: FromWorker): void {
  if (process.connected) process.send?.(message);
}

/** A room's frame source and pacing: the newest frame waits in `pending`, older ones are skipped. */
class RoomWork {
  /** The newest picture not yet worked on, converted only when its turn comes. */
  private pending: (() => Promise<Frame>) | undefined;
  private busy = false;
  private nextDue = 0;
  private timer: NodeJS.Timeout | undefined;
  private analysed = 0;
  private skipped = 0;
  private spentMs = 0;
  private livekit: Room | undefined;
  closed = false;

  constructor(
    readonly name: string,
    private readonly source: RoomSource,
    private readonly logic: PluginLogic,
  ) {}

  async open(): Promise<void> {
    if (this.source.kind === "camera") return this.want();
    const room = new Room();
    this.livekit = room;
    room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack) => {
      if (track.kind === TrackKind.KIND_VIDEO) void this.read(new VideoStream(track));
    });
    await room.connect(this.source.wsUrl, this.source.token, { autoSubscribe: true, dynacast: false });
    console.log(`joined LiveKit room ${this.name}`);
  }

  /** Camera rooms: ask the service for the next frame once this one is done and the pace allows. */
  private want(): void {
    if (!this.closed) send({ type: "want", room: this.name });
  }

  cameraFrame(jpeg: Uint8Array, at: number): void {
    this.offer(async () => {
      const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { rgb: data, width: info.width, height: info.height, at, jpeg };
    });
  }

  private async read(stream: VideoStream): Promise<void> {
    for await (const event of stream) {
      if (this.closed) break;
      const at = Date.now();
      this.offer(async () => {
        const frame: VideoFrame = event.frame.convert(VideoBufferType.RGB24);
        return { rgb: frame.data, width: frame.width, height: frame.height, at };
      });
    }
  }

  private offer(frame: () => Promise<Frame>): void {
    if (this.pending) this.skipped++;
    this.pending = frame;
    this.pump();
  }

  private pump(): void {
    if (this.busy || this.closed || !this.pending || this.timer) return;
    const wait = this.nextDue - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, wait);
      return;
    }
    const frame = this.pending;
    this.pending = undefined;
    this.busy = true;
    const started = performance.now();
    this.nextDue = Date.now() + 1000 / this.logic.fps;
    frame()
      .then((f) => this.logic.process(this.name, f, this.outbox()))
      .catch((err: Error) => console.error(`room ${this.name}: ${err.message}`))
      .finally(() => {
        this.spentMs += performance.now() - started;
        this.analysed++;
        this.busy = false;
        if (this.source.kind === "camera") this.wantPaced();
        else this.pump();
      });
  }

  /** The next camera frame is asked for when it will be due, so the one that arrives is fresh. */
  private wantPaced(): void {
    const wait = Math.max(0, this.nextDue - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.want();
    }, wait);
  }

  private outbox(): Outbox {
    return {
      send,
      publish: async (topic, payload) => {
        const participant = this.livekit?.localParticipant;
        if (!participant) return;
        await participant.publishData(new TextEncoder().encode(JSON.stringify(payload)), { reliable: true, topic });
      },
    };
  }

  /** This period's figures, then a fresh period. */
  stats(periodMs: number): RoomStats {
    const out = {
      fps: Math.round((this.analysed * 1000 * 100) / periodMs) / 100,
      latencyMs: this.analysed === 0 ? 0 : Math.round((this.spentMs / this.analysed) * 10) / 10,
      analysed: this.analysed,
      skipped: this.skipped,
    };
    this.analysed = 0;
    this.skipped = 0;
    this.spentMs = 0;
    return out;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.livekit?.disconnect();
  }
}

/**
 * Runs a worker: `load` builds the plugin from its config (the model loads there); the process
 * then says `ready` and works on the rooms the service names until SIGTERM or until the service
 * goes away (the IPC channel closes when the parent dies, even by SIGKILL).
 */
export function runWorker(load: (config: Config, app: string) => Promise<PluginLogic>): void {
  const rooms = new Map<string, RoomWork>();
  let logic: PluginLogic | undefined;
  let waiting: ToWorker[] = [];

  const leave = async (code: number) => {
    await Promise.allSettled([...rooms.values()].map((r) => r.close()));
    process.exit(code);
  };
  process.on("disconnect", () => void leave(0));
  process.on("SIGTERM", () => void leave(0));

  const handle = (message: ToWorker) => {
    if (!logic) {
      waiting.push(message);
      return;
    }
    switch (message.type) {
      case "room": {
        if (rooms.has(message.room)) return;
        const work = new RoomWork(message.room, message.source, logic);
        rooms.set(message.room, work);
        work.open().catch((err: Error) => console.error(`room ${message.room}: ${err.message}`));
        return;
      }
      case "room_gone":
        void rooms.get(message.room)?.close();
        rooms.delete(message.room);
        return;
      case "frame":
        rooms.get(message.room)?.cameraFrame(message.jpeg, message.at);
        return;
      case "init":
        return;
    }
  };

  process.on("message", (raw) => {
    const message = raw as ToWorker;
    if (message.type !== "init") return handle(message);
    load(message.config, message.app)
      .then((loaded) => {
        logic = loaded;
        console.log(`${message.plugin} worker ready for app ${message.app} (model ${loaded.model}, ${loaded.fps} fps per room)`);
        send({ type: "ready", model: loaded.model });
        const queued = waiting;
        waiting = [];
        for (const m of queued) handle(m);
      })
      .catch((err: Error) => {
        console.error(`${message.plugin} worker could not start: ${err.message}`);
        process.exit(1);
      });
  });

  let last = Date.now();
  setInterval(() => {
    const now = Date.now();
    const stats: Record<string, RoomStats> = {};
    for (const [name, work] of rooms) stats[name] = work.stats(now - last);
    last = now;
    send({ type: "stats", rooms: stats, rssBytes: process.memoryUsage().rss });
  }, STATS_EVERY_MS);
}
