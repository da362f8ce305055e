import { createWriteStream, statSync, type WriteStream } from "node:fs";
import type { Logger } from "pino";
import type { CameraFeed } from "../ingest/pulled.ts";
import { shiftedDecodeTime, type Fragment, type InitSection } from "../pull/fmp4.ts";
import type { RecordedFile } from "./camera-recorder.ts";

/** What the file may hold in memory before the disk takes it: beyond it, fragments are dropped up to the next keyframe. */
const MAX_UNWRITTEN_BYTES = 32 * 1024 * 1024;
/** How long a stop waits for the next keyframe to end the file on (a GOP longer than this ends it where it is). */
const STOP_AT_KEYFRAME_MS = 10_000;

export interface CopyRecorderOptions {
  /** The MP4 to write (its folder must exist). */
  readonly file: string;
  readonly logger: Logger;
  /** Called once when the camera's connection ends, so the owner stops the recording. */
  readonly onCameraLeft?: () => void;
}

/**
 * A pulled camera recorded by copying the fragments its pull already makes (issue 33): no
 * process and no encode of its own, the camera's H.264 or H.265 as it came. The file is a
 * fragmented MP4 like the MJPEG path's (playable up to its last fragment after a crash): the
 * camera's init section, then its fragments from the first keyframe, their decode times moved
 * so the file starts at 0. A stop ends the file before the next keyframe, where a split's next
 * part begins, so parts neither overlap nor leave a gap.
 */
export class CopyRecorder implements CameraFeed {
  private out: WriteStream | undefined;
  private init: InitSection | undefined;
  /** The decode time the file starts at; undefined until its first keyframe. */
  private origin: number | undefined;
  private written = 0;
  private dropped = 0;
  /** Dropping until the next keyframe (the disk fell behind, or the codec changed). */
  private skipping = false;
  private stopping: { done: () => void; timer: NodeJS.Timeout } | undefined;
  private result: Promise<RecordedFile> | undefined;
  private finished = false;
  private readonly log: Logger;

  constructor(private readonly o: CopyRecorderOptions) {
    this.log = o.logger.child({ component: "copy-recorder", file: o.file });
  }

  started(init: InitSection): void {
    if (this.init && this.init.bytes.equals(init.bytes)) return;
    // A file has one init section: a camera whose parameters changed is another recording.
    if (this.init) {
      this.cameraLeft();
      return;
    }
    this.init = init;
  }

  fragment(fragment: Fragment): void {
    if (this.finished || !this.init) return;
    if (fragment.independent && this.stopping) {
      this.finishNow();
      return;
    }
    if (this.origin === undefined) {
      if (!fragment.independent) return;
      this.origin = fragment.decodeTime;
      this.out = createWriteStream(this.o.file);
      this.out.on("error", (err) => this.log.warn({ err: err.message }, "could not write the recording"));
      this.out.write(this.init.bytes);
    }
    const out = this.out;
    if (!out) return;
    if (fragment.independent) this.skipping = out.writableLength > MAX_UNWRITTEN_BYTES;
    if (this.skipping) {
      this.dropped += fragment.samples;
      return;
    }
    for (const bytes of shiftedDecodeTime(fragment, this.origin)) out.write(bytes);
    this.written += fragment.samples;
  }

  /** The camera's connection ended: so does the file. */
  ended(): void {
    this.cameraLeft();
  }

  /** Ends the file at the next keyframe (or now); every call gets the same result. */
  stop(): Promise<RecordedFile> {
    this.result ??= new Promise<void>((done) => {
      if (this.finished || this.origin === undefined) return done();
      this.stopping = { done, timer: setTimeout(() => this.finishNow(), STOP_AT_KEYFRAME_MS).unref() };
    }).then(() => this.close());
    return this.result;
  }

  private cameraLeft(): void {
    if (this.finished) return;
    this.finishNow();
    this.o.onCameraLeft?.();
  }

  private finishNow(): void {
    this.finished = true;
    const stopping = this.stopping;
    this.stopping = undefined;
    if (stopping) {
      clearTimeout(stopping.timer);
      stopping.done();
    }
  }

  private async close(): Promise<RecordedFile> {
    this.finished = true;
    const out = this.out;
    if (out) await new Promise<void>((resolve) => out.end(resolve));
    const bytes = statSync(this.o.file, { throwIfNoEntry: false })?.size ?? 0;
    const base = { path: this.o.file, bytes, framesWritten: this.written, framesDropped: this.dropped };
    if (this.written > 0 && bytes > 0) return base;
    const error = this.init ? "the camera sent no keyframe while it was recorded" : "the camera sent no video while it was recorded";
    this.log.warn({ written: this.written }, `recording did not finish: ${error}`);
    return { ...base, error };
  }
}
