/**
 * What continuous recording costs per camera, for each kind of camera: the service's CPU (its
 * process with its ffmpeg children, from /proc) with the room's timeline on, less with it off, the
 * camera live throughout. Off and on take turns over several rounds (a change in the machine's
 * load falls on both), the config switched between them (it takes effect within a second), and
 * what was recorded is read back from the room's timeline, so that a kind the service does not
 * record yet is reported as such rather than as free.
 *
 * - pulled: the 1080p H.264 RTSP camera bench:cameras uses (a looped clip, so no encoder runs
 *   beside the service), recorded by copy of the pull's ring;
 * - mjpeg: a WebSocket MJPEG camera at 640x480 and 10 fps (a moving test pattern, as JPEGs),
 *   recorded with the service's own encoder (src/timeline/continuous-mjpeg.ts, issue 34).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { runTool } from "../../test/helpers/exec.ts";
import { Camera } from "../../test/helpers/mjpeg.ts";
import { UNREACHABLE_LIVEKIT } from "../../test/helpers/server.ts";
import { tempDir } from "../../test/helpers/temp.ts";
import { minus, serviceCores, type ServiceCores } from "../cameras/cpu.ts";
import { pullCameras, removePulls } from "../cameras/pulls.ts";
import { CLIP, fileCameras, makeClip } from "../cameras/sources.ts";
import { APP, type BenchService } from "../mjpeg/service.ts";
import { startService } from "./fleet.ts";

/** Short, so that a window holds a cut and a row written (a 60 s segment costs less per second, not more). */
const SEGMENT_SECONDS = 10;
const MJPEG = { size: "640x480", fps: 10, frames: 20 } as const;
/** After a switch: the recording begins at the next keyframe (2 s of the clip), or ends and writes its row. */
const SWITCH_SETTLE_MS = 3000;

const configYaml = (enabled: boolean) => `timeline:\n  enabled: ${enabled}\n  segment_seconds: ${SEGMENT_SECONDS}\n  upload: false\n`;

export type CameraKind = "pulled" | "mjpeg";

export interface RecordingFigures {
  readonly kind: CameraKind;
  readonly camera: string;
  readonly off: ServiceCores;
  readonly on: ServiceCores;
  /** Segments the room's timeline holds after the on windows; 0 means the kind is not recorded. */
  readonly segments: number;
  readonly bytes: number;
}

export interface RecordingOptions {
  readonly seconds: number;
  readonly rounds: number;
  readonly warmupSeconds: number;
  readonly log: (line: string) => void;
}

/** Cores summed over windows, as one mean. */
const mean = (windows: readonly ServiceCores[]): ServiceCores => ({
  total: windows.reduce((s, w) => s + w.total, 0) / Math.max(windows.length, 1),
  node: windows.reduce((s, w) => s + w.node, 0) / Math.max(windows.length, 1),
});

async function offAndOn(service: BenchService, kind: CameraKind, camera: string, room: string, o: RecordingOptions): Promise<RecordingFigures> {
  const since = new Date().toISOString();
  const off: ServiceCores[] = [];
  const on: ServiceCores[] = [];
  const window = o.seconds / o.rounds;
  await sleep(o.warmupSeconds * 1000);
  for (let round = 1; round <= o.rounds; round++) {
    o.log(`${kind}: round ${round} of ${o.rounds}, timeline off then on, ${window} s each ...`);
    off.push(await serviceCores(service.pid, window));
    await service.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: configYaml(true) });
    await sleep(SWITCH_SETTLE_MS);
    on.push(await serviceCores(service.pid, window));
    await service.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: configYaml(false) });
    await sleep(SWITCH_SETTLE_MS);
  }
  const { data } = (await service.api("GET", `/api/v1/apps/${APP}/cameras/${room}/timeline?since=${encodeURIComponent(since)}`)) as { data: Array<{ kind: string; bytes?: number }> };
  const segments = data.filter((e) => e.kind === "segment");
  return { kind, camera, off: mean(off), on: mean(on), segments: segments.length, bytes: segments.reduce((s, e) => s + (e.bytes ?? 0), 0) };
}

/** A moving test pattern as JPEGs, so that no two frames in a row are alike (the encoder's work depends on it). */
async function patternJpegs(): Promise<Buffer[]> {
  const dir = tempDir("bench-timeline-jpeg-");
  const args = ["-v", "error", "-f", "lavfi", "-i", `testsrc2=size=${MJPEG.size}:rate=${MJPEG.fps}`, "-frames:v", String(MJPEG.frames), "-q:v", "5", path.join(dir, "%03d.jpg")];
  const result = await runTool("ffmpeg", args, 60_000);
  if (result.code !== 0) throw new Error(`making the MJPEG camera's frames: ${result.stderr}`);
  return readdirSync(dir).sort().map((name) => readFileSync(path.join(dir, name)));
}

async function mjpegCamera(service: BenchService, o: RecordingOptions): Promise<RecordingFigures> {
  const jpegs = await patternJpegs();
  const endpoint = await service.mintCamera("yard");
  const camera = await Camera.connect({ wsUrl: endpoint.wsUrl, streamKey: endpoint.key });
  let sent = 0;
  const timer = setInterval(() => camera.send(jpegs[sent++ % jpegs.length] as Buffer), 1000 / MJPEG.fps);
  try {
    return await offAndOn(service, "mjpeg", `WebSocket MJPEG ${MJPEG.size} at ${MJPEG.fps} fps`, "yard", o);
  } finally {
    clearInterval(timer);
    await camera.close();
  }
}

/** Both kinds, one after the other, on one service on SQLite. */
export async function measureRecording(o: RecordingOptions): Promise<RecordingFigures[]> {
  o.log(`encoding the ${CLIP.size} clip the RTSP camera loops ...`);
  const clip = await makeClip();
  const cameras = await fileCameras(clip, 1);
  const service = await startService({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
  try {
    await service.api("POST", "/api/v1/apps", { name: APP });
    await service.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: configYaml(false) });
    const rooms = await pullCameras(service, APP, cameras.map((c) => c.url), "door");
    const door = rooms[0]?.room.slice(APP.length + 1) ?? "door0";
    const pulled = await offAndOn(service, "pulled", `RTSP ${CLIP.size} H.264 at ${CLIP.fps} fps, ${CLIP.bitrate}b/s`, door, o);
    await removePulls(service, APP, rooms);
    return [pulled, await mjpegCamera(service, o)];
  } finally {
    await service.stop();
    await Promise.all(cameras.map((c) => c.stop()));
  }
}

/** What recording adds per camera: on less off. */
export const recordingCost = (f: RecordingFigures): ServiceCores => minus(f.on, f.off);
