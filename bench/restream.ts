/**
 * Restreaming a 720p30 camera room (issue 15) to a real RTMP receiver (nginx's RTMP module):
 * - CPU per destination: the service (its own process and its ffmpeg children) vs the baseline,
 *   one bare ffmpeg doing the same encode and push from a file at the same rate;
 * - how many destinations this machine sustains: N destinations at once (1, 2, 4, 6, ... up to
 *   BENCH_RESTREAM_MAX), each sustained when the receiver got at least 90 % of the wall time as video.
 *
 *   npm run bench:restream   env: BENCH_RESTREAM_SECONDS (10), BENCH_RESTREAM_MAX (8)
 */
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PACED_FPS } from "../src/mjpeg/paced-ffmpeg.ts";
import type { DestinationView } from "../src/restream/service.ts";
import type { StreamView } from "../src/streams/store.ts";
import { ffmpegJpeg } from "../test/helpers/jpeg.ts";
import { Camera, cameraApp, mintKey } from "../test/helpers/mjpeg.ts";
import { freePort } from "../test/helpers/ports.ts";
import { startRtmpReceiver, type RtmpReceiver } from "../test/helpers/rtmp.ts";
import { startServer, tempDir, type TestServer } from "../test/helpers/server.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { sampleProcess } from "./shared/proc-cpu.ts";

const SUSTAINED = 0.9;

/** Ten distinct noisy 720p frames: a camera picture an encoder has to work on, not a flat colour. */
function frames(): Buffer[] {
  return Array.from({ length: 10 }, (_, i) => ffmpegJpeg("testsrc2=size=1280x720:rate=30", ["-vf", `noise=alls=25:allf=t+u:all_seed=${i + 1}`, "-q:v", "5"]));
}

/** CPU seconds used so far by `pid` and its ffmpeg children. */
function treeSeconds(pid: number): number {
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid), "ffmpeg"], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    // no children
  }
  return [pid, ...children].reduce((sum, p) => {
    try {
      return sum + sampleProcess(p).processSeconds;
    } catch {
      return sum;
    }
  }, 0);
}

function durationOf(file: string): number {
  try {
    return Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], { encoding: "utf8" }).trim()) || 0;
  } catch {
    return 0;
  }
}

/** The baseline: one bare ffmpeg encoding the same frames at the same rate, pushing to the receiver. */
async function baseline(receiver: RtmpReceiver, jpegs: Buffer[], seconds: number): Promise<number> {
  const file = path.join(tempDir("bench-restream-"), "frames.mjpeg");
  writeFileSync(file, Buffer.concat(jpegs));
  const args = ["-loglevel", "error", "-re", "-stream_loop", "-1", "-framerate", String(PACED_FPS), "-f", "mjpeg", "-i", file,
    "-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=44100", "-map", "0:v", "-map", "1:a",
    "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-g", String(PACED_FPS * 2), "-b:v", "2500k", "-maxrate", "2500k", "-bufsize", "5000k",
    "-c:a", "aac", "-b:a", "64k", "-f", "flv", `${receiver.url}/baseline`];
  const child = spawn("ffmpeg", args, { stdio: "ignore" });
  await sleep(3000);
  const before = sampleProcess(child.pid as number).processSeconds;
  const started = performance.now();
  await sleep(seconds * 1000);
  const cores = (sampleProcess(child.pid as number).processSeconds - before) / ((performance.now() - started) / 1000);
  child.kill("SIGINT");
  await sleep(500);
  return cores;
}

async function run(server: TestServer, receiver: RtmpReceiver, streamUrl: string, n: number, seconds: number, round: number): Promise<{ cores: number; sustained: number }> {
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call("POST", streamUrl, { platform: "custom", url: receiver.url, key: `r${round}-d${i}` });
    if (res.status !== 201) throw new Error(`starting destination ${i}: ${res.status} ${res.text}`);
    ids.push((res.json as { data: DestinationView }).data.id);
  }
  await sleep(3000);
  const before = treeSeconds(process.pid);
  const started = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - started) / 1000;
  const cores = (treeSeconds(process.pid) - before) / wall;
  const pushedFor = (performance.now() - started) / 1000 + 3;
  for (const id of ids) await call("DELETE", `${streamUrl}/${id}`);
  await sleep(2000);
  const sustained = ids.filter((_, i) => durationOf(receiver.recording(`r${round}-d${i}`)) >= SUSTAINED * pushedFor).length;
  return { cores, sustained };
}

async function main(): Promise<number> {
  const seconds = envNumber("BENCH_RESTREAM_SECONDS", 10, 3);
  const max = envNumber("BENCH_RESTREAM_MAX", 8, 1);
  console.log(`bench:restream  node ${process.version}, ${os.availableParallelism()} cpus, 720p camera at 30 fps, pushes at ${PACED_FPS} fps, ${seconds} s per measure`);
  const jpegs = frames();
  const receiver = await startRtmpReceiver();
  const server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_LOG_LEVEL: "warn", SERVICE_LOG_STDOUT: "off" });
  let camera: Camera | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const base = await baseline(receiver, jpegs, seconds);
    console.log(`\nbaseline: one bare ffmpeg, same encode and push: ${(base * 100).toFixed(0)} % of a core`);
    await cameraApp(server, "bench");
    camera = await Camera.connect(await mintKey(server, "bench", "studio"));
    let i = 0;
    const cam = camera;
    timer = setInterval(() => cam.send(jpegs[i++ % jpegs.length] as Buffer), 1000 / 30);
    await sleep(1000);
    const streams = (await server.request("GET", "/api/v1/apps/bench/streams", { token: server.rootToken })).json as StreamView[];
    const streamUrl = `/api/v1/apps/bench/streams/${encodeURIComponent(streams[0]?.streamId ?? "")}/restream`;
    const idle = treeSeconds(process.pid);
    await sleep(3000);
    const idleCores = (treeSeconds(process.pid) - idle) / 3;
    console.log(`service with the camera and no destination: ${(idleCores * 100).toFixed(0)} % of a core`);
    console.log("\ndestinations   CPU (cores)   per destination   vs baseline   sustained");
    let most = 0;
    let perOne = 0;
    for (let n = 1, round = 0; n <= max; n = n < 4 ? n * 2 : n + 2, round++) {
      const r = await run(server, receiver, streamUrl, n, seconds, round);
      const per = (r.cores - idleCores) / n;
      if (n === 1) perOne = per;
      console.log(`${String(n).padStart(12)}   ${r.cores.toFixed(2).padStart(11)}   ${(per * 100).toFixed(0).padStart(14)} %   ${((per / base) * 100).toFixed(0).padStart(9)} %   ${r.sustained}/${n}`);
      if (r.sustained < n) break;
      most = n;
    }
    console.log(`\nCPU per restreamed 720p camera room: ${(perOne * 100).toFixed(0)} % of a core (${((perOne / base) * 100).toFixed(0)} % of the bare ffmpeg baseline); this machine sustained ${most} destinations at once`);
    return 0;
  } finally {
    clearInterval(timer);
    await camera?.close();
    await server.close();
    await receiver.close();
  }
}

runMain(main);
