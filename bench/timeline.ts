/**
 * The camera timeline (issue 34), in three parts:
 * - queries: a fleet of 100 cameras x 30 days of rows (60 s segments end to end, a gap a day,
 *   ~39 events per camera and day) written into a real service's app database, on SQLite and on
 *   PostgreSQL (the tests' own cluster), then the timeline and events routes timed over HTTP:
 *   p50/p95/p99 per query against the goal p99 < 50 ms, beside the same queries on an app of one
 *   camera and one day on the same server (the baseline);
 * - recording: the service's CPU per camera with the room's timeline on against off, for a
 *   pulled RTSP camera (copy) and a WebSocket MJPEG camera (encoded);
 * - detectors: bench:plugins' detector measure (bench/plugins/detectors.ts), against the goal of
 *   4 x the built-in detector's detections per second per core.
 *
 *   npm run bench:timeline [-- queries | recording | detectors]   (all by default)
 *   env: BENCH_TIMELINE_CAMERAS (100), BENCH_TIMELINE_DAYS (30), BENCH_TIMELINE_REQUESTS (200 per query, app and backend),
 *        BENCH_TIMELINE_BACKENDS (sqlite,postgres), BENCH_TIMELINE_CPU_SECONDS (20 per state and camera),
 *        BENCH_TIMELINE_CPU_ROUNDS (2), BENCH_WARMUP_SECONDS (3), BENCH_DETECTOR_SECONDS (8)
 *
 * Exits 0 when every part ran and met its goal, 1 otherwise.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { startPostgres } from "../test/helpers/postgres.ts";
import { measureDetectors } from "./plugins/detectors.ts";
import { renderDetectors } from "./plugins/report.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { complaintNotes } from "./shared/complaints.ts";
import { runFleet, type Backend, type BackendRun } from "./timeline/fleet.ts";
import { measureRecording } from "./timeline/recording.ts";
import { detectorVerdict, LEGEND, renderQueries, renderRecording } from "./timeline/report.ts";
import type { Fleet } from "./timeline/rows.ts";

const PARTS = ["queries", "recording", "detectors"] as const;
const BACKENDS: readonly Backend[] = ["sqlite", "postgres"];
/** Requests of the stats route on the fleet (each sums 4.3 M rows): a few show its cost. */
const STATS_REQUESTS = 3;
const FIXTURE = new URL("../test/fixtures/astronaut.jpg", import.meta.url);

const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");

function selected<T extends string>(words: readonly string[], all: readonly T[], what: string): T[] {
  if (words.length === 0) return [...all];
  return words.map((w) => {
    const found = all.find((p) => p === w);
    if (found === undefined) throw new Error(`unknown ${what} "${w}"; choose from ${all.join(", ")}`);
    return found;
  });
}

async function queriesPart(fleet: Fleet, baseline: Fleet, backends: readonly Backend[], requests: number): Promise<{ text: string; missed: string[] }> {
  const runs: BackendRun[] = [];
  const postgres = backends.includes("postgres") ? await startPostgres() : undefined;
  try {
    for (const backend of backends) {
      const databaseUrl = backend === "postgres" ? await postgres?.database() : undefined;
      runs.push(await runFleet({ backend, databaseUrl, fleet, baseline, requests, statsRequests: STATS_REQUESTS, log }));
      log(`load average after ${backend}: ${load()}`);
    }
  } finally {
    await postgres?.stop();
  }
  const rendered = runs.map((r) => renderQueries(r, fleet.app));
  const notes = runs.flatMap((r) => complaintNotes(r.complaints).map((n) => `note (${r.backend}): ${n}`));
  return { text: [...rendered.map((r) => r.text), ...notes].join("\n\n"), missed: rendered.flatMap((r) => r.missed) };
}

async function main(): Promise<number> {
  const parts = selected(process.argv.slice(2), PARTS, "part");
  const cameras = envNumber("BENCH_TIMELINE_CAMERAS", 100, 1);
  const days = envNumber("BENCH_TIMELINE_DAYS", 30, 1);
  const requests = envNumber("BENCH_TIMELINE_REQUESTS", 200, 1);
  const backends = selected((process.env["BENCH_TIMELINE_BACKENDS"] ?? "").split(",").filter((b) => b !== ""), BACKENDS, "backend");
  const endMs = Math.floor(Date.now() / 60_000) * 60_000;
  const fleet: Fleet = { app: "fleet", cameras, days, endMs };
  const baseline: Fleet = { app: "one-camera", cameras: 1, days: 1, endMs };
  console.log(`bench:timeline  node ${process.version}, ${os.availableParallelism()} cpus, load average ${load()}; parts ${parts.join(" ")}`);
  const out: string[] = [];
  let failed = false;
  if (parts.includes("queries")) {
    const { text, missed } = await queriesPart(fleet, baseline, backends, requests);
    failed ||= missed.length > 0;
    out.push(`## Queries: ${cameras} cameras x ${days} days (baseline: ${baseline.cameras} camera x ${baseline.days} day, same server)`, "", text);
    if (missed.length > 0) out.push("", ...missed.map((m) => `verdict: MISS ${m}`));
  }
  if (parts.includes("recording")) {
    const seconds = envNumber("BENCH_TIMELINE_CPU_SECONDS", 20, 2, { integer: false });
    const rounds = envNumber("BENCH_TIMELINE_CPU_ROUNDS", 2, 1);
    const figures = await measureRecording({ seconds, rounds, warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 3, 0, { integer: false }), log });
    out.push("", "## Recording CPU per camera (timeline on less off)", "", renderRecording(figures, seconds, rounds));
    log(`load average after recording: ${load()}`);
  }
  if (parts.includes("detectors")) {
    const seconds = envNumber("BENCH_DETECTOR_SECONDS", 8, 1, { integer: false });
    const detectors = await measureDetectors(readFileSync(FIXTURE), seconds, log);
    const verdict = detectorVerdict(detectors);
    failed ||= verdict.includes("MISS");
    out.push("", `## Detections per core (bench:plugins -- detectors, ${seconds} s each)`, "", renderDetectors(detectors), "", verdict);
  }
  console.log(`\n${out.join("\n")}\n\nload average at the end: ${load()}\n\n${LEGEND}`);
  return failed ? 1 : 0;
}

// Exit through process.exit, so the services' exit hooks kill them rather than leave them running.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

runMain(main);
