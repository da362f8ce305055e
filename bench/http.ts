/**
 * HTTP throughput of the full pipeline on loopback, with server CPU per request. Each server runs
 * in its own child process; autocannon runs here. Two comparisons, each in one run:
 *
 *   backends (default, issue 32)  the service on SQLite, on PostgreSQL, and on PostgreSQL + Redis:
 *                                 GET /apps and the join-token mints, with the statements each
 *                                 request ran on each database and the database's own CPU
 *   raw (issue 21)                the service on SQLite against bare uWebSockets.js doing the same work
 *
 *   npm run bench:http [-- backends|raw]
 *     env: BENCH_SECONDS (backends 3, raw 5), BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (3),
 *          BENCH_CONNECTIONS (50), BENCH_PIPELINING (backends 1, raw 10)
 */
import os from "node:os";
import { envNumber, runMain } from "./shared/cli.ts";
import { runBackends } from "./http/backends.ts";
import type { LoadResult, LoadSettings } from "./http/load.ts";
import { runVsRaw } from "./http/vs-raw.ts";

const COMPARISONS = ["backends", "raw"] as const;
type Comparison = (typeof COMPARISONS)[number];
/** Issue 32: PostgreSQL keeps this share of SQLite's throughput and requests per CPU on cached paths. */
const BACKENDS_GOAL = 0.7;

async function main(): Promise<number> {
  const arg = process.argv[2] ?? "backends";
  const comparison = COMPARISONS.find((c) => c === arg);
  if (comparison === undefined) throw new Error(`usage: npm run bench:http [-- ${COMPARISONS.join("|")}], got ${arg}`);
  const settings: LoadSettings = {
    // Three sides, three scenarios and three rounds: 3 s each keeps the backends run near 2 minutes.
    seconds: envNumber("BENCH_SECONDS", comparison === "backends" ? 3 : 5, 1),
    warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 1, 0),
    connections: envNumber("BENCH_CONNECTIONS", 50, 1),
    // At 1, autocannon saturates its own core before raw uWS does and understates the baseline. But
    // uWS closes a connection whose next request arrives while a response is still being awaited,
    // and on PostgreSQL (or with Redis) every authenticated request awaits I/O: the backends
    // comparison sends one request at a time per connection, as browsers and nginx do.
    pipelining: envNumber("BENCH_PIPELINING", comparison === "backends" ? 1 : 10, 1),
  };
  const rounds = envNumber("BENCH_ROUNDS", 3, 1);
  if (comparison === "backends" && settings.pipelining > 1) {
    console.log(`note: BENCH_PIPELINING=${settings.pipelining}: uWS closes pipelined connections whose requests await I/O, so the PostgreSQL rows will answer next to nothing`);
  }
  console.log(
    `bench:http ${comparison}  node ${process.version}, ${os.availableParallelism()} cpus, load average ${os.loadavg()[0]?.toFixed(2)}, ` +
      `${settings.connections} connections, pipelining ${settings.pipelining}, warmup ${settings.warmupSeconds} s + ${settings.seconds} s per target, ` +
      `${rounds} interleaved rounds (median shown)`,
  );
  const results: ReadonlyArray<{ label: string; result: LoadResult }> = await run(comparison, settings, rounds);
  const broken = results.filter(({ result: r }) => r.errors > 0 || r.non2xx > 0);
  for (const { label, result: r } of broken) {
    console.error(`bench failed: ${label} had ${r.errors} errors (${r.timeouts} timeouts) and ${r.non2xx} non-2xx responses`);
  }
  return broken.length > 0 ? 1 : 0;
}

function run(comparison: Comparison, settings: LoadSettings, rounds: number) {
  return comparison === "backends" ? runBackends(settings, rounds, BACKENDS_GOAL) : runVsRaw(settings, rounds);
}

runMain(main);
