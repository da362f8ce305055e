import { spawn, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import type { Logger } from "pino";
import type { Part } from "../mjpeg/part.ts";
import type { FrameTap } from "../mjpeg/relay.ts";

/** How a recording process ended. */
export interface RecordedFile {
  readonly path: string;
  readonly bytes: number;
  readonly framesWritten: number;
  readonly framesDropped: number;
  /** Undefined when ffmpeg finished the file; otherwise why it did not. */
  readonly error?: string;
}

export interface CameraRecorderOptions {
  /** The MP4 to write (its folder must exist). */
  readonly file: string;
  readonly logger: Logger;
  /** Called once when the camera leaves, so the owner stops the recording. */
  readonly onCameraLeft?: () => void;
  /** How long ffmpeg may take to finish the file after its input closes. */
  readonly finishTimeoutMs?: number;
}

/** Frames per second of a camera recording: the newest frame is written at this rate. */
export const RECORDING_FPS = 15;
/** Frames waiting in ffmpeg's pipe before the recorder skips ticks instead of queueing more. */
const MAX_QUEUED_FRAMES = 8;

/**
 * A camera room recorded by our own ffmpeg: H.264 in fragmented MP4 (a keyframe and a fragment
 * every 2 s). Cameras send at uneven rates (and ffmpeg's wall-clock timestamps on a pipe trail
 * its probing), so the recorder writes at a constant `RECORDING_FPS` instead: each tick writes the newest frame, again
 * when none came since, and catches up on ticks a late timer missed; the file's duration is the
 * recording's. When ffmpeg falls more than `MAX_QUEUED_FRAMES` behind, ticks are skipped and
 * counted rather than queued, so a slow encoder costs smoothness, never memory. Closing stdin
 * lets ffmpeg flush the last fragment; a process killed mid-recording leaves a file playable up
 * to its last whole fragment.
 */
export class CameraRecorder implements FrameTap {
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly log: Logger;
  private stderr = "";
  private newest: Part | undefined;
  private firstAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private queued = 0;
  private written = 0;
  private dropped = 0;
  private result: Promise<RecordedFile> | undefined;

  constructor(private readonly o: CameraRecorderOptions) {
    this.log = o.logger.child({ component: "camera-recorder", file: o.file });
    const input = ["-f", "image2pipe", "-framerate", String(RECORDING_FPS), "-c:v", "mjpeg", "-i", "pipe:0"];
    // Odd sizes are legal in JPEG, not in 4:2:0 H.264: round down to even.
    const output = ["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
    // Fragmented MP4: every fragment is playable as it lands, so a file cut short by a crash or
    // SIGKILL is still a video up to its last fragment (a plain MP4 needs its index at the end).
    const fragmented = ["-movflags", "+frag_keyframe+empty_moov+default_base_moof", "-g", String(RECORDING_FPS * 2)];
    const args = ["-hide_banner", "-loglevel", "error", ...input, ...output, ...fragmented, "-f", "mp4", "-y", o.file];
    this.child = spawn("ffmpeg", args, { stdio: ["pipe", "ignore", "pipe"] });
    this.child.stderr?.on("data", (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-2000)));
    // A write after ffmpeg died fails with EPIPE; the exit explains what happened.
    this.child.stdin?.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (err) => {
        this.stderr += err.message;
        resolve({ code: null, signal: null });
      });
      this.child.once("exit", (code, signal) => resolve({ code, signal }));
    });
  }

  /** The process id, for the debug listing. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Keeps the newest frame; the first one starts the clock. */
  frame(part: Part): void {
    if (this.result !== undefined || part === this.newest) return;
    part.hold();
    this.newest?.release();
    this.newest = part;
    if (this.firstAt === undefined) {
      this.firstAt = Date.now();
      this.tick();
      this.timer = setInterval(() => this.tick(), 1000 / RECORDING_FPS);
    }
  }

  /** Writes the newest frame once for every tick due since the first frame. */
  private tick(): void {
    const part = this.newest;
    const stdin = this.child.stdin;
    if (!part || this.firstAt === undefined || !stdin || stdin.destroyed) return;
    const due = Math.floor(((Date.now() - this.firstAt) * RECORDING_FPS) / 1000) + 1;
    for (; this.ticks < due; this.ticks++) {
      if (this.queued >= MAX_QUEUED_FRAMES) {
        this.dropped++;
        continue;
      }
      this.queued++;
      part.hold();
      stdin.write(part.jpeg, () => {
        this.queued--;
        this.written++;
        part.release();
      });
    }
  }

  cameraLeft(): void {
    this.o.onCameraLeft?.();
  }

  /**
   * Ends the input and waits for ffmpeg to finish the file (killing it after the timeout). Safe
   * to call more than once: every call gets the same result.
   */
  stop(): Promise<RecordedFile> {
    this.result ??= this.finish();
    return this.result;
  }

  private async finish(): Promise<RecordedFile> {
    clearInterval(this.timer);
    this.tick();
    this.newest?.release();
    this.newest = undefined;
    this.child.stdin?.end();
    const timeout = setTimeout(() => this.child.kill("SIGKILL"), this.o.finishTimeoutMs ?? 30_000);
    const { code, signal } = await this.exited;
    clearTimeout(timeout);
    const bytes = statSync(this.o.file, { throwIfNoEntry: false })?.size ?? 0;
    const base = { path: this.o.file, bytes, framesWritten: this.written, framesDropped: this.dropped };
    if (code === 0 && bytes > 0) return base;
    const error = this.ticks === 0 ? "no frame was recorded" : `ffmpeg exited with ${signal ?? `code ${code}`}: ${this.stderr.trim() || "no output"}`;
    this.log.warn({ code, signal, written: this.written }, `recording did not finish: ${error}`);
    return { ...base, error };
  }
}
