/**
 * The bench's cameras: 1080p H.264 RTSP cameras serving one pre-encoded clip in a loop (a 2-core
 * machine cannot encode even one live at 25 fps beside the service), the same picture as JPEGs
 * for the WebSocket MJPEG camera, and one small camera encoding live with the time code burned
 * in, for latency (a looped file cannot carry the wall clock).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { runTool } from "../../test/helpers/exec.ts";
import { encodeClip, startRtspCamera, type RtspCamera } from "../../test/helpers/rtsp.ts";
import { tempDir } from "../../test/helpers/temp.ts";

export const CLIP = { size: "1920x1080", fps: 25, seconds: 10, gop: 50, bitrate: "4M" } as const;
/** JPEGs the MJPEG camera cycles through: two seconds of the clip, so every frame differs from the last. */
const JPEG_FRAMES = 2 * CLIP.fps;

/** Encodes the clip once for the run; answers its path. */
export async function makeClip(): Promise<string> {
  const file = path.join(tempDir("bench-cameras-"), "clip.h264");
  await encodeClip(file, CLIP);
  return file;
}

/** The clip's first frames as JPEGs (ffmpeg's quality 5, as a camera's MJPEG would be). */
export async function clipJpegs(clip: string): Promise<Buffer[]> {
  const dir = tempDir("bench-cameras-jpeg-");
  const result = await runTool("ffmpeg", ["-v", "error", "-i", clip, "-frames:v", String(JPEG_FRAMES), "-q:v", "5", path.join(dir, "%03d.jpg")], 120_000);
  if (result.code !== 0) throw new Error(`cutting the clip into JPEGs: ${result.stderr}`);
  return readdirSync(dir).sort().map((name) => readFileSync(path.join(dir, name)));
}

/** `count` RTSP cameras serving the clip; on a failed start, those already started are stopped. */
export async function fileCameras(clip: string, count: number): Promise<RtspCamera[]> {
  const cameras: RtspCamera[] = [];
  try {
    for (let i = 0; i < count; i++) cameras.push(await startRtspCamera({ file: clip }));
    return cameras;
  } catch (err) {
    await Promise.all(cameras.map((c) => c.stop()));
    throw err;
  }
}
