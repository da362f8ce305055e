import { open, stat, type FileHandle } from "node:fs/promises";
import type { Logger } from "pino";
import { Fmp4Reader, withDecodeTime, type InitSection } from "../pull/fmp4.ts";
import { RingClock, type RingHold, type SegmentRing } from "../pull/segment-ring.ts";
import type { RecordedFile } from "./camera-recorder.ts";

/** How long a stop waits for the file being filmed to complete (a GOP longer than this ends the recording where it is). */
const STOP_WAIT_MS = 10_000;

export interface CopyRecorderOptions {
  /** The MP4 to write (its folder must exist). */
  readonly file: string;
  /** The files of the camera's connection (segment-ring.ts). */
  readonly ring: SegmentRing;
  /** The first ring file to record, where a split's part before it ended (`cut`); the next one ffmpeg begins unless told. */
  readonly first?: number;
  readonly logger: Logger;
  /** Called once when the camera's connection ends, so the owner stops the recording. */
  readonly onCameraLeft?: () => void;
}

/**
 * A pulled camera recorded by copying the files its pull already writes (issue 33): no process,
 * no encode, and not a byte of the camera read while it records but once per file, when ffmpeg
 * completes it (a second of video for a 1 s GOP). The recording is a fragmented MP4 like the
 * MJPEG path's (playable up to its last file after a crash): the camera's init section, then the
 * fragments of each file from the first one filmed after the start, their decode times made one
 * clock from 0 (RingClock). A stop ends it with the file being filmed then (a GOP or so later); a split's
 * part ends just before the next part's first file, so parts neither overlap nor leave a gap.
 */
export class CopyRecorder {
  /** The first ring file it records: the one ffmpeg begins next. */
  readonly first: number;
  /** The last ring file it records, once it is known (a stop, a cut). */
  private last: number | undefined;
  private next: number;
  private out: FileHandle | undefined;
  private init: InitSection | undefined;
  private readonly clock: RingClock;
  private buffer = Buffer.alloc(0);
  /** Where the last fragment written ends on the recording's clock, in ticks. */
  private ticks = 0;
  /** When the last file copied ended by the wall clock: when ffmpeg began the next. */
  private endedAt: number | undefined;
  private written = 0;
  private failure: string | undefined;
  private copying: Promise<void> = Promise.resolve();
  private readonly hold: RingHold;
  private readonly unlisten: () => void;
  private caughtUp: (() => void) | undefined;
  private left = false;
  private result: Promise<RecordedFile> | undefined;
  private readonly log: Logger;

  constructor(private readonly o: CopyRecorderOptions) {
    this.log = o.logger.child({ component: "copy-recorder", file: o.file });
    this.first = o.first ?? o.ring.current + 1;
    this.next = this.first;
    this.clock = new RingClock(o.ring);
    this.hold = o.ring.hold(this.first);
    this.unlisten = o.ring.listen({ completed: (index) => this.copyThrough(index), ended: () => this.cameraLeft() });
  }

  /** Why it can copy nothing more, once it cannot. */
  get failed(): string | undefined {
    return this.failure;
  }

  /** The files it copies. */
  get ring(): SegmentRing {
    return this.o.ring;
  }

  /**
   * What it has written, once a file was copied: when its last frame ended by the wall clock (a
   * file ends when ffmpeg begins the next) and how long it lasts. Its start is the end less its
   * length: a connection's first file holds what ffmpeg gathered while probing the source, filmed
   * before the file began.
   */
  get span(): { readonly endedAt: number; readonly seconds: number } | undefined {
    return this.endedAt === undefined || !this.init ? undefined : { endedAt: this.endedAt, seconds: this.ticks / this.init.timescale };
  }

  /**
   * A split: the next part begins with the file ffmpeg begins next, and this one ends just before
   * it; answers that file, for the next part's `first`. Decided here and now, so no file that
   * completes while the next part is set up goes into both.
   */
  cut(): number {
    const next = this.o.ring.current + 1;
    this.last = Math.min(this.last ?? Number.POSITIVE_INFINITY, next - 1);
    return next;
  }

  /** Ends the recording with the file being filmed now (or where a cut put its end); every call gets the same result. */
  stop(): Promise<RecordedFile> {
    this.result ??= this.finish();
    return this.result;
  }

  private async finish(): Promise<RecordedFile> {
    this.last ??= this.o.ring.current;
    try {
      if (!this.left && this.next <= this.last) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          this.caughtUp = resolve;
          timer = setTimeout(resolve, STOP_WAIT_MS);
        });
        clearTimeout(timer);
      }
      await this.copying;
    } finally {
      this.unlisten();
      await this.out?.close().catch(() => undefined);
      this.hold.release();
    }
    const bytes = (await stat(this.o.file).catch(() => undefined))?.size ?? 0;
    const base = { path: this.o.file, bytes, framesWritten: this.written, framesDropped: 0 };
    if (this.written > 0 && bytes > 0 && this.failure === undefined) return base;
    const error = this.failure ?? "the camera sent no video while it was recorded";
    this.log.warn({ written: this.written }, `recording did not finish: ${error}`);
    return { ...base, error };
  }

  /** ffmpeg completed ring file `index`: every file up to it is copied, in turn (each copy's failure is the recording's, never a throw). */
  private copyThrough(index: number): void {
    const through = Math.min(index, this.last ?? index);
    for (; this.next <= through; this.next++) {
      const file = this.next;
      this.copying = this.copying.then(() =>
        this.copy(file).catch((err: unknown) => {
          this.failure ??= `ring file ${file} could not be copied: ${(err as Error).message}`;
        }),
      );
    }
    const caughtUp = this.caughtUp;
    if (caughtUp && this.last !== undefined && this.next > this.last) void this.copying.then(caughtUp);
  }

  /** The connection ended: what ffmpeg wrote last (its file cut short) is copied too, and the owner hears it. */
  private cameraLeft(): void {
    if (this.left) return;
    this.left = true;
    this.copyThrough(this.o.ring.current);
    void this.copying.then(() => this.caughtUp?.());
    this.o.onCameraLeft?.();
  }

  /** A ring file, read into the one buffer each file is read into: a second of video is a megabyte or more, and allocating one a file cost more than copying it. */
  private async read(path: string): Promise<Buffer | undefined> {
    const file = await open(path, "r").catch(() => undefined);
    if (!file) return undefined;
    try {
      const { size } = await file.stat();
      if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(Math.max(size, this.buffer.length * 2));
      const { bytesRead } = await file.read(this.buffer, 0, size, 0);
      return this.buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  private async copy(index: number): Promise<void> {
    if (this.failure !== undefined) {
      // A failed recording copies nothing more, and holds nothing more either.
      this.hold.advance(index + 1);
      return;
    }
    // The ring keeps what the hold covers: a file missing is one the recording lost, not a gap to close up.
    const bytes = await this.read(this.o.ring.path(index));
    // Read: the ring may delete it now.
    this.hold.advance(index + 1);
    if (!bytes) {
      // The connection's last file may never have begun: it ended as the one before completed.
      if (this.left && index === this.o.ring.current) return;
      this.failure = `ring file ${index} was gone before it was copied`;
      return;
    }
    const out: Buffer[] = [];
    /** What puts this file's decode times on the recording's clock. */
    let offset: number | undefined;
    // Its fragments are views of the file's bytes, patched in place and written before the next file is read into them.
    for (const item of new Fmp4Reader({ views: true }).push(bytes)) {
      if (item.kind === "init") {
        // Every file of a connection has the same init section (ffmpeg copies one stream's parameters): the first is the recording's.
        if (!this.init) out.push(item.bytes);
        this.init = item;
      } else if (item.kind === "fragment" && this.init) {
        const moved = withDecodeTime(item, item.decodeTime + (offset ??= this.clock.offset(index, this.init.timescale, item.decodeTime)));
        this.clock.placed(moved.decodeTime + moved.duration);
        this.ticks = moved.decodeTime + moved.duration;

        this.written += moved.samples;
        out.push(moved.bytes);
      }
      // A file cut short by a crash ends in part of a fragment: what came before it is kept.
    }
    if (out.length === 0) return;
    this.endedAt = this.o.ring.beganAt(index + 1) ?? Date.now();
    try {
      this.out ??= await open(this.o.file, "w");
      await this.out.writev(out);
    } catch (err) {
      this.failure = `the recording could not be written: ${(err as Error).message}`;
    }
  }
}
