/**
 * Signed webhook delivery end to end on loopback: the real service (`buildApp`) in one child
 * process emits `chat_message` events through `app.events`, its WebhookDeliverer writes them to
 * the app's outbox and POSTs them, HMAC-signed, to a plain node:http receiver in another child,
 * which checks each arrives once, in order within its room, and signed. Three services run each
 * scenario: on SQLite with the outbox on (as shipped) and bypassed (`callbackOutbox: false`, the
 * baseline for what durability costs), and on PostgreSQL with Redis (issue 32: the outbox's rows
 * and leases in PostgreSQL, as nodes sharing a database run), started here as the tests start
 * theirs; PostgreSQL's statements per delivery and its CPU are counted beside the service's.
 *
 *   saturation  BENCH_EVENTS events emitted as fast as the loop allows over BENCH_ROOMS rooms
 *   paced       BENCH_RATE events/s for BENCH_SECONDS seconds over BENCH_ROOMS rooms
 *
 * Goals with the outbox, on either backend: >= 5,000 deliveries/s at saturation; p99 < 50 ms at
 * 1,000 events/s. All targets stay up and the scenarios alternate between them, so a slow patch of the machine
 * hits all; saturation runs BENCH_ROUNDS times each and the round with the median deliveries/s
 * is shown.
 *
 *   npm run bench:events   env: BENCH_EVENTS (30000), BENCH_SECONDS (10), BENCH_RATE (1000),
 *     BENCH_ROOMS (64), BENCH_ROUNDS (3), BENCH_WARMUP_EVENTS (3000), BENCH_CHUNK (500 emits per
 *     loop turn at saturation), BENCH_TIMEOUT_SECONDS (60), BENCH_VERIFY_EVERY (10: verify every
 *     10th signature), BENCH_CPU_PROF (a directory: profile the target per scenario, print a
 *     summary of the rows shown)
 *
 * Exits 0 when every event was delivered exactly once, whatever the verdicts; 1 otherwise.
 */
import { envNumber, runMain } from "./shared/cli.ts";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Backing } from "./shared/backing.ts";
import { Receiver, Target } from "./events/children.ts";
import { summarise } from "./events/profile.ts";
import { kindLabel, type TargetKind } from "./events/protocol.ts";
import { compareBackends, judge, LEGEND, notes, renderTable } from "./events/report.ts";
import { runScenario, type ScenarioResult, type ScenarioSpec } from "./events/scenario.ts";

const SECRET = "whsec-bench-events";
/** In the table's order; the first is the baseline the others' ratios are to. */
const KINDS: readonly TargetKind[] = [
  { backend: "sqlite", mode: "outbox" },
  { backend: "sqlite", mode: "bypassed" },
  { backend: "postgres", mode: "outbox" },
];
const SETTLE_MS = 300;

interface Settings {
  readonly events: number;
  readonly seconds: number;
  readonly rate: number;
  readonly rooms: number;
  readonly rounds: number;
  readonly warmupEvents: number;
  readonly chunk: number;
  readonly timeoutMs: number;
  readonly verifyEvery: number;
  readonly profileDir: string | undefined;
}

function settingsFromEnv(): Settings {
  const profileDir = process.env["BENCH_CPU_PROF"];
  return {
    events: envNumber("BENCH_EVENTS", 30_000, 1),
    seconds: envNumber("BENCH_SECONDS", 10, 1),
    rate: envNumber("BENCH_RATE", 1_000, 1),
    rooms: envNumber("BENCH_ROOMS", 64, 1),
    rounds: envNumber("BENCH_ROUNDS", 3, 1),
    warmupEvents: envNumber("BENCH_WARMUP_EVENTS", 3_000, 0),
    chunk: envNumber("BENCH_CHUNK", 500, 1),
    timeoutMs: envNumber("BENCH_TIMEOUT_SECONDS", 60, 1) * 1000,
    verifyEvery: envNumber("BENCH_VERIFY_EVERY", 10, 1),
    profileDir: profileDir === undefined || profileDir === "" ? undefined : path.resolve(profileDir),
  };
}

/**
 * Every scenario in the order it runs, each run once per mode, back to back. Paced comes first:
 * the deliverer prunes its delivery log once a minute, a long synchronous DELETE after the
 * saturation rounds' 90,000 rows, and it should land in a saturation round (the median absorbs
 * it, the stall column shows it) rather than at a random point of the one paced window.
 */
function schedule(s: Settings): ScenarioSpec[] {
  const at = { rooms: s.rooms, chunk: s.chunk };
  const specs: ScenarioSpec[] = [];
  // Unreported: JIT, the outbox's first pages, undici's connections.
  if (s.warmupEvents > 0) specs.push({ name: "warmup", round: 1, events: s.warmupEvents, rate: 0, ...at });
  specs.push({ name: "paced", round: 1, events: s.rate * s.seconds, rate: s.rate, ...at });
  for (let round = 1; round <= s.rounds; round++) specs.push({ name: "saturation", round, events: s.events, rate: 0, ...at });
  return specs;
}

const profileFile = (dir: string, r: TargetKind & { name: string; round: number }) => path.join(dir, `events-${r.backend}-${r.mode}-${r.name}-${r.round}.cpuprofile`);

async function runAll(receiver: Receiver, backing: Backing, s: Settings): Promise<ScenarioResult[]> {
  const targets: Target[] = [];
  const results: ScenarioResult[] = [];
  try {
    for (const kind of KINDS) {
      const postgres = kind.backend === "postgres" ? { databaseUrl: await backing.postgres.database(), redisUrl: backing.redis.url } : undefined;
      targets.push(await Target.start(kind, receiver.url, SECRET, postgres));
    }
    for (const spec of schedule(s)) {
      for (const target of targets) {
        const what = `${spec.name}${spec.name === "saturation" ? ` ${spec.round}/${s.rounds}` : ""}`;
        process.stderr.write(`${kindLabel(target.kind)}: ${what}, ${spec.events} events over ${spec.rooms} rooms${spec.rate > 0 ? ` at ${spec.rate}/s` : ""} ...\n`);
        const profile = s.profileDir !== undefined && spec.name !== "warmup" ? profileFile(s.profileDir, { ...target.kind, ...spec }) : undefined;
        results.push(await runScenario(target, receiver, spec, { timeoutMs: s.timeoutMs, settleMs: SETTLE_MS, profileFile: profile, backing }));
      }
    }
  } finally {
    await Promise.all(targets.map((t) => t.stop()));
  }
  return results;
}

/** Per scenario and target, the round with the median deliveries/s. */
function medians(results: readonly ScenarioResult[]): ScenarioResult[] {
  const groups = new Map<string, ScenarioResult[]>();
  for (const r of results) groups.set(`${r.name}/${kindLabel(r)}`, [...(groups.get(`${r.name}/${kindLabel(r)}`) ?? []), r]);
  return [...groups.values()].flatMap((rounds) => {
    const sorted = [...rounds].sort((a, b) => a.deliveriesPerSecond - b.deliveriesPerSecond);
    const mid = sorted[Math.floor(sorted.length / 2)];
    return mid ? [mid] : [];
  });
}

/** The rows in reading order: each scenario on every target, in KINDS' order. */
const ORDER = ["saturation", "paced"];
const kindIndex = (r: ScenarioResult) => KINDS.findIndex((k) => kindLabel(k) === kindLabel(r));
const byScenario = (a: ScenarioResult, b: ScenarioResult) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name) || kindIndex(a) - kindIndex(b);

async function main(): Promise<number> {
  const s = settingsFromEnv();
  if (s.profileDir !== undefined) mkdirSync(s.profileDir, { recursive: true });
  console.log(
    `bench:events  node ${process.version}, ${os.availableParallelism()} cpus; saturation ${s.events} events x ${s.rounds} rounds (median shown), ` +
      `paced ${s.rate}/s for ${s.seconds} s, ${s.rooms} rooms, warmup ${s.warmupEvents} events; ` +
      `services (${KINDS.map(kindLabel).join(", ")}) and receiver in their own processes; load average ${os.loadavg()[0]?.toFixed(2)}` +
      `${s.profileDir !== undefined ? `; profiling into ${s.profileDir}` : ""}`,
  );
  process.stderr.write("starting PostgreSQL (with pg_stat_statements) and Redis ...\n");
  const backing = await Backing.start();
  let all: ScenarioResult[];
  try {
    const receiver = await Receiver.start(SECRET, s.verifyEvery);
    try {
      all = await runAll(receiver, backing, s);
    } finally {
      await receiver.stop();
    }
  } finally {
    await backing.stop();
  }

  const measured = all.filter((r) => r.name !== "warmup");
  const shown = medians(measured).sort(byScenario);
  const judgements = judge(shown);
  console.log(`\n${renderTable(shown, judgements)}\n\n${LEGEND}\n`);
  for (const kind of KINDS) {
    const rounds = measured.filter((r) => r.name === "saturation" && kindLabel(r) === kindLabel(kind));
    const text = rounds.map((r) => `${Math.round(r.deliveriesPerSecond)} (stall ${r.loop.maxMs.toFixed(0)} ms)`).join(", ");
    if (rounds.length > 1) console.log(`note: saturation ${kindLabel(kind)} rounds: ${text} deliveries/s`);
  }
  for (const line of notes(shown)) console.log(`note: ${line}`);
  for (const j of judgements) console.log(`${j.verdict}: ${j.text}`);
  for (const line of compareBackends(shown)) console.log(`postgres vs sqlite: ${line}`);

  if (s.profileDir !== undefined) {
    for (const r of shown) console.log(`\n${summarise(profileFile(s.profileDir, r))}`);
  }

  const broken = all.filter((r) => r.problems.length > 0);
  for (const r of broken) console.error(`bench failed: ${r.name} ${r.round} ${kindLabel(r)}: ${r.problems.join("; ")}`);
  return broken.length > 0 ? 1 : 0;
}

runMain(main);
