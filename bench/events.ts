/**
 * Signed webhook delivery end to end on loopback: the real service (`buildApp`) in one child
 * process emits `chat_message` events through `app.events`, its WebhookDeliverer writes them to
 * the app's SQLite outbox and POSTs them, HMAC-signed, to a plain node:http receiver in another
 * child, which checks each arrives once, in order within its room, and signed. Each scenario runs
 * with the outbox on (as shipped) and bypassed (`callbackOutbox: false`), the baseline for what
 * durability costs.
 *
 *   saturation  BENCH_EVENTS events emitted as fast as the loop allows over BENCH_ROOMS rooms
 *   paced       BENCH_RATE events/s for BENCH_SECONDS seconds over BENCH_ROOMS rooms
 *
 * Goals with the outbox: >= 5,000 deliveries/s at saturation; p99 < 50 ms at 1,000 events/s.
 * Both targets stay up and the scenarios alternate between them, so a slow patch of the machine
 * hits both; saturation runs BENCH_ROUNDS times each and the round with the median deliveries/s
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
import { Receiver, Target } from "./events/children.ts";
import { summarise } from "./events/profile.ts";
import type { Mode } from "./events/protocol.ts";
import { judge, LEGEND, notes, renderTable } from "./events/report.ts";
import { runScenario, type ScenarioResult, type ScenarioSpec } from "./events/scenario.ts";

const SECRET = "whsec-bench-events";
const MODES: readonly Mode[] = ["outbox", "bypassed"];
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

const profileFile = (dir: string, r: { mode: Mode; name: string; round: number }) => path.join(dir, `events-${r.mode}-${r.name}-${r.round}.cpuprofile`);

async function runAll(receiver: Receiver, s: Settings): Promise<ScenarioResult[]> {
  const targets = new Map<Mode, Target>();
  const results: ScenarioResult[] = [];
  try {
    for (const mode of MODES) targets.set(mode, await Target.start(mode, receiver.url, SECRET));
    for (const spec of schedule(s)) {
      for (const [mode, target] of targets) {
        const what = `${spec.name}${spec.name === "saturation" ? ` ${spec.round}/${s.rounds}` : ""}`;
        process.stderr.write(`${mode}: ${what}, ${spec.events} events over ${spec.rooms} rooms${spec.rate > 0 ? ` at ${spec.rate}/s` : ""} ...\n`);
        const profile = s.profileDir !== undefined && spec.name !== "warmup" ? profileFile(s.profileDir, { mode, ...spec }) : undefined;
        results.push(await runScenario(target, receiver, mode, spec, { timeoutMs: s.timeoutMs, settleMs: SETTLE_MS, profileFile: profile }));
      }
    }
  } finally {
    await Promise.all([...targets.values()].map((t) => t.stop()));
  }
  return results;
}

/** Per scenario and mode, the round with the median deliveries/s. */
function medians(results: readonly ScenarioResult[]): ScenarioResult[] {
  const groups = new Map<string, ScenarioResult[]>();
  for (const r of results) groups.set(`${r.name}/${r.mode}`, [...(groups.get(`${r.name}/${r.mode}`) ?? []), r]);
  return [...groups.values()].flatMap((rounds) => {
    const sorted = [...rounds].sort((a, b) => a.deliveriesPerSecond - b.deliveriesPerSecond);
    const mid = sorted[Math.floor(sorted.length / 2)];
    return mid ? [mid] : [];
  });
}

/** The rows in reading order: each scenario with the outbox, then bypassed. */
const ORDER = ["saturation", "paced"];
const byScenario = (a: ScenarioResult, b: ScenarioResult) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name) || MODES.indexOf(a.mode) - MODES.indexOf(b.mode);

async function main(): Promise<number> {
  const s = settingsFromEnv();
  if (s.profileDir !== undefined) mkdirSync(s.profileDir, { recursive: true });
  console.log(
    `bench:events  node ${process.version}, ${os.availableParallelism()} cpus; saturation ${s.events} events x ${s.rounds} rounds (median shown), ` +
      `paced ${s.rate}/s for ${s.seconds} s, ${s.rooms} rooms, warmup ${s.warmupEvents} events; ` +
      `service (outbox on, outbox bypassed) and receiver in their own processes${s.profileDir !== undefined ? `; profiling into ${s.profileDir}` : ""}`,
  );
  const receiver = await Receiver.start(SECRET, s.verifyEvery);
  let all: ScenarioResult[];
  try {
    all = await runAll(receiver, s);
  } finally {
    await receiver.stop();
  }

  const measured = all.filter((r) => r.name !== "warmup");
  const shown = medians(measured).sort(byScenario);
  const judgements = judge(shown);
  console.log(`\n${renderTable(shown, judgements)}\n\n${LEGEND}\n`);
  for (const mode of MODES) {
    const rounds = measured.filter((r) => r.name === "saturation" && r.mode === mode);
    const text = rounds.map((r) => `${Math.round(r.deliveriesPerSecond)} (stall ${r.loop.maxMs.toFixed(0)} ms)`).join(", ");
    if (rounds.length > 1) console.log(`note: saturation/${mode} rounds: ${text} deliveries/s`);
  }
  for (const line of notes(shown)) console.log(`note: ${line}`);
  for (const j of judgements) console.log(`${j.verdict}: ${j.text}`);

  if (s.profileDir !== undefined) {
    for (const r of shown) console.log(`\n${summarise(profileFile(s.profileDir, r))}`);
  }

  const broken = all.filter((r) => r.problems.length > 0);
  for (const r of broken) console.error(`bench failed: ${r.name} ${r.round}/${r.mode}: ${r.problems.join("; ")}`);
  return broken.length > 0 ? 1 : 0;
}

runMain(main);
