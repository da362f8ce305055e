import { statSync } from "node:fs";
import type { Logger } from "pino";
import { PACED_FPS, PacedFfmpeg } from "../mjpeg/paced-ffmpeg.ts";
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
  /** The rate it encodes at; PACED_FPS unless told. */
  readonly fps?: number;
}

/**
 * A camera room recorded by our own ffmpeg, fed at a constant rate by `PacedFfmpeg`: H.264 in
 * fragmented MP4 (a keyframe and a fragment every 2 s), so a file cut short by a crash or SIGKILL
 * is still a video up to its last fragment (a plain MP4 needs its index at the end). Closing the
 * input lets ffmpeg flush the last fragment.
 */
export class CameraRecorder implements FrameTap {
  private readonly ffmpeg: PacedFfmpeg;
  private readonly log: Logger;
  private result: Promise<RecordedFile> | undefined;

  constructor(private readonly o: CameraRecorderOptions) {
    this.log = o.logger.child({ component: "camera-recorder", file: o.file });
    // Odd sizes are legal in JPEG, not in 4:2:0 H.264: round down to even.
    const encode = ["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
    const fps = o.fps ?? PACED_FPS;
    const fragmented = ["-movflags", "+frag_keyframe+empty_moov+default_base_moof", "-g", String(fps * 2)];
    this.ffmpeg = new PacedFfmpeg({
      output: [...encode, ...fragmented, "-f", "mp4", "-y", o.file],
      fps,
      onCameraLeft: o.onCameraLeft,
      finishTimeoutMs: o.finishTimeoutMs,
    });
  }

  get pid(): number | undefined {
    return this.ffmpeg.pid;
  }

  frame(part: Part): void {
    this.ffmpeg.frame(part);
  }

  cameraLeft(): void {
    this.ffmpeg.cameraLeft();
  }

  /** Lets ffmpeg finish the file; every call gets the same result. */
  stop(): Promise<RecordedFile> {
    this.result ??= this.finish();
    return this.result;
  }

  private async finish(): Promise<RecordedFile> {
    const exit = await this.ffmpeg.stop();
    const bytes = statSync(this.o.file, { throwIfNoEntry: false })?.size ?? 0;
    const base = { path: this.o.file, bytes, framesWritten: exit.framesWritten, framesDropped: exit.framesDropped };
    if (exit.code === 0 && bytes > 0) return base;
    const error = exit.ticks === 0 ? "no frame was recorded" : `ffmpeg exited with ${exit.signal ?? `code ${exit.code}`}: ${exit.stderr || "no output"}`;
    this.log.warn({ code: exit.code, signal: exit.signal, written: exit.framesWritten }, `recording did not finish: ${error}`);
    return { ...base, error };
  }
}
