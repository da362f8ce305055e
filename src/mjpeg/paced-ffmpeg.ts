import { spawn, type ChildProcess } from "node:child_process";
import type { Part } from "./part.ts";
import type { FrameTap } from "./relay.ts";

/** Frames per second fed to ffmpeg unless told (`fps`): the newest camera frame is written at this rate. */
export const PACED_FPS = 15;
/** Frames waiting in ffmpeg's pipe before ticks are skipped instead of queueing more. */
const MAX_QUEUED_FRAMES = 8;

/** How the ffmpeg process ended. */
export interface PacedExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The end of what ffmpeg wrote to stderr. */
  readonly stderr: string;
  readonly ticks: number;
  readonly framesWritten: number;
  readonly framesDropped: number;
}

export interface PacedFfmpegOptions {
  /** ffmpeg's output arguments (everything after the JPEG input), e.g. an encoder and a file or URL. */
  readonly output: readonly string[];
  /** The rate frames are written at; PACED_FPS unless told (the timeline encodes a slower camera at its own rate). */
  readonly fps?: number;
  /** Called once when the camera leaves the room. */
  readonly onCameraLeft?: () => void;
  /** Called once if ffmpeg exits before `stop` (a push that died, an encoder that failed). */
  readonly onExit?: (exit: PacedExit) => void;
  /** How long ffmpeg may take to finish after its input closes before it is killed. */
  readonly finishTimeoutMs?: number;
  /** ffmpeg's `-progress` report, once a second (`total_size`, `bitrate`, `out_time_ms`...). */
  readonly progress?: (fields: Readonly<Record<string, string>>) => void;
}

/**
 * One ffmpeg fed from a camera room's relay (a frame tap): cameras send at uneven rates (and
 * ffmpeg's wall-clock timestamps on a pipe trail its probing), so the newest frame is written at a
 * constant rate (`PACED_FPS` unless told) instead: each tick writes the newest frame, again when
 * none came since, and catches up on ticks a late timer missed, so the output's duration is the
 * wall-clock time. When ffmpeg falls more than `MAX_QUEUED_FRAMES` behind, ticks are skipped and
 * counted rather than queued: a slow encoder costs smoothness, never memory. Recordings, camera
 * restreams and the timeline use it.
 */
export class PacedFfmpeg implements FrameTap {
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private stderr = "";
  private newest: Part | undefined;
  private firstAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private queued = 0;
  private written = 0;
  private dropped = 0;
  private result: Promise<PacedExit> | undefined;
  private readonly fps: number;

  constructor(private readonly o: PacedFfmpegOptions) {
    this.fps = o.fps ?? PACED_FPS;
    const input = ["-f", "image2pipe", "-framerate", String(this.fps), "-c:v", "mjpeg", "-i", "pipe:0"];
    const report = o.progress ? ["-progress", "pipe:1", "-stats_period", "1"] : [];
    this.child = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", ...report, ...input, ...o.output], { stdio: ["pipe", o.progress ? "pipe" : "ignore", "pipe"] });
    if (o.progress) this.readProgress(o.progress);
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
    void this.exited.then(() => {
      if (this.result === undefined) this.o.onExit?.(this.exit({ code: this.child.exitCode, signal: this.child.signalCode }));
    });
  }

  /** `-progress` writes `key=value` lines, each report ending with `progress=continue` (or `end`). */
  private readProgress(report: (fields: Readonly<Record<string, string>>) => void): void {
    let pending = "";
    let fields: Record<string, string> = {};
    this.child.stdout?.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const eq = line.indexOf("=");
        if (eq <= 0) continue;
        const key = line.slice(0, eq).trim();
        fields[key] = line.slice(eq + 1).trim();
        if (key === "progress") {
          report(fields);
          fields = {};
        }
      }
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
      this.timer = setInterval(() => this.tick(), 1000 / this.fps);
    }
  }

  /** Writes the newest frame once for every tick due since the first frame. */
  private tick(): void {
    const part = this.newest;
    const stdin = this.child.stdin;
    if (!part || this.firstAt === undefined || !stdin || stdin.destroyed) return;
    const due = Math.floor(((Date.now() - this.firstAt) * this.fps) / 1000) + 1;
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
   * Ends the input and waits for ffmpeg to finish (killing it after the timeout). Safe to call
   * more than once: every call gets the same result.
   */
  stop(): Promise<PacedExit> {
    this.result ??= this.finish();
    return this.result;
  }

  private async finish(): Promise<PacedExit> {
    clearInterval(this.timer);
    this.tick();
    this.newest?.release();
    this.newest = undefined;
    this.child.stdin?.end();
    const timeout = setTimeout(() => this.child.kill("SIGKILL"), this.o.finishTimeoutMs ?? 30_000);
    const ended = await this.exited;
    clearTimeout(timeout);
    return this.exit(ended);
  }

  private exit(ended: { code: number | null; signal: NodeJS.Signals | null }): PacedExit {
    return { ...ended, stderr: this.stderr.trim(), ticks: this.ticks, framesWritten: this.written, framesDropped: this.dropped };
  }
}
