import { spawn, type ChildProcess } from "node:child_process";
import type { Logger } from "pino";
import type { CameraFeed } from "../ingest/pulled.ts";
import type { Fragment, InitSection } from "./fmp4.ts";

/** ffmpeg's stdin may hold this much; beyond it the process is behind, and fragments wait for the next keyframe. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** A GOP longer than this many fragments (10 s and more) is not kept whole: a start waits for the next keyframe. */
const MAX_GOP_FRAGMENTS = 200;

export interface OnDemandOptions {
  /** ffmpeg's arguments after `-f mp4 -i pipe:0`: what it makes of the camera's video. */
  readonly output: readonly string[];
  /** What ffmpeg writes to its stdout, as it comes; a new process starts with `restarted`. */
  readonly onOutput: (chunk: Buffer) => void;
  /** A new process starts (its output begins anew: a reader of it starts over). */
  readonly restarted?: () => void;
  /** How long it runs on after the last `wanted()`. */
  readonly lingerMs: number;
  readonly log: Logger;
  /** For the log: what this process is. */
  readonly what: string;
}

/**
 * One ffmpeg over a pulled camera's copied video, running only while it is wanted (issue 33):
 * started at the newest keyframe (with the init section and the GOP so far, so its first output
 * comes at once, not a GOP later), fed each fragment as it comes, stopped `lingerMs` after the last
 * `wanted()`, and again when the camera's connection ends. A process that falls behind skips to
 * the next keyframe rather than buffer without bound. The MJPEG decoder and the H.264 rendition
 * of H.265 cameras are two of these.
 */
export class OnDemandFfmpeg implements CameraFeed {
  private init: InitSection | undefined;
  private gop: Fragment[] = [];
  private child: ChildProcess | undefined;
  private wantedUntil = 0;
  private lingering: NodeJS.Timeout | undefined;
  private skipping = false;

  constructor(private readonly o: OnDemandOptions) {}

  /** Whether a connection is up (an init section and a keyframe have come). */
  get ready(): boolean {
    return this.init !== undefined && this.gop.length > 0;
  }

  started(init: InitSection): void {
    this.stop();
    this.init = init;
    this.gop = [];
  }

  fragment(fragment: Fragment): void {
    if (fragment.independent) this.gop = [];
    if (this.gop.length > 0 || fragment.independent) this.gop.push(fragment);
    if (this.gop.length > MAX_GOP_FRAGMENTS) this.gop = [];
    const stdin = this.child?.stdin;
    if (!stdin) return;
    if (fragment.independent) this.skipping = stdin.writableLength > MAX_PENDING_BYTES;
    if (!this.skipping) stdin.write(fragment.bytes);
  }

  ended(): void {
    this.stop();
    this.init = undefined;
    this.gop = [];
  }

  /** Someone takes the output now: start (when a connection is up) and run at least `lingerMs` more. */
  wanted(): void {
    this.wantedUntil = Date.now() + this.o.lingerMs;
    if (!this.child && this.init && this.gop.length > 0) this.start(this.init);
    this.lingering ??= setInterval(() => {
      if (Date.now() > this.wantedUntil) this.stop();
    }, 1000).unref();
  }

  stop(): void {
    clearInterval(this.lingering);
    this.lingering = undefined;
    const child = this.child;
    this.child = undefined;
    if (child) {
      child.stdin?.end();
      child.kill("SIGKILL");
    }
  }

  private start(init: InitSection): void {
    const args = ["-hide_banner", "-loglevel", "error", "-probesize", "65536", "-f", "mp4", "-i", "pipe:0", "-an", ...this.o.output];
    const child = spawn("ffmpeg", args, { stdio: ["pipe", "pipe", "pipe"] });
    this.child = child;
    this.skipping = false;
    this.o.restarted?.();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
    child.stdin.on("error", () => undefined);
    child.stdout.on("data", (chunk: Buffer) => {
      if (this.child === child) this.o.onOutput(chunk);
    });
    child.once("exit", (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.o.log.warn({ code, signal, stderr: stderr.trim().split("\n").at(-1) }, `${this.o.what} ended; the next request starts another`);
    });
    child.stdin.write(init.bytes);
    for (const fragment of this.gop) child.stdin.write(fragment.bytes);
  }
}
