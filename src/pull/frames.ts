import type { Logger } from "pino";
import type { CameraWatcher, ConnectionListener, PulledCameras } from "../ingest/pulled.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { FrameSource } from "../mjpeg/relay.ts";
import { OnDemandFfmpeg } from "./on-demand.ts";

/** The decoded feed's cap: enough for a live picture and a detector, a fraction of a camera's rate. */
export const DECODE_FPS = 10;
/** The decoded feed's widest picture; a 4K camera is scaled down, a small one left as it is. */
export const DECODE_MAX_WIDTH = 1280;
/** How long the decoder runs on after the last viewer, tap or poller: a reload or the next poll finds it still running. */
const LINGER_MS = 5000;
/** A JPEG's largest plausible size; output beyond it without an end marker is discarded. */
const MAX_JPEG_BYTES = 8 * 1024 * 1024;

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

/**
 * The MJPEG rendition of every camera pulled on this node (issue 33): its room's relay gets the
 * camera's frames decoded at DECODE_FPS and at most DECODE_MAX_WIDTH, but only while someone takes
 * them (an MJPEG viewer, a `frame.jpg` poller, a plugin, a restream): the relay's ticker asks,
 * and the decoder stops LINGER_MS after it last did. So everything built on camera rooms (the
 * MJPEG playback, plugins' frames, their `?variant=` renditions) works for pulled cameras, and a
 * camera nobody looks at costs no decode at all.
 */
export class PulledFrames implements CameraWatcher {
  private readonly rooms = new Map<string, RoomFrames>();

  constructor(
    private readonly source: PulledCameras,
    private readonly cameras: Pick<CameraRooms, "attachSource" | "detachSource" | "publishSource">,
    private readonly log: Logger,
  ) {
    source.watch(this);
  }

  pulled(app: string, room: string): void {
    const key = `${app}\u0000${room}`;
    if (this.rooms.has(key)) return;
    const frames = new RoomFrames(app, room, this.source, this.cameras, this.log);
    frames.unsubscribe = this.source.connection(app, room, frames);
    this.rooms.set(key, frames);
  }

  gone(app: string, room: string): void {
    const key = `${app}\u0000${room}`;
    const frames = this.rooms.get(key);
    if (!frames) return;
    this.rooms.delete(key);
    frames.unsubscribe?.();
    frames.ended();
  }
}

/** One pulled room's frames: an on-demand decoder, its JPEGs split out and published into the room's relay while its camera is up. */
class RoomFrames implements ConnectionListener, FrameSource {
  unsubscribe: (() => void) | undefined;
  private readonly decoder: OnDemandFfmpeg;
  private out: Buffer = Buffer.alloc(0);

  constructor(
    private readonly app: string,
    private readonly room: string,
    source: Pick<PulledCameras, "subscribe">,
    private readonly cameras: Pick<CameraRooms, "attachSource" | "detachSource" | "publishSource">,
    log: Logger,
  ) {
    const scale = `fps=${DECODE_FPS},scale='min(${DECODE_MAX_WIDTH},iw)':-2`;
    this.decoder = new OnDemandFfmpeg({
      output: ["-vf", scale, "-q:v", "5", "-f", "mjpeg", "pipe:1"],
      onOutput: (chunk) => this.read(chunk),
      restarted: () => (this.out = Buffer.alloc(0)),
      tap: (feed) => source.subscribe(app, room, feed),
      lingerMs: LINGER_MS,
      log: log.child({ app, room }),
      what: "a pulled camera's frame decoder",
    });
  }

  started(): void {
    this.cameras.attachSource(this.app, this.room, this);
  }

  ended(): void {
    this.decoder.stop();
    this.cameras.detachSource(this.app, this.room, this);
  }

  wanted(): void {
    this.decoder.wanted();
  }

  /** ffmpeg's MJPEG output, split into JPEGs at their start and end markers (a baseline JPEG has no end marker inside). */
  private read(chunk: Buffer): void {
    this.out = this.out.length === 0 ? chunk : Buffer.concat([this.out, chunk]);
    for (;;) {
      const start = this.out.indexOf(SOI);
      if (start < 0) {
        this.out = Buffer.alloc(0);
        return;
      }
      const end = this.out.indexOf(EOI, start + 2);
      if (end < 0) {
        if (this.out.length - start > MAX_JPEG_BYTES) this.out = Buffer.alloc(0);
        else if (start > 0) this.out = this.out.subarray(start);
        return;
      }
      const jpeg = this.out.subarray(start, end + 2);
      this.out = this.out.subarray(end + 2);
      if (!this.cameras.publishSource(this.app, this.room, this, jpeg, Date.now())) {
        this.decoder.stop();
        return;
      }
    }
  }
}
