import { spawn, type ChildProcess } from "node:child_process";
import type { Logger } from "pino";
import type { CameraFeed } from "../ingest/pulled.ts";
import type { Fragment, InitSection } from "./fmp4.ts";

/** ffmpeg's stdin may hold this much; beyond it the process is behind, and fragments wait for the next keyframe. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface OnDemandOptions {
  /** ffmpeg's arguments after `-f mp4 -i pipe:0`: what it makes of the camera's video. */
  readonly output: readonly string[];
  /** What ffmpeg writes to its stdout, as it comes; a new process starts with `restarted`. */
  readonly onOutput: (chunk: Buffer) => void;
  /** A new process starts (its output begins anew: a reader of it starts over). */
  readonly restarted?: () => void;
  /** Takes the camera's video into `feed` (from the GOP being filmed) until the answer is called. */
  readonly tap: (feed: CameraFeed) => () => void;
  /** How long it runs on after the last `wanted()`. */
  readonly lingerMs: number;
  readonly log: Logger;
  /** For the log: what this process is. */
  readonly what: string;
}

/**
 * One ffmpeg over a pulled camera's copied video, running only while it is wanted (issue 33):
 * the first `wanted()` taps the camera, whose video comes from the start of the GOP being filmed
 * (so the first output comes at once, not a GOP later); ffmpeg starts with it, takes each
 * fragment as it comes, and stops, with the tap, `lingerMs` after the last `wanted()`. A camera
 * that reconnects starts it again at its next keyframe; one that falls behind skips to the next
 * keyframe rather than buffer without bound. The MJPEG decoder and the H.264 rendition of H.265
 * cameras are two of these.
 */
export class OnDemandFfmpeg implements CameraFeed {
  private init: InitSection | undefined;
  private child: ChildProcess | undefined;
  private untap: (() => void) | undefined;
  private wantedUntil = 0;
  private lingering: NodeJS.Timeout | undefined;
  private skipping = false;

  constructor(private readonly o: OnDemandOptions) {}

  started(init: InitSection): void {
    this.kill();
    this.init = init;
  }

  fragment(fragment: Fragment): void {
    if (!this.child && this.init && fragment.independent) this.start(this.init);
    const stdin = this.child?.stdin;
    if (!stdin) return;
    if (fragment.independent) this.skipping = stdin.writableLength > MAX_PENDING_BYTES;
    if (!this.skipping) stdin.write(fragment.bytes);
  }

  ended(): void {
    this.kill();
    this.init = undefined;
  }

  /** Someone takes the output now: tap the camera (when it was idle) and run at least `lingerMs` more. */
  wanted(): void {
    this.wantedUntil = Date.now() + this.o.lingerMs;
    this.untap ??= this.o.tap(this);
    this.lingering ??= setInterval(() => {
      if (Date.now() > this.wantedUntil) this.stop();
    }, 1000).unref();
  }

  /** Nobody wants it: the tap and the process go. */
  stop(): void {
    clearInterval(this.lingering);
    this.lingering = undefined;
    this.untap?.();
    this.untap = undefined;
    this.ended();
  }

  private kill(): void {
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
      this.o.log.warn({ code, signal, stderr: stderr.trim().split("\n").at(-1) }, `${this.o.what} ended; it starts again at the next keyframe`);
    });
    child.stdin.write(init.bytes);
  }
}
