import type { Logger } from "pino";
import type { CameraRooms } from "../mjpeg/module.ts";
import { PACED_FPS } from "../mjpeg/paced-ffmpeg.ts";
import type { Part } from "../mjpeg/part.ts";
import { CameraRecorder } from "../recording/camera-recorder.ts";
import { jpegSize } from "./jpeg-size.ts";
import type { SegmentWriter } from "./segment-writer.ts";
import type { TimelineSettings } from "./settings.ts";

/** How often the cameras connected here, and each one's settings, are looked at: a config change takes effect within this. */
const TICK_MS = 1000;

export interface MjpegContinuousOptions {
  readonly cameras: Pick<CameraRooms, "connectedCameras" | "tap">;
  readonly settings: Pick<TimelineSettings, "of">;
  readonly segments: SegmentWriter;
  readonly logger: Logger;
}

/** A segment being encoded: one ffmpeg, from its first frame until it is cut. */
interface Segment {
  readonly recorder: CameraRecorder;
  readonly startedAt: number;
  /** Its picture: the first frame's, rounded down to even as the encoder rounds it. */
  readonly width: number;
  readonly height: number;
  readonly firstSeq: number;
  lastSeq: number;
  readonly cut: NodeJS.Timeout;
}

/** A WebSocket camera connected to this node: its tap while the timeline records it, and the segment being written. */
interface Room {
  readonly app: string;
  readonly room: string;
  untap: (() => void) | undefined;
  segment: Segment | undefined;
  /** The length the next segment is given, as the room's settings said at the last look. */
  seconds: number;
  /** The rate the next segment is encoded at: the camera's over the last segment, up to the recording path's. */
  fps: number;
}

/**
 * Continuous recording of WebSocket MJPEG cameras (issue 34; docs/timeline.md): while the app's
 * `timeline` is on for a camera's room, on the node the camera is connected to, its frames are
 * encoded to H.264 by the MJPEG recording path's encoder (camera-recorder.ts, fed at a steady
 * rate by paced-ffmpeg.ts) in segments of `segment_seconds`, each a fragmented MP4 of its own
 * and a row as a pulled camera's segments are (segment-writer.ts).
 *
 * One ffmpeg per segment, not one per camera cutting its output: the next one is tapped the
 * moment the last is stopped, so segments meet end to end by the wall clock, and each takes its
 * length and rate from the settings and the camera as they are when it begins, with nothing to
 * restart. It costs one ffmpeg start per segment (docs/benchmarks.md). A camera that leaves ends
 * its segment there, and the time until it is back is a gap.
 */
export class MjpegContinuousRecorder {
  private readonly rooms = new Map<string, Room>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly o: MjpegContinuousOptions) {
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
  }

  /** The app is being deleted: its segments end, and no row is written for them. */
  async forgetApp(app: string): Promise<void> {
    await this.o.segments.forgetting(app, () => {
      for (const [key, r] of this.rooms) {
        if (r.app !== app) continue;
        this.rooms.delete(key);
        this.release(r);
      }
    });
  }

  /** Ends every segment being written and waits for their rows (at shutdown, before the databases close). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const r of this.rooms.values()) this.release(r);
    this.rooms.clear();
    await this.o.segments.idle();
  }

  /** Takes in the cameras connected since the last tick, lets go of those gone, and looks at each one's settings. */
  private tick(): void {
    const connected = new Set<string>();
    for (const { app, room } of this.o.cameras.connectedCameras()) {
      const key = `${app}\u0000${room}`;
      connected.add(key);
      let r = this.rooms.get(key);
      if (!r) {
        r = { app, room, untap: undefined, segment: undefined, seconds: 0, fps: PACED_FPS };
        this.rooms.set(key, r);
      }
      this.look(r);
    }
    for (const [key, r] of this.rooms) {
      if (connected.has(key)) continue;
      this.rooms.delete(key);
      this.release(r);
    }
  }

  /** Taps the room while the timeline is on for it, and lets go when it is off (its segment ends there). */
  private look(r: Room): void {
    const settings = this.o.settings.of(r.app, r.room);
    // While the app's config cannot be read, nothing changes.
    if (!settings) return;
    if (!settings.enabled) {
      this.release(r);
      return;
    }
    r.seconds = settings.segmentSeconds;
    // The hub hands a new tap the room's newest frame at once: a segment begins with it.
    r.untap ??= this.o.cameras.tap(r.app, r.room, { frame: (part) => this.frame(r, part), cameraLeft: () => this.release(r) });
  }

  private frame(r: Room, part: Part): void {
    const size = jpegSize(part.jpeg);
    // A frame whose size cannot be read would not decode in ffmpeg either: it is left out.
    if (!size) return;
    const width = size.width & ~1;
    const height = size.height & ~1;
    // The camera changed its picture: one encoder, and one row, per picture size.
    if (r.segment && (r.segment.width !== width || r.segment.height !== height)) this.end(r);
    r.segment ??= this.begin(r, part, width, height);
    r.segment.lastSeq = part.seq;
    r.segment.recorder.frame(part);
  }

  private begin(r: Room, part: Part, width: number, height: number): Segment {
    // Taken before ffmpeg is spawned (100 to 160 ms on a loaded machine): the segment shows this
    // frame from now on, where the last one ended.
    const startedAt = Date.now();
    const recorder = new CameraRecorder({ file: this.o.segments.file(r.app, r.room, part.seq), fps: r.fps, logger: this.o.logger });
    const cut = setTimeout(() => this.cut(r), r.seconds * 1000);
    return { recorder, startedAt, width, height, firstSeq: part.seq, lastSeq: part.seq, cut };
  }

  /** The segment is long enough: the next begins with the newest frame, by the settings now. */
  private cut(r: Room): void {
    this.release(r);
    if (this.rooms.get(`${r.app}\u0000${r.room}`) === r) this.look(r);
  }

  /** Ends the room's segment and takes its tap off. */
  private release(r: Room): void {
    this.end(r);
    r.untap?.();
    r.untap = undefined;
  }

  /** Ends the room's segment here by the wall clock; its row is written once ffmpeg has finished the file. */
  private end(r: Room): void {
    const segment = r.segment;
    r.segment = undefined;
    if (!segment) return;
    clearTimeout(segment.cut);
    const endedAt = Date.now();
    const seconds = (endedAt - segment.startedAt) / 1000;
    // The camera's rate, from the frames it sent: a slower camera's repeated frames are not encoded again.
    if (seconds >= 1) r.fps = Math.min(PACED_FPS, Math.max(1, Math.round((segment.lastSeq - segment.firstSeq + 1) / seconds)));
    const video = {
      started_at: new Date(segment.startedAt).toISOString(),
      ended_at: new Date(endedAt).toISOString(),
      codec: "h264",
      width: segment.width,
      height: segment.height,
    };
    this.o.segments.add(r.app, r.room, segment.recorder.stop().then((file) => ({ file, video })));
  }
}
