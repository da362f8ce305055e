/**
 * `bench:http` (issue 32): the same service on SQLite, on PostgreSQL alone (one node), and on
 * PostgreSQL with Redis (how nodes that share a database run: rate-limit windows and quota locks
 * in Redis), in one run, over the authenticated GET /apps and the join-token mints. Besides req/s
 * it counts, per request, the SQLite statements the service ran (bench-only route), the statements
 * PostgreSQL ran for the service's database (pg_stat_statements) and the Redis commands, and the
 * CPU of PostgreSQL and Redis next to the service's, so "a cached path does not touch the
 * database" is measured, not assumed.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { Backing, growth, windowOf } from "../shared/backing.ts";
import { measureWatching, type LoadSettings } from "./load.ts";
import { BACKEND_LEGEND, besideCores, idleNote, judgeBackends, renderBackendTable, statementNotes, type BackendRow, type Watched } from "./backends-report.ts";
import { loadNotes } from "./report.ts";
import { APPS_10, interleave, MINT_PUBLISHER, MINT_SUBSCRIBER, withTargets, type Scenario, type Side } from "./scenarios.ts";
import type { RunningTarget } from "./target-process.ts";

/** The scenarios, and whether each is served from caches (the goal applies) or writes (a publisher holds its quota slot). */
const SCENARIOS: ReadonlyArray<{ scenario: Scenario; cached: boolean }> = [
  { scenario: APPS_10, cached: true },
  { scenario: MINT_SUBSCRIBER, cached: true },
  { scenario: MINT_PUBLISHER, cached: false },
];
/** Long enough to span an outbox sweep of every app (every 2 s) and a heartbeat. */
const IDLE_SECONDS = 3;

async function sqliteStatements(target: RunningTarget): Promise<ReadonlyMap<string, number>> {
  const res = await fetch(`http://127.0.0.1:${target.port}/bench/statements`);
  const body = (await res.json()) as { data: { sqlite: Record<string, number> } };
  return new Map(Object.entries(body.data.sqlite));
}

/** Each side's background (heartbeats, per-app loops) over one idle window, all sides at once: what the runs' counts are judged beyond. */
async function idle(targets: ReadonlyMap<Side, RunningTarget>, backing: Backing, seconds: number): Promise<ReadonlyMap<Side, Watched>> {
  const ends = await Promise.all([...targets].map(async ([side, target]) => [side, await watch(target, backing, side.backend?.databaseUrl)()] as const));
  await sleep(seconds * 1000);
  return new Map(await Promise.all(ends.map(async ([side, end]) => [side, await end()] as const)));
}

/** Watches a side: its SQLite statements (the read itself runs none), and its database and Redis when it has them. */
function watch(target: RunningTarget, backing: Backing, databaseUrl: string | undefined) {
  return async () => {
    const sqlite0 = await sqliteStatements(target);
    const backing0 = databaseUrl === undefined ? undefined : await backing.sample(databaseUrl);
    const t0 = performance.now();
    return async (): Promise<Watched> => {
      const seconds = (performance.now() - t0) / 1000;
      const sqlite1 = await sqliteStatements(target);
      const backing1 = databaseUrl === undefined ? undefined : await backing.sample(databaseUrl);
      return { seconds, sqlite: growth(sqlite0, sqlite1), backing: backing0 && backing1 ? windowOf(backing0, backing1) : undefined };
    };
  };
}

/** Prints the table, the statements behind each PostgreSQL row and the verdicts; answers the rows. */
export async function runBackends(settings: LoadSettings, rounds: number, goal: number): Promise<BackendRow[]> {
  process.stderr.write("starting PostgreSQL (with pg_stat_statements) and Redis ...\n");
  const backing = await Backing.start();
  try {
    const sides: Side[] = [
      { label: "sqlite", kind: "service" },
      { label: "postgres", kind: "service", backend: { databaseUrl: await backing.postgres.database() } },
      { label: "postgres+redis", kind: "service", backend: { databaseUrl: await backing.postgres.database(), redisUrl: backing.redis.url } },
    ];
    const { median, background } = await withTargets(sides, async (targets) => {
      const median = await interleave(
        rounds,
        SCENARIOS.map((s) => s.scenario),
        targets,
        async (what, scenario, side, target) => {
          process.stderr.write(`${what}: warmup ${settings.warmupSeconds} s, measuring ${settings.seconds} s ...\n`);
          const { result, watched } = await measureWatching(scenario.spec(target), settings, target.pid, watch(target, backing, side.backend?.databaseUrl));
          return { ...result, watched };
        },
      );
      process.stderr.write(`idle: ${IDLE_SECONDS} s without requests, counting each side's background ...\n`);
      return { median, background: await idle(targets, backing, IDLE_SECONDS) };
    });
    const baseline = sides[0] as Side;
    const rows: BackendRow[] = SCENARIOS.flatMap(({ scenario, cached }) =>
      sides.map((side) => ({
        label: `${side.label} ${scenario.name}`,
        cached,
        result: median(scenario, side),
        baseline: side === baseline ? undefined : median(scenario, baseline),
      })),
    );
    console.log(`\n${renderBackendTable(rows)}\n${BACKEND_LEGEND}`);
    const beside = rows.map((r) => ({ label: r.label, result: r.result, besideCores: besideCores(r.result) }));
    const idleNotes = sides.map((side) => idleNote(side.label, background.get(side) as Watched));
    for (const line of [...loadNotes(beside, settings.pipelining), ...idleNotes, ...statementNotes(rows)]) console.log(line);
    for (const v of judgeBackends(rows, goal)) console.log(`verdict: ${v}`);
    return rows;
  } finally {
    await backing.stop();
  }
}
