/**
 * Pulled cameras (issue 33), end to end on loopback, the service in its own process:
 * - CPU per camera of N pulled 1080p H.264 cameras nobody watches (the service and its ffmpeg
 *   children, from /proc), vs the baseline in the same run: N bare ffmpeg pulls of the same
 *   cameras, their fMP4 written to /dev/null (goal <= 1.2x);
 * - the same with every camera recorded (by copy of the ring files the pull writes, no encode);
 * - the same picture through the MJPEG path (JPEGs over the WebSocket ingest, recorded, which
 *   encodes H.264): CPU per camera, and how much cheaper a pulled camera is (expect >= 10x);
 * - CPU per LL-HLS viewer: V HTTP viewers doing a low-latency player's requests (and the live
 *   windows their first requests make);
 * - glass-to-glass latency p50/p95 on the player page in Chromium (hls.js), read from a time code
 *   the camera burns into each frame, beside what the service delivers part by part and a bare
 *   ffmpeg decoding the camera directly (the baseline); goal <= 2 s.
 *
 *   npm run bench:cameras
 *   env: BENCH_CAMERAS (4), BENCH_SECONDS (10 per CPU window), BENCH_WARMUP_SECONDS (3),
 *        BENCH_VIEWERS (20), BENCH_MJPEG_CAMERAS (1), BENCH_LATENCY_SECONDS (20),
 *        BENCH_TRANSPORT (tcp; udp pulls the cameras, and the baseline, over RTSP's UDP transport),
 *        BENCH_RTSP_DIRECT (off; 1 gives the service SERVICE_RTSP_DIRECT=127.0.0.1/32: no relay on the byte path)
 */
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { startRtspCamera, type RtspCamera } from "../test/helpers/rtsp.ts";
import { UNREACHABLE_LIVEKIT } from "../test/helpers/server.ts";
import { minus, serviceCores } from "./cameras/cpu.ts";
import { bareDecodeLatency, partLatency, playerLatency } from "./cameras/latency.ts";
import { mjpegRecordedCores } from "./cameras/mjpeg.ts";
import { barePullCores, pullCameras, removePulls } from "./cameras/pulls.ts";
import { settledVods, startRecordings, stopRecordings } from "./cameras/recordings.ts";
import { report } from "./cameras/report.ts";
import { CLIP, clipJpegs, fileCameras, makeClip } from "./cameras/sources.ts";
import { HlsViewers } from "./cameras/viewers.ts";
import { APP, BenchService } from "./mjpeg/service.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { complaintNotes } from "./shared/complaints.ts";

/** A service just started is still compiling and migrating; idle is what it settles at. */
const SETTLE_SECONDS = 5;
/** How long after its last request a camera's live window is gone (camera-hls.ts keeps it 30 s, swept every 5 s). */
const WINDOWS_GONE_MS = 36_000;
/** hls.js's time to find its live edge, before the latency window. */
const PLAYER_WARMUP_SECONDS = 5;
/** The latency camera encodes live (to carry the wall clock): small, at the clip's rate and GOP. */
const GLASS = { width: 640, height: 360 } as const;
const APP_CONFIG = "features:\n  publicPlayback: true\nrecording:\n  enabled: true\n";
/** What the tests give a service that pulls loopback cameras; viewers all come from 127.0.0.1, so its anonymous rate limit is lifted. */
const SERVICE_ENV = { SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_RATE_LIMITS: "anonymous=100000000", ...UNREACHABLE_LIVEKIT };

const step = (what: string) => process.stderr.write(`${what} ...\n`);

async function main(): Promise<number> {
  const n = envNumber("BENCH_CAMERAS", 4, 1);
  const seconds = envNumber("BENCH_SECONDS", 10, 2, { integer: false });
  const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 3, 0, { integer: false });
  const viewerCount = envNumber("BENCH_VIEWERS", 20, 1);
  const mjpegCount = envNumber("BENCH_MJPEG_CAMERAS", 1, 1);
  const latencySeconds = envNumber("BENCH_LATENCY_SECONDS", 20, 5, { integer: false });
  const transport = process.env["BENCH_TRANSPORT"] === "udp" ? "udp" : "tcp";
  const rtspDirect = process.env["BENCH_RTSP_DIRECT"] === "1";
  console.log(
    `bench:cameras  node ${process.version}, ${os.availableParallelism()} cpus; ${n} pulled cameras, each ${CLIP.size} H.264 at ${CLIP.fps} fps, ` +
      `${CLIP.bitrate}b/s, ${CLIP.gop / CLIP.fps} s GOP (a ${CLIP.seconds} s clip looped by the RTSP fixture), RTSP over ${transport.toUpperCase()}${rtspDirect ? " straight to the cameras (SERVICE_RTSP_DIRECT)" : " through the guard's relay"}; ${seconds} s CPU windows after ${warmupSeconds} s`,
  );
  step("encoding the 1080p clip");
  const clip = await makeClip();
  const jpegs = await clipJpegs(clip);
  const cameras = await fileCameras(clip, n);
  const urls = cameras.map((c) => c.url);
  let service: BenchService | undefined;
  let glassCamera: RtspCamera | undefined;
  let viewers: HlsViewers | undefined;
  try {
    step(`baseline: ${n} bare ffmpeg pulls`);
    const bare = await barePullCores(urls, seconds, warmupSeconds, transport);
    service = await BenchService.start(rtspDirect ? { ...SERVICE_ENV, SERVICE_RTSP_DIRECT: "127.0.0.1/32" } : SERVICE_ENV);
    const pid = service.pid;
    await service.api("POST", "/api/v1/apps", { name: APP });
    await service.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: APP_CONFIG });
    await sleep(SETTLE_SECONDS * 1000);
    const idle = await serviceCores(pid, seconds);

    step(`service: ${n} pulled cameras`);
    const rooms = await pullCameras(service, APP, urls, "cam", transport);
    await sleep(warmupSeconds * 1000);
    const pulled = await serviceCores(pid, seconds);


    step(`service: ${viewerCount} LL-HLS viewers`);
    const base = `http://127.0.0.1:${service.port}`;
    viewers = new HlsViewers(rooms.map((r) => `${base}/live/${APP}/${r.room}/hls/stream.m3u8`), viewerCount);
    await sleep(warmupSeconds * 1000);
    viewers.mark();
    const viewed = await serviceCores(pid, seconds);
    const counts = { ...viewers.counts };
    await viewers.stop();
    viewers = undefined;
    const viewersLeftAt = Date.now();

    step("glass-to-glass latency");
    glassCamera = await startRtspCamera({ size: `${GLASS.width}x${GLASS.height}`, fps: CLIP.fps, gop: CLIP.gop });
    const glassRooms = await pullCameras(service, APP, [glassCamera.url], "glass");
    const glassRoom = glassRooms[0]?.room ?? "";
    const window = { ...GLASS, warmupSeconds: PLAYER_WARMUP_SECONDS, seconds: latencySeconds };
    const [player, parts, direct] = await Promise.all([
      playerLatency(`${base}/play/${APP}/${glassRoom}`, window),
      partLatency(`${base}/live/${APP}/${glassRoom}/hls/stream.m3u8`, window),
      bareDecodeLatency(glassCamera.url, window),
    ]);
    await removePulls(service, APP, glassRooms);

    // Last of the pulled phases: finishing the recordings' VODs is work the phases after wait out.
    // The windows the viewers made go once nobody asked for 30 s: the recordings are measured without them.
    await sleep(Math.max(0, WINDOWS_GONE_MS - (Date.now() - viewersLeftAt)));
    step(`service: ${n} pulled cameras recorded`);
    const vods = await startRecordings(service, rooms.map((r) => r.room));
    await sleep(warmupSeconds * 1000);
    const recorded = await serviceCores(pid, seconds);
    await stopRecordings(service, vods);
    const vodStatuses = await settledVods(service, vods);
    await removePulls(service, APP, rooms);

    step(`MJPEG: ${mjpegCount} camera(s) recorded`);
    const mjpeg = await mjpegRecordedCores(service, { jpegs, count: mjpegCount, fps: CLIP.fps, warmupSeconds, seconds });

    console.log(
      `\n${report({
        cameras: n,
        seconds,
        bare,
        idle,
        live: minus(pulled, idle),
        recorded: { added: minus(recorded, idle), vods: vodStatuses },
        mjpeg: { cameras: mjpegCount, size: CLIP.size, fps: CLIP.fps, added: minus(mjpeg, idle) },
        viewers: { count: viewerCount, added: minus(viewed, pulled), counts },
        glass: { size: `${GLASS.width}x${GLASS.height}`, fps: CLIP.fps, seconds: latencySeconds, player, parts, direct },
      })}`,
    );
    for (const note of complaintNotes(service.complaints())) console.log(`note: ${note}`);
    return 0;
  } finally {
    await viewers?.stop();
    await service?.stop();
    await glassCamera?.stop();
    await Promise.all(cameras.map((c) => c.stop()));
  }
}

// Exit through process.exit, so the service is killed by its exit hook (the cameras die with this process).
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

runMain(main);
