/**
 * The log store (issue 22 §2), three figures in one run:
 * - sustained ingestion: BENCH_LOG_LINES lines logged by the service's own logger, lines/s with the
 *   store on (until every line is stored) vs off (the baseline, same logger and file);
 * - the event loop during a burst of 100k lines with the store on: its longest stall (goal: a few ms);
 * - `GET /logs?q=` p99 over BENCH_LOG_ROWS stored lines, several word shapes (report only).
 *
 *   npm run bench:logs   env: BENCH_LOG_LINES (200000), BENCH_LOG_ROWS (1000000), BENCH_LOG_QUERIES (100)
 */
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setImmediate as tick } from "node:timers/promises";
import { LogStore, type LogRow } from "../src/logs/store.ts";
import { freePort } from "../test/helpers/ports.ts";
import { startServer, tempDir, type TestServer } from "../test/helpers/server.ts";
import { LatencyRecorder } from "./shared/latency.ts";
import { envNumber, runMain } from "./shared/cli.ts";

const STALL_GOAL_MS = 20;
const WORDS = ["upload", "stream", "room", "egress", "viewer", "camera", "webhook", "retry", "probe", "segment", "token", "quota"];

/** Logs `lines` lines in slices of 1000 per turn of the loop, as a busy service would. */
async function logLines(server: TestServer, lines: number, source: string): Promise<void> {
  const log = server.app.logger.child({ component: source, app: "bench" });
  for (let i = 0; i < lines; i++) {
    log.info({ i, room: `bench-${i % 50}` }, `${WORDS[i % WORDS.length]} event ${i} for room bench-${i % 50}`);
    if (i % 1000 === 999) await tick();
  }
}

async function storedCount(server: TestServer, source: string): Promise<number> {
  const res = await server.request("GET", `/api/v1/logs?source=${source}&limit=1`, { token: server.rootToken, timeoutMs: 60_000 });
  return (res.json as { total: number }).total;
}

async function ingestion(lines: number, store: boolean): Promise<{ seconds: number; stallMs: number }> {
  const server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_LOG_STORE: store ? "on" : "off", SERVICE_LOG_STDOUT: "off" });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  try {
    loop.enable();
    const started = performance.now();
    await logLines(server, lines, "ingest");
    if (store) while ((await storedCount(server, "ingest")) < lines) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    return { seconds, stallMs: loop.max / 1e6 };
  } finally {
    await server.close();
  }
}

/** 100k lines at once (one synchronous loop), store on: the longest the event loop waited meanwhile. */
async function burst(): Promise<{ stallMs: number; p99Ms: number; storedS: number }> {
  const server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_LOG_STDOUT: "off" });
  try {
    const log = server.app.logger.child({ component: "burst" });
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) log.info({ i }, `burst line ${i}`);
    // The logging itself is the caller's loop; what counts is what the store does afterwards.
    loop.enable();
    while ((await storedCount(server, "burst")) < 100_000) await new Promise((r) => setTimeout(r, 20));
    loop.disable();
    return { stallMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6, storedS: (performance.now() - started) / 1000 };
  } finally {
    await server.close();
  }
}

async function search(rows: number, queries: number): Promise<{ shape: string; total: number; p50: number; p99: number }[]> {
  const server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_LOG_STDOUT: "off" });
  try {
    await server.request("GET", "/api/v1/logs?limit=1", { token: server.rootToken });
    // Seed the store's file directly (the same schema, from this thread), then query through the API.
    const store = new LogStore(path.join(server.dataDir, "logs.db"));
    const seeded = performance.now();
    const day = Date.now() - 86_400_000;
    for (let done = 0; done < rows; done += 10_000) {
      const batch: LogRow[] = [];
      for (let i = done; i < Math.min(rows, done + 10_000); i++) {
        batch.push({ ts: new Date(day + i * 50).toISOString(), level: i % 10 === 0 ? 40 : 30, app: `app-${i % 20}`, source: `src-${i % 8}`, msg: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} event ${i} in room r-${i % 1000}`, meta: null });
      }
      store.append(batch);
    }
    store.close();
    console.log(`seeded ${rows} lines in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const shapes = ["?q=upload", "?q=upload%20retry", "?q=event%20999999", "?q=r-17&level=warn", "?q=camera&source=src-3&limit=100", "?q=nothingmatches"];
    const out = [];
    for (const shape of shapes) {
      const latency = new LatencyRecorder();
      let total = 0;
      for (let i = 0; i < queries; i++) {
        const started = performance.now();
        const res = await server.request("GET", `/api/v1/logs${shape}`, { token: server.rootToken, timeoutMs: 60_000 });
        latency.record(performance.now() - started);
        if (res.status !== 200) throw new Error(`${shape}: ${res.status} ${res.text}`);
        total = (res.json as { total: number }).total;
      }
      out.push({ shape, total, p50: latency.percentile(50), p99: latency.percentile(99) });
    }
    return out;
  } finally {
    await server.close();
  }
}

async function main(): Promise<number> {
  const lines = envNumber("BENCH_LOG_LINES", 200_000, 1000);
  const rows = envNumber("BENCH_LOG_ROWS", 1_000_000, 10_000);
  const queries = envNumber("BENCH_LOG_QUERIES", 100, 5);
  console.log(`bench:logs  node ${process.version}, ${os.availableParallelism()} cpus, ${lines} lines, ${rows} stored lines for search`);
  tempDir();

  const off = await ingestion(lines, false);
  const on = await ingestion(lines, true);
  const offRate = lines / off.seconds;
  const onRate = lines / on.seconds;
  console.log(`\ningestion of ${lines} lines: store off ${offRate.toFixed(0)} lines/s, store on ${onRate.toFixed(0)} lines/s (every line stored): ${((onRate / offRate) * 100).toFixed(0)} % of the baseline`);
  console.log(`  longest event-loop stall: off ${off.stallMs.toFixed(1)} ms, on ${on.stallMs.toFixed(1)} ms`);

  const b = await burst();
  console.log(`\nburst of 100,000 lines, store on: all stored ${b.storedS.toFixed(1)} s after the first; event loop meanwhile p99 ${b.p99Ms.toFixed(1)} ms, longest ${b.stallMs.toFixed(1)} ms`);

  console.log(`\nGET /logs?q= over ${rows} lines, ${queries} sequential requests per shape`);
  const found = await search(rows, queries);
  const width = Math.max(...found.map((f) => f.shape.length));
  console.log(`${"query".padEnd(width)}     total   p50 ms   p99 ms`);
  for (const f of found) console.log(`${f.shape.padEnd(width)} ${String(f.total).padStart(9)} ${f.p50.toFixed(2).padStart(8)} ${f.p99.toFixed(2).padStart(8)}`);

  const pass = b.stallMs < STALL_GOAL_MS;
  console.log(`\nburst stall ${b.stallMs.toFixed(1)} ms (goal < ${STALL_GOAL_MS} ms): ${pass ? "PASS" : "FAIL"}`);
  return pass ? 0 : 1;
}

runMain(main);
