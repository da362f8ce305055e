/**
 * HTTP throughput of the full pipeline against bare uWebSockets.js doing the same work, on
 * loopback: a hello-world GET /health, and a JSON echo POST (read body, parse, reply enveloped)
 * against our validated JSON route. Each server runs in its own child process; autocannon runs
 * here. The goal: the full pipeline keeps at least 60 % of raw uWS throughput on both.
 *
 *   npm run bench:http    env: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (3),
 *                              BENCH_CONNECTIONS (50), BENCH_PIPELINING (10)
 */
import { envNumber, runMain } from "./lib/cli.ts";
import os from "node:os";
import { measure, type LoadResult, type LoadSettings, type LoadSpec } from "./lib/load.ts";
import { boundOf, isClientLimited, judge, renderTable, TABLE_LEGEND, type Row } from "./lib/report.ts";
import { startTarget, type RunningTarget, type TargetKind } from "./lib/target-process.ts";

const GOAL = 0.6;
const ECHO_BODY = JSON.stringify({ name: "bench", n: 42 });
const ECHO_REPLY = JSON.stringify({ data: { name: "bench", n: 42 }, error: null });

const health = (port: number): LoadSpec => ({ url: `http://127.0.0.1:${port}/health`, method: "GET" });
const echo = (port: number): LoadSpec => ({
  url: `http://127.0.0.1:${port}/bench/echo`,
  method: "POST",
  body: ECHO_BODY,
  headers: { "content-type": "application/json" },
});

/** One request before the load, so a broken route fails loudly instead of benchmarking errors. */
async function check(spec: LoadSpec, expectBody?: string): Promise<void> {
  const res = await fetch(spec.url, { method: spec.method, body: spec.body, headers: spec.headers });
  const text = await res.text();
  if (res.status !== 200 || (expectBody !== undefined && text !== expectBody)) {
    throw new Error(`${spec.method} ${spec.url} answered ${res.status} ${text}`);
  }
}

async function withTarget<T>(kind: TargetKind, run: (target: RunningTarget) => Promise<T>): Promise<T> {
  const target = await startTarget(kind);
  try {
    if (!target.native) throw new Error(`${kind} target loaded the uWS JavaScript fallback, not the native binding`);
    return await run(target);
  } finally {
    await target.stop();
  }
}

async function run(label: string, spec: LoadSpec, settings: LoadSettings, target: RunningTarget): Promise<LoadResult> {
  process.stderr.write(`${label}: warmup ${settings.warmupSeconds} s, measuring ${settings.seconds} s ...\n`);
  return measure(spec, settings, target.pid);
}

function notes(rows: readonly Row[], pipelining: number): string[] {
  const out: string[] = [];
  for (const { label, result: r } of rows) {
    if (isClientLimited(r)) {
      out.push(
        `note: ${label} is client-bound (${boundOf(r)}): autocannon's thread used ${Math.round(r.client.mainThread * 100)}% of a core, ` +
          `the server's ${Math.round(r.server.mainThread * 100)}%; its req/s is a floor for what the server can do` +
          (pipelining === 1 ? " (BENCH_PIPELINING=10 cuts autocannon's cost per request)" : ""),
      );
    }
    const others = r.machine - r.server.process - r.client.process;
    if (others > 0.25) {
      out.push(`note: other processes kept ~${others.toFixed(2)} cores busy during ${label}; its req/s is depressed and noisy`);
    }
  }
  return out;
}

async function main(): Promise<number> {
  const settings: LoadSettings = {
    seconds: envNumber("BENCH_SECONDS", 5, 1),
    warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 1, 0),
    connections: envNumber("BENCH_CONNECTIONS", 50, 1),
    // At 1, autocannon saturates its own core before raw uWS does and understates the baseline.
    pipelining: envNumber("BENCH_PIPELINING", 10, 1),
  };
  console.log(
    `bench:http  node ${process.version}, ${os.availableParallelism()} cpus, ${settings.connections} connections, ` +
      `pipelining ${settings.pipelining}, warmup ${settings.warmupSeconds} s + ${settings.seconds} s per target, ` +
      `${envNumber("BENCH_ROUNDS", 3, 1)} interleaved rounds (median shown)`,
  );

  // Both servers stay up and the scenarios interleave round by round, so a slow patch of the
  // machine hits raw and ours alike; each row is the round with the median req/s.
  const rounds = envNumber("BENCH_ROUNDS", 3, 1);
  const samples = new Map<string, LoadResult[]>();
  await withTarget("raw", (raw) =>
    withTarget("service", async (svc) => {
      await check(health(raw.port));
      await check(echo(raw.port), ECHO_REPLY);
      await check(health(svc.port));
      await check(echo(svc.port), ECHO_REPLY);
      const scenarios: Array<[string, LoadSpec, RunningTarget]> = [
        ["raw uWS GET /health", health(raw.port), raw],
        ["service GET /health", health(svc.port), svc],
        ["raw uWS POST /bench/echo", echo(raw.port), raw],
        ["service POST /bench/echo", echo(svc.port), svc],
      ];
      for (let round = 1; round <= rounds; round++) {
        for (const [label, spec, target] of scenarios) {
          const result = await run(`round ${round}/${rounds} ${label}`, spec, settings, target);
          samples.set(label, [...(samples.get(label) ?? []), result]);
        }
      }
    }),
  );
  const median = (label: string): LoadResult => {
    const sorted = [...(samples.get(label) ?? [])].sort((a, b) => a.rps - b.rps);
    const mid = sorted[Math.floor(sorted.length / 2)];
    if (!mid) throw new Error(`no samples for ${label}`);
    return mid;
  };
  const raw = { health: median("raw uWS GET /health"), echo: median("raw uWS POST /bench/echo") };
  const ours = { health: median("service GET /health"), echo: median("service POST /bench/echo") };

  const rows: Row[] = [
    { label: "raw uWS GET /health", result: raw.health },
    { label: "service GET /health", result: ours.health, ratio: ours.health.rps / raw.health.rps },
    { label: "raw uWS POST /bench/echo", result: raw.echo },
    { label: "service POST /bench/echo", result: ours.echo, ratio: ours.echo.rps / raw.echo.rps },
  ];
  console.log(`\n${renderTable(rows)}\n${TABLE_LEGEND}`);
  for (const line of notes(rows, settings.pipelining)) console.log(line);

  const verdicts = [judge("/health", ours.health, raw.health, GOAL), judge("/bench/echo", ours.echo, raw.echo, GOAL)];
  const overall = verdicts.some((v) => v.verdict === "FAIL")
    ? "FAIL"
    : verdicts.every((v) => v.verdict === "PASS")
      ? "PASS"
      : "INCONCLUSIVE";
  console.log(
    `verdict (full pipeline keeps >= ${GOAL * 100} % of raw uWS throughput): ${verdicts.map((v) => v.text).join("; ")} => ${overall}`,
  );

  const broken = rows.filter(({ result: r }) => r.errors > 0 || r.non2xx > 0);
  for (const { label, result: r } of broken) {
    console.error(`bench failed: ${label} had ${r.errors} errors (${r.timeouts} timeouts) and ${r.non2xx} non-2xx responses`);
  }
  return broken.length > 0 ? 1 : 0;
}

runMain(main);
