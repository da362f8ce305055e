/**
 * Recording and VODs against a real MinIO (issue 13), three figures in one run:
 * - upload MB/s through the service's upload step vs the bare SDK `Upload` (goal >= 90 %);
 * - `GET /vods` latency over BENCH_VOD_ROWS rows per app, for every filter shape;
 * - the service's event-loop delay p99 while 4 uploads and an adaptive transcode run (goal < 20 ms).
 *
 *   npm run bench:vods   env: BENCH_VIDEO_SECONDS (20), BENCH_UPLOAD_ROUNDS (3),
 *                             BENCH_VOD_ROWS (100000), BENCH_LIST_REQUESTS (200)
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMinio } from "../test/helpers/minio.ts";
import { freePort } from "../test/helpers/ports.ts";
import { startServer, tempDir } from "../test/helpers/server.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { measureList, seedVods } from "./vods/list.ts";
import { measureLoop } from "./vods/loop.ts";
import { measureUploads } from "./vods/upload.ts";

const UPLOAD_GOAL = 0.9;
const LOOP_GOAL_MS = 20;

/** A real H.264 MP4: a 720p test card under noise, so the encoder cannot shrink it below ~16 Mbit/s. */
function makeVideo(seconds: number): string {
  const file = path.join(tempDir("bench-vods-"), "video.mp4");
  const args = ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=30", "-t", String(seconds), "-vf", "noise=alls=40:allf=t+u", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "16M", "-minrate", "16M", "-maxrate", "16M", "-bufsize", "16M", "-pix_fmt", "yuv420p", "-y", file];
  execFileSync("ffmpeg", args);
  return file;
}

async function main(): Promise<number> {
  const videoSeconds = envNumber("BENCH_VIDEO_SECONDS", 20, 2);
  const rounds = envNumber("BENCH_UPLOAD_ROUNDS", 3, 1);
  const rows = envNumber("BENCH_VOD_ROWS", 100_000, 1000);
  const requests = envNumber("BENCH_LIST_REQUESTS", 200, 10);
  console.log(`bench:vods  node ${process.version}, ${os.availableParallelism()} cpus, ${videoSeconds} s test video, ${rows} VOD rows`);
  const video = makeVideo(videoSeconds);
  const bytes = statSync(video).size;
  const minio = await startMinio();
  const server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_LOG_LEVEL: "warn", SERVICE_UPLOAD_CONCURRENCY_PER_APP: "4", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
  const verdicts: string[] = [];
  try {
    const upload = await measureUploads(minio, video, rounds);
    const ratio = upload.oursMBps / upload.bareMBps;
    console.log(`\nupload of ${(upload.bytes / 1e6).toFixed(1)} MB to MinIO, median of ${rounds}: ours ${upload.oursMBps.toFixed(0)} MB/s, bare SDK Upload ${upload.bareMBps.toFixed(0)} MB/s (${(ratio * 100).toFixed(0)} %)`);
    verdicts.push(`upload ${(ratio * 100).toFixed(0)} % of the bare SDK (goal >= ${UPLOAD_GOAL * 100} %): ${ratio >= UPLOAD_GOAL ? "PASS" : "FAIL"}`);

    if ((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "listing" } })).status !== 201) throw new Error("could not create the listing app");
    const seeded = performance.now();
    seedVods(server, "listing", rows);
    console.log(`\nseeded ${rows} VOD rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${requests} sequential requests per shape`);
    const list = await measureList(server, "listing", rows, requests);
    const width = Math.max(...list.shapes.map((s) => s.query.length));
    console.log(`${"query".padEnd(width)}    total   p50 ms   p99 ms`);
    for (const s of list.shapes) console.log(`${s.query.padEnd(width)} ${String(s.total).padStart(8)} ${s.p50Ms.toFixed(2).padStart(8)} ${s.p99Ms.toFixed(2).padStart(8)}`);
    const worst = Math.max(...list.shapes.map((s) => s.p99Ms));
    verdicts.push(`VOD list over ${rows} rows: worst p99 ${worst.toFixed(2)} ms (report only)`);

    const loop = await measureLoop(server, minio, video, bytes);
    console.log(
      `\n${loop.uploads} uploads (${loop.megabytes.toFixed(0)} MB) and a ladder transcode in ${loop.seconds.toFixed(1)} s: ` +
        `event-loop delay p50 ${loop.p50Ms.toFixed(1)} ms, p99 ${loop.p99Ms.toFixed(1)} ms, max ${loop.maxMs.toFixed(1)} ms`,
    );
    verdicts.push(`event-loop delay p99 ${loop.p99Ms.toFixed(1)} ms during uploads and a transcode (goal < ${LOOP_GOAL_MS} ms): ${loop.p99Ms < LOOP_GOAL_MS ? "PASS" : "FAIL"}`);
  } finally {
    await server.close();
    await minio.close();
  }
  for (const v of verdicts) console.log(`verdict: ${v}`);
  return 0;
}

runMain(main);
