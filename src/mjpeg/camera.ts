import type { CameraKey } from "./keys.ts";
import { looksLikeJpeg } from "./part.ts";

/** WebSocket close codes a camera may receive; docs/cameras.md lists them for device makers. */
export const CLOSE = {
  shutdown: { code: 1001, reason: "the service is shutting down; reconnect shortly" },
  tooLarge: { code: 1009, reason: "frames keep exceeding ws_ingest.max_frame_bytes" },
  revoked: { code: 4001, reason: "this camera key was revoked" },
  invalid: { code: 4002, reason: "frames keep failing the JPEG check (must start FF D8 and end FF D9)" },
  stopped: { code: 4003, reason: "the stream was stopped through the API" },
  reset: { code: 4004, reason: "this camera key was reset; connect with the new key" },
  disabled: { code: 4005, reason: "this camera key was disabled; it works again once enabled" },
  rate: { code: 4008, reason: "frames keep arriving at more than twice ws_ingest.max_fps" },
  replaced: { code: 4009, reason: "a newer connection with the same key took over this room" },
  busy: { code: 4010, reason: "another camera is live in this room" },
} as const;

export type CloseReason = keyof typeof CLOSE;
export type DropReason = "invalid" | "too_large" | "rate";

/** The part of a uWS WebSocket a camera link uses. */
export interface CameraSocket {
  end(code?: number, shortMessage?: string): void;
}

export interface CameraLimits {
  readonly maxFrameBytes: number;
  readonly maxFps: number;
  /** Resend a frame not followed by another within this many ms (0: never). */
  readonly repaintMs: number;
}

/** Consecutive bad frames after which a camera is disconnected: a broken device, not a glitch. */
const BAD_FRAMES_IN_A_ROW = 30;
/** Seconds in a row at more than twice the frame-rate cap after which a camera is disconnected. */
const FAST_SECONDS_IN_A_ROW = 3;

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly drop: DropReason; readonly close?: CloseReason };

const OK: Verdict = { ok: true };

/**
 * One connected camera: its key, its limits, and the cheap checks every frame passes. The frame
 * rate is held with a token bucket refilled by the relay's ticker; frames over the rate are
 * dropped (the camera keeps streaming); only a camera that persists in sending bad frames, or far
 * too many, is disconnected.
 */
export class CameraLink {
  framesIn = 0;
  bytesIn = 0;
  dropped = 0;
  lastFrameAt: number | undefined;
  /** Frames per second over the last whole second. */
  fps = 0;
  /** Its stream row is already settled (taken over, or ended at shutdown): its close ends nothing. */
  settled = false;
  private tokens: number;
  private badInARow = 0;
  private tooLargeInARow = 0;
  private windowFrames = 0;
  private windowRateDrops = 0;
  private fastSeconds = 0;

  constructor(
    readonly key: CameraKey,
    readonly socket: CameraSocket,
    public limits: CameraLimits,
    readonly connectedAt: number,
  ) {
    this.tokens = limits.maxFps;
  }

  /** The cheap checks of one message: binary, within the size cap, a JPEG, within the rate. */
  check(frame: Uint8Array, isBinary: boolean): Verdict {
    if (frame.byteLength > this.limits.maxFrameBytes) {
      this.dropped++;
      return ++this.tooLargeInARow >= BAD_FRAMES_IN_A_ROW ? { ok: false, drop: "too_large", close: "tooLarge" } : { ok: false, drop: "too_large" };
    }
    this.tooLargeInARow = 0;
    if (!isBinary || !looksLikeJpeg(frame)) {
      this.dropped++;
      return ++this.badInARow >= BAD_FRAMES_IN_A_ROW ? { ok: false, drop: "invalid", close: "invalid" } : { ok: false, drop: "invalid" };
    }
    this.badInARow = 0;
    if (this.tokens < 1) {
      this.dropped++;
      this.windowRateDrops++;
      return { ok: false, drop: "rate" };
    }
    this.tokens--;
    return OK;
  }

  accepted(bytes: number, now: number): void {
    this.framesIn++;
    this.windowFrames++;
    this.bytesIn += bytes;
    this.lastFrameAt = now;
  }

  /** Refills the bucket; `share` is the fraction of a second since the last refill. */
  refill(share: number): void {
    this.tokens = Math.min(this.limits.maxFps, this.tokens + this.limits.maxFps * share);
  }

  /** Closes the one-second window; answers true when the camera has been far too fast for too long. */
  endSecond(): boolean {
    this.fps = this.windowFrames;
    this.fastSeconds = this.windowRateDrops > this.limits.maxFps ? this.fastSeconds + 1 : 0;
    this.windowFrames = 0;
    this.windowRateDrops = 0;
    return this.fastSeconds >= FAST_SECONDS_IN_A_ROW;
  }

  close(reason: CloseReason): void {
    const { code, reason: message } = CLOSE[reason];
    try {
      this.socket.end(code, message);
    } catch {
      // Already closed: uWS throws on a socket it has released.
    }
  }
}
