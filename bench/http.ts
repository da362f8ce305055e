/**
 * HTTP throughput of the full pipeline against bare uWebSockets.js doing the same work, on
 * loopback: a hello-world GET /health, a JSON echo POST (read body, parse, reply enveloped), and
 * the authenticated routes users call most (GET /apps with 10 and 100 apps, GET of one app, join
 * tokens for a subscriber and for a publisher under a tenant quota), with server CPU per request.
 * Each server runs in its own child process; autocannon runs here.
 *
 *   npm run bench:http    env: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1), BENCH_ROUNDS (3),
 *                              BENCH_CONNECTIONS (50), BENCH_PIPELINING (10)
 */
import { envNumber, runMain } from "./shared/cli.ts";
import os from "node:os";
import { measure, type LoadResult, type LoadSettings, type LoadSpec } from "./http/load.ts";
import { ONE_APP, PUBLISHER_BODY, SUBSCRIBER_BODY, TEAM_APP } from "./http/fixtures.ts";
import { boundOf, cpuMicrosPerRequest, isClientLimited, judge, renderTable, TABLE_LEGEND, type Row } from "./http/report.ts";
import { startTarget, type RunningTarget, type TargetKind } from "./http/target-process.ts";

const GOAL = 0.6;
const ECHO_BODY = JSON.stringify({ name: "bench", n: 42 });
const ECHO_REPLY = JSON.stringify({ data: { name: "bench", n: 42 }, error: null });

/** One request shape, built for a target from its port and credentials. */
type Scenario = { readonly name: string; readonly spec: (t: RunningTarget) => LoadSpec; readonly expectBody?: string };

const base = (t: RunningTarget) => `http://127.0.0.1:${t.port}`;
const authed = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const mint = (t: RunningTarget, app: string, token: string, body: string): LoadSpec => ({
  url: `${base(t)}/api/v1/apps/${app}/tokens`,
  method: "POST",
  body,
  headers: authed(token, { "content-type": "application/json" }),
});

const SCENARIOS: readonly Scenario[] = [
  { name: "GET /health", spec: (t) => ({ url: `${base(t)}/health`, method: "GET" }) },
  {
    name: "POST /bench/echo",
    spec: (t) => ({ url: `${base(t)}/bench/echo`, method: "POST", body: ECHO_BODY, headers: { "content-type": "application/json" } }),
    expectBody: ECHO_REPLY,
  },
  { name: "GET /apps (10 apps)", spec: (t) => ({ url: `${base(t)}/api/v1/apps`, method: "GET", headers: authed(t.credentials.team) }) },
  { name: "GET /apps (100 apps)", spec: (t) => ({ url: `${base(t)}/api/v1/apps`, method: "GET", headers: authed(t.credentials.global) }) },
  { name: "GET /apps/{app}", spec: (t) => ({ url: `${base(t)}/api/v1/apps/${ONE_APP}`, method: "GET", headers: authed(t.credentials.global) }) },
  { name: "mint subscriber", spec: (t) => mint(t, ONE_APP, t.credentials.global, SUBSCRIBER_BODY) },
  { name: "mint publisher (quota)", spec: (t) => mint(t, TEAM_APP, t.credentials.team, PUBLISHER_BODY) },
];

/** Issue 21's absolute goals for the service, from the same run. */
const ABSOLUTE_GOALS: ReadonlyArray<{ name: string; minRps: number; maxCpuMicros?: number }> = [
  { name: "GET /apps (10 apps)", minRps: 20_000, maxCpuMicros: 50 },
  { name: "mint subscriber", minRps: 10_000, maxCpuMicros: 100 },
  { name: "mint publisher (quota)", minRps: 5_000 },
];

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
  const rounds = envNumber("BENCH_ROUNDS", 3, 1);
  console.log(
    `bench:http  node ${process.version}, ${os.availableParallelism()} cpus, ${settings.connections} connections, ` +
      `pipelining ${settings.pipelining}, warmup ${settings.warmupSeconds} s + ${settings.seconds} s per target, ` +
      `${rounds} interleaved rounds (median shown)`,
  );

  // Both servers stay up and the scenarios interleave round by round, so a slow patch of the
  // machine hits raw and ours alike; each row is the round with the median req/s.
  const samples = new Map<string, LoadResult[]>();
  const label = (side: string, name: string) => `${side} ${name}`;
  await withTarget("raw", (raw) =>
    withTarget("service", async (svc) => {
      for (const scenario of SCENARIOS) {
        await check(scenario.spec(raw), scenario.expectBody);
        await check(scenario.spec(svc), scenario.expectBody);
      }
      for (let round = 1; round <= rounds; round++) {
        for (const scenario of SCENARIOS) {
          for (const [side, target] of [["raw uWS", raw], ["service", svc]] as const) {
            const name = label(side, scenario.name);
            const result = await run(`round ${round}/${rounds} ${name}`, scenario.spec(target), settings, target);
            samples.set(name, [...(samples.get(name) ?? []), result]);
          }
        }
      }
    }),
  );
  const median = (name: string): LoadResult => {
    const sorted = [...(samples.get(name) ?? [])].sort((a, b) => a.rps - b.rps);
    const mid = sorted[Math.floor(sorted.length / 2)];
    if (!mid) throw new Error(`no samples for ${name}`);
    return mid;
  };
  const pairs = SCENARIOS.map((s) => ({ name: s.name, raw: median(label("raw uWS", s.name)), ours: median(label("service", s.name)) }));
  const rows: Row[] = pairs.flatMap((p) => [
    { label: label("raw uWS", p.name), result: p.raw },
    { label: label("service", p.name), result: p.ours, ratio: p.ours.rps / p.raw.rps },
  ]);
  console.log(`\n${renderTable(rows)}\n${TABLE_LEGEND}`);
  for (const line of notes(rows, settings.pipelining)) console.log(line);

  const ours = (name: string) => pairs.find((p) => p.name === name)?.ours as LoadResult;
  const verdicts = [
    judge("/health", ours("GET /health"), median(label("raw uWS", "GET /health")), GOAL),
    judge("/bench/echo", ours("POST /bench/echo"), median(label("raw uWS", "POST /bench/echo")), GOAL),
  ].map((v) => `${v.text}`);
  for (const goal of ABSOLUTE_GOALS) {
    const r = ours(goal.name);
    const micros = cpuMicrosPerRequest(r);
    const pass = r.rps >= goal.minRps && (goal.maxCpuMicros === undefined || micros <= goal.maxCpuMicros);
    verdicts.push(
      `${goal.name} ${Math.round(r.rps)} req/s (goal >= ${goal.minRps}), ${micros.toFixed(0)} µs CPU each` +
        `${goal.maxCpuMicros === undefined ? "" : ` (goal <= ${goal.maxCpuMicros})`}: ${pass ? "PASS" : "FAIL"}`,
    );
  }
  const growth = cpuMicrosPerRequest(ours("GET /apps (100 apps)")) / cpuMicrosPerRequest(ours("GET /apps (10 apps)"));
  verdicts.push(`GET /apps CPU per request, 100 apps over 10 apps: ${growth.toFixed(2)}x (goal <= 2): ${growth <= 2 ? "PASS" : "FAIL"}`);
  for (const v of verdicts) console.log(`verdict: ${v}`);

  const broken = rows.filter(({ result: r }) => r.errors > 0 || r.non2xx > 0);
  for (const { label: name, result: r } of broken) {
    console.error(`bench failed: ${name} had ${r.errors} errors (${r.timeouts} timeouts) and ${r.non2xx} non-2xx responses`);
  }
  return broken.length > 0 ? 1 : 0;
}

runMain(main);
