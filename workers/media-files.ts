/**
 * Pool tasks on recorded files (run by `TaskPool`, one worker thread each, never on the event
 * loop): what ffprobe reads of a file, and one frame of it as a JPEG. Both run the Debian tools
 * synchronously inside the worker with a timeout, so a stuck file never holds a thread for long.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { urlInputOptions } from "../src/lib/url-input.ts";

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

/**
 * Runs a media tool at a lower CPU priority: probes, snapshots and ladders are background work,
 * and on a small machine an encoder at full priority starves the event loop that serves the API
 * (bench:vods measured its delay p99 above 20 ms without this).
 */
function background(command: string, args: readonly string[], options: { timeout: number }): string {
  return execFileSync("nice", ["-n", "10", command, ...args], { ...options, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
}

export function probe(input: { file: string }): MediaInfo {
  const out = background(
    "ffprobe",
    ["-v", "error", ...urlInputOptions(input.file), "-select_streams", "v:0", "-show_entries", "stream=codec_name,width,height:format=duration,format_name", "-of", "json", input.file],
    { timeout: TIMEOUT_MS },
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
  background("ffmpeg", ["-v", "error", "-ss", String(input.atSeconds), "-i", input.file, "-frames:v", "1", "-q:v", "3", "-y", input.out], { timeout: TIMEOUT_MS });
  return { bytes: statSync(input.out).size };
}

/** One rung of an HLS ladder. */
export interface Rendition {
  readonly height: number;
  readonly bitrateKbps: number;
}

/**
 * An HLS ladder of `file` into `outDir`: one ffmpeg run that scales the video once per rendition,
 * encodes each with the given H.264 encoder (x264, or a GPU's) at its bitrate with keyframes on segment boundaries, and writes
 * `<outDir>/<height>p/index.m3u8` with its segments and `<outDir>/master.m3u8`. Renditions taller
 * than the source are dropped (never upscaled); with none left, one at the source height stays.
 */
export function hlsLadder(input: {
  file: string;
  outDir: string;
  renditions: readonly Rendition[];
  segmentSeconds: number;
  sourceHeight: number;
  encoder: { codec: string; deviceArgs: readonly string[]; upload: string; options: readonly string[] };
}): { renditions: Rendition[] } {
  const even = (n: number) => Math.max(2, n - (n % 2));
  const fitting = input.renditions.filter((r) => r.height <= input.sourceHeight);
  const rungs = (fitting.length > 0 ? fitting : [{ height: even(input.sourceHeight), bitrateKbps: input.renditions[0]?.bitrateKbps ?? 1000 }]).map((r) => ({ ...r, height: even(r.height) }));
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join("")}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=-2:${r.height}${input.encoder.upload}[v${i}]`);
  const args = ["-v", "error", ...input.encoder.deviceArgs, "-i", input.file, "-filter_complex", [split, ...scales].join(";")];
  rungs.forEach((r, i) => {
    args.push("-map", `[v${i}]`, `-c:v:${i}`, input.encoder.codec, `-b:v:${i}`, `${r.bitrateKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.bitrateKbps * 1.2)}k`, `-bufsize:v:${i}`, `${r.bitrateKbps * 2}k`);
  });
  args.push(...input.encoder.options, "-force_key_frames", `expr:gte(t,n_forced*${input.segmentSeconds})`);
  args.push("-f", "hls", "-hls_time", String(input.segmentSeconds), "-hls_playlist_type", "vod", "-hls_flags", "independent_segments");
  args.push("-hls_segment_filename", `${input.outDir}/%v/seg_%04d.ts`, "-master_pl_name", "master.m3u8");
  args.push("-var_stream_map", rungs.map((r, i) => `v:${i},name:${r.height}p`).join(" "), `${input.outDir}/%v/index.m3u8`);
  background("ffmpeg", args, { timeout: 30 * 60_000 });
  return { renditions: rungs };
}
