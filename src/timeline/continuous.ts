import type { Logger } from "pino";
import type { CameraWatcher, PulledCameras } from "../ingest/pulled.ts";
import type { InitSection } from "../pull/fmp4.ts";
import type { SegmentRing } from "../pull/segment-ring.ts";
import { CopyRecorder } from "../recording/copy-recorder.ts";
import type { SegmentWriter } from "./segment-writer.ts";
import type { TimelineSettings } from "./settings.ts";

/** How often a connected room is looked at: whether the timeline is on for it, and whether its segment is long enough to cut. */
const TICK_MS = 1000;
/** A segment whose video says nothing of its length (no file copied yet) is cut this long after its length by the wall clock. */
const CUT_ANYWAY_MS = 10_000;

export interface ContinuousOptions {
  readonly pulled: Pick<PulledCameras, "watch" | "connection">;
  readonly settings: Pick<TimelineSettings, "of">;
  readonly segments: SegmentWriter;
  readonly logger: Logger;
}

/** A pulled room on this node: its connection while it is up, and the segment being written. */
interface Room {
  readonly app: string;
  readonly room: string;
  unlisten: () => void;
  connection: { readonly ring: SegmentRing; readonly init: InitSection; readonly timer: NodeJS.Timeout } | undefined;
  segment: { readonly recorder: CopyRecorder; readonly begunAt: number } | undefined;
  /** The first ring file a new segment may take: after the last one an ended segment took. */
  nextFirst: number;
}

/** ffmpeg's name of the codec an init section carries, as the rows and the VODs name it. */
const codecName = (init: InitSection): string => (init.codec.startsWith("hvc1") || init.codec.startsWith("hev1") ? "hevc" : "h264");

/**
 * Continuous recording of pulled cameras (issue 34; docs/timeline.md): while the app's
 * `timeline` is on for a room, its camera is recorded in segments of `segment_seconds`, each a
 * copy of its ring's files (copy-recorder.ts: no encode) cut at the first file begun after the
 * length, so one segment ends where the next begins. Each segment is a file in the app's data
 * folder and a row (room, span by the wall clock, size, video, node); a camera that drops ends
 * its segment there, and the time until it is back is a gap between rows, not a row.
 */
export class ContinuousRecorder implements CameraWatcher {
  private readonly rooms = new Map<string, Room>();
  private closed = false;

  constructor(private readonly o: ContinuousOptions) {
    o.pulled.watch(this);
  }

  pulled(app: string, room: string): void {
    const key = `${app}\u0000${room}`;
    if (this.closed || this.rooms.has(key)) return;
    const r: Room = { app, room, unlisten: () => undefined, connection: undefined, segment: undefined, nextFirst: 0 };
    this.rooms.set(key, r);
    r.unlisten = this.o.pulled.connection(app, room, { started: (init, ring) => this.connected(r, init, ring), ended: () => this.disconnected(r) });
  }

  gone(app: string, room: string): void {
    const key = `${app}\u0000${room}`;
    const r = this.rooms.get(key);
    if (!r) return;
    this.rooms.delete(key);
    r.unlisten();
    this.disconnected(r);
  }

  /** The app is being deleted: its segments end, and no row is written for them. */
  async forgetApp(app: string): Promise<void> {
    await this.o.segments.forgetting(app, () => {
      for (const [key, r] of this.rooms) {
        if (r.app !== app) continue;
        this.rooms.delete(key);
        r.unlisten();
        this.disconnected(r);
      }
    });
  }

  /** Ends every segment being written and waits for their rows (at shutdown, before the databases close). */
  async stop(): Promise<void> {
    this.closed = true;
    for (const r of this.rooms.values()) {
      r.unlisten();
      this.disconnected(r);
    }
    this.rooms.clear();
    await this.o.segments.idle();
  }

  private connected(r: Room, init: InitSection, ring: SegmentRing): void {
    this.disconnected(r);
    r.connection = { ring, init, timer: setInterval(() => this.tick(r), TICK_MS).unref() };
    r.nextFirst = 0;
    this.tick(r);
  }

  private disconnected(r: Room): void {
    if (r.connection) clearInterval(r.connection.timer);
    this.end(r);
    r.connection = undefined;
  }

  /** Ends the room's segment with the file being filmed; a later one starts after it. */
  private end(r: Room): void {
    const segment = r.segment;
    r.segment = undefined;
    if (!segment) return;
    if (r.connection) r.nextFirst = r.connection.ring.current + 1;
    this.finish(r, segment.recorder);
  }

  /** Starts, cuts or ends the room's segment, by its settings now (a config change takes effect within a tick). */
  private tick(r: Room): void {
    const connection = r.connection;
    if (!connection) return;
    const settings = this.o.settings.of(r.app, r.room);
    if (!settings) return;
    const { enabled, segmentSeconds: seconds } = settings;
    const segment = r.segment;
    // Off, or a segment that can copy nothing more (out of descriptors, a disk full): it ends.
    if (!enabled || segment?.recorder.failed !== undefined) {
      this.end(r);
      if (!enabled) return;
    }
    if (!r.segment) {
      // From the file being filmed (it began at a keyframe, and the ring holds it whole), or after the last one recorded.
      r.segment = this.begin(r, connection.ring, Math.max(connection.ring.current, r.nextFirst));
      return;
    }
    const span = r.segment.recorder.span;
    const long = span ? Date.now() - (span.endedAt - span.seconds * 1000) >= seconds * 1000 : Date.now() - r.segment.begunAt >= seconds * 1000 + CUT_ANYWAY_MS;
    if (long) {
      const ending = r.segment.recorder;
      r.segment = this.begin(r, connection.ring, ending.cut());
      this.finish(r, ending);
    }
  }

  private begin(r: Room, ring: SegmentRing, first: number): NonNullable<Room["segment"]> {
    const file = this.o.segments.file(r.app, r.room, first);
    return { recorder: new CopyRecorder({ file, ring, first, logger: this.o.logger }), begunAt: Date.now() };
  }

  /** Ends a segment; once its file is written, its row (written once), then its upload. */
  private finish(r: Room, segment: CopyRecorder | undefined): void {
    const init = r.connection?.init;
    if (!segment) return;
    const finished = segment.stop().then((file) => {
      const span = segment.span;
      if (!span || !init) return { file, video: undefined };
      const video = {
        started_at: new Date(span.endedAt - span.seconds * 1000).toISOString(),
        ended_at: new Date(span.endedAt).toISOString(),
        codec: codecName(init),
        width: init.width,
        height: init.height,
      };
      return { file, video };
    });
    this.o.segments.add(r.app, r.room, finished);
  }
}
