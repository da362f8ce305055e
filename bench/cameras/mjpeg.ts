import { setTimeout as sleep } from "node:timers/promises";
import { Camera } from "../../test/helpers/mjpeg.ts";
import type { BenchService } from "../mjpeg/service.ts";
import { serviceCores, type ServiceCores } from "./cpu.ts";
import { startRecordings, stopRecordings } from "./recordings.ts";

/**
 * How long the recorder's ffmpeg reads its JPEG pipe before it encodes the first frame: it probes
 * the input with ffmpeg's defaults, up to 5 MB or 5 s of it (about five seconds of these 1080p
 * JPEGs at 15 fps); measured earlier, the window would hold a recorder that has not begun.
 */
const RECORDER_PROBE_SECONDS = 6;

export interface MjpegCameras {
  /** The frames each camera cycles through. */
  readonly jpegs: readonly Buffer[];
  readonly count: number;
  readonly fps: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/**
 * The same picture through the MJPEG path: `count` WebSocket cameras sending the JPEGs at `fps`
 * from this process, each room recorded by the service (which encodes H.264 with its own ffmpeg,
 * at the recorder's paced rate). Answers the service's cores over `seconds`, once the recorders
 * encode and after the warmup; the recordings are stopped and the cameras hung up before it returns.
 */
export async function mjpegRecordedCores(service: BenchService, { jpegs, count, fps, warmupSeconds, seconds }: MjpegCameras): Promise<ServiceCores> {
  const cameras: Camera[] = [];
  const timers: NodeJS.Timeout[] = [];
  const vods: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const endpoint = await service.mintCamera(`mjpeg${i}`);
      const camera = await Camera.connect({ wsUrl: endpoint.wsUrl, streamKey: endpoint.key });
      cameras.push(camera);
      let sent = 0;
      timers.push(setInterval(() => camera.send(jpegs[sent++ % jpegs.length] as Buffer), 1000 / fps));
      // The room has a live camera once its first frames have arrived; only then is it recorded by our ffmpeg.
      await sleep(1000);
      vods.push(...(await startRecordings(service, [endpoint.room])));
    }
    await sleep((RECORDER_PROBE_SECONDS + warmupSeconds) * 1000);
    return await serviceCores(service.pid, seconds);
  } finally {
    await stopRecordings(service, vods);
    for (const timer of timers) clearInterval(timer);
    await Promise.all(cameras.map((c) => c.close()));
  }
}
