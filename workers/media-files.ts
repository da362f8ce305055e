/**
 * Pool tasks on recorded files (run by `TaskPool`, one worker thread each, never on the event
 * loop): what ffprobe reads of a file, and one frame of it as a JPEG. Both run the Debian tools
 * synchronously inside the worker with a timeout, so a stuck file never holds a thread for long.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";

/** What a finished VOD's metatags hold (SPEC 2.7). */
export interface MediaInfo {
  readonly durationS: number;
  readonly width: number;
  readonly height: number;
  /** The container as ffprobe names it first, e.g. `mov` for MP4. */
  readonly format: string;
  readonly codec: string;
}

const TIMEOUT_MS = 60_000;

export function probe(input: { file: string }): MediaInfo {
  const out = execFileSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height:format=duration,format_name", "-of", "json", input.file],
    { encoding: "utf8", timeout: TIMEOUT_MS },
  );
  const json = JSON.parse(out) as { streams?: Array<{ codec_name?: string; width?: number; height?: number }>; format?: { duration?: string; format_name?: string } };
  const video = json.streams?.[0];
  const durationS = Number(json.format?.duration);
  if (!video || !Number.isFinite(durationS)) throw new Error(`ffprobe found no video stream with a duration in ${input.file}`);
  return {
    durationS: Math.round(durationS * 1000) / 1000,
    width: video.width ?? 0,
    height: video.height ?? 0,
    format: (json.format?.format_name ?? "unknown").split(",")[0] ?? "unknown",
    codec: video.codec_name ?? "unknown",
  };
}

/** Writes the frame at `atSeconds` (clamped into the file by the caller) to `out` as a JPEG. */
export function snapshot(input: { file: string; out: string; atSeconds: number }): { bytes: number } {
  execFileSync("ffmpeg", ["-v", "error", "-ss", String(input.atSeconds), "-i", input.file, "-frames:v", "1", "-q:v", "3", "-y", input.out], { timeout: TIMEOUT_MS });
  return { bytes: statSync(input.out).size };
}
