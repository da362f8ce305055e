/**
 * Soak (issue 19): the service in its own process under a steady, mixed load for SOAK_MINUTES
 * (30): cameras at 15 fps with MJPEG viewers, a camera leaving and coming back every 20 s (stream
 * events, delivered as signed webhooks to a local receiver), API calls several times a second and
 * a config write every 10 s. Every SOAK_SAMPLE_SECONDS (30) it samples the service's RSS after a
 * full GC, its open descriptors and its event-loop delay p99 (prom-client's, since the last
 * scrape, less the sampling period Node's histogram counts in). The baseline is the run's own first third: the last third must not grow from it.
 *
 *   npm run bench:soak          env: SOAK_MINUTES (30), SOAK_SAMPLE_SECONDS (30), SOAK_CAMERAS (3), SOAK_VIEWERS (30)
 *
 * Exits 0 when the run held (flat RSS, descriptors and delay, no errors), 1 otherwise.
 */
import { readdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Receiver } from "../test/helpers/receiver.ts";
import { ViewerFleet } from "./mjpeg/fleet.ts";
import { FrameMaker, baseJpeg, wallMs } from "./mjpeg/jpeg.ts";
import { APP, BenchService } from "./mjpeg/service.ts";
import { PacedCamera } from "./plugins/camera.ts";
import { complaintNotes } from "./shared/complaints.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { EVENT_LOOP_SAMPLE_MS } from "../src/observability/metrics.ts";

interface Sample {
  readonly minute: number;
  readonly rssMb: number;
  readonly fds: number;
  readonly lagP99Ms: number;
  readonly apiCalls: number;
  readonly apiErrors: number;
  readonly webhooks: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/**
 * The event-loop delay p99 since the last scrape (prom-client resets it at each), in ms. The
 * service's histogram times the whole gap between its samples, so an idle loop reads the sampling
 * period itself; the delay is the excess.
 */
async function lagP99Ms(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_p99_seconds "));
  return line ? Math.max(0, Number(line.split(" ")[1]) * 1000 - EVENT_LOOP_SAMPLE_MS) : Number.NaN;
}

async function main(): Promise<number> {
  const minutes = envNumber("SOAK_MINUTES", 30, 1);
  const sampleSeconds = envNumber("SOAK_SAMPLE_SECONDS", 30, 5);
  const cameraCount = envNumber("SOAK_CAMERAS", 3, 1);
  const viewerCount = envNumber("SOAK_VIEWERS", 30, 1);
  const receiver = await Receiver.start();
  const service = await BenchService.start({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
  const fleet = ViewerFleet.start(1);
  const timers: NodeJS.Timeout[] = [];
  const cameras: PacedCamera[] = [];
  let apiCalls = 0;
  let apiErrors = 0;
  const call = (method: string, route: string, body?: unknown) => {
    apiCalls++;
    return service.api(method, route, body).catch(() => {
      apiErrors++;
      return undefined;
    });
  };
  try {
    await service.createApp();
    const config = (n: number) => `display_name: "soak ${n}"\nfeatures:\n  publicPlayback: true\nws_ingest:\n  max_fps: 120\n  max_viewers: 10000\ncallbacks:\n  url: ${receiver.url()}\n`;
    await service.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: config(0) });
    // A stamped bench frame (the viewers check the stamp), the same one over and over: the soak reads no latency.
    const jpeg = new FrameMaker(baseJpeg(), 20_000).frame(0, wallMs());
    const endpoints = await Promise.all(Array.from({ length: cameraCount }, (_, i) => service.mintCamera(`soak-${i}`)));
    for (const endpoint of endpoints) cameras.push(await PacedCamera.start(endpoint, jpeg, 15));
    await sleep(1000);
    const first = endpoints[0];
    if (!first) throw new Error("SOAK_CAMERAS must be at least 1");
    const opened = await fleet.open("normal", viewerCount, first.viewers);
    if (opened.failed > 0) throw new Error(`${opened.failed} viewers failed to open: ${opened.errorSamples.join("; ")}`);

    let writes = 0;
    timers.push(setInterval(() => void call("GET", `/api/v1/apps/${APP}`), 250));
    timers.push(setInterval(() => void call("GET", `/api/v1/apps/${APP}/streams`), 500));
    timers.push(setInterval(() => void call("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: config(++writes) }), 10_000));
    // The last camera leaves and comes back: stream_ended and stream_started, as webhooks.
    const churning = endpoints.at(-1);
    let churned = cameras.length - 1;
    timers.push(
      setInterval(() => {
        if (!churning) return;
        const leaving = cameras[churned];
        void leaving?.stop().then(async () => {
          cameras[churned] = await PacedCamera.start(churning, jpeg, 15);
        });
      }, 20_000),
    );

    const samples: Sample[] = [];
    const started = Date.now();
    await lagP99Ms(service.port);
    while (Date.now() - started < minutes * 60_000) {
      await sleep(sampleSeconds * 1000);
      // The delay first: the full GC behind the RSS figure pauses the loop, and would be in the next window's p99 otherwise.
      const lag = await lagP99Ms(service.port);
      const rss = await service.settledRss();
      await lagP99Ms(service.port);
      const sample: Sample = {
        minute: Math.round((Date.now() - started) / 6000) / 10,
        rssMb: Math.round(rss / 1e5) / 10,
        fds: readdirSync(`/proc/${service.pid}/fd`).length,
        lagP99Ms: Math.round(lag * 10) / 10,
        apiCalls,
        apiErrors,
        webhooks: receiver.received.length,
      };
      samples.push(sample);
      process.stdout.write(`${sample.minute.toFixed(1)} min: RSS ${sample.rssMb} MB, ${sample.fds} fds, loop p99 ${sample.lagP99Ms} ms, ${apiCalls} API calls (${apiErrors} failed), ${sample.webhooks} webhooks\n`);
    }
    churned = -1;

    const third = Math.max(1, Math.floor(samples.length / 3));
    const [early, late] = [samples.slice(0, third), samples.slice(-third)];
    const figure = (pick: (s: Sample) => number) => ({ base: median(early.map(pick)), end: median(late.map(pick)) });
    const rss = figure((s) => s.rssMb);
    const fds = figure((s) => s.fds);
    const lag = figure((s) => s.lagP99Ms);
    const complaints = complaintNotes(service.complaints(), 10);
    const checks = [
      { name: "RSS after GC (MB)", ...rss, ok: rss.end <= rss.base * 1.1 + 5 },
      { name: "open descriptors", ...fds, ok: fds.end <= fds.base + 5 },
      { name: "event-loop delay p99 (ms)", ...lag, ok: lag.end <= lag.base * 1.5 + 2 },
    ];
    process.stdout.write(`\n## Soak, ${minutes} min, ${cameraCount} cameras at 15 fps, ${viewerCount} viewers, ${apiCalls} API calls, ${writes} config writes, ${receiver.received.length} webhooks\n\n`);
    process.stdout.write("| figure | first third (baseline) | last third | ratio | verdict |\n|---|---|---|---|---|\n");
    for (const c of checks) process.stdout.write(`| ${c.name} | ${c.base} | ${c.end} | ${c.base > 0 ? (c.end / c.base).toFixed(2) : "–"} | ${c.ok ? "flat" : "GROWS"} |\n`);
    process.stdout.write(`| API errors | | ${apiErrors} | | ${apiErrors === 0 ? "none" : "ERRORS"} |\n`);
    process.stdout.write(`| service warnings and errors | | ${complaints.length} | | ${complaints.length === 0 ? "none" : complaints.join("; ")} |\n`);
    return checks.every((c) => c.ok) && apiErrors === 0 && complaints.length === 0 ? 0 : 1;
  } finally {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(cameras.map((c) => c.stop().catch(() => undefined)));
    await fleet.stop();
    await service.stop();
    await receiver.close();
  }
}

runMain(main);
