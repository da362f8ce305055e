/**
 * `bench:http raw` (issue 21): the service on SQLite against bare uWebSockets.js doing the same
 * work, on a hello-world GET /health, a JSON echo POST (read body, parse, reply enveloped) and the
 * authenticated routes users call most (GET /apps with 10 and 100 apps, GET of one app, join
 * tokens for a subscriber and for a publisher under a tenant quota), with server CPU per request.
 */
import { measure, type LoadResult, type LoadSettings } from "./load.ts";
import { cpuMicrosPerRequest, judge, loadNotes, renderTable, TABLE_LEGEND, type Row } from "./report.ts";
import { APPS_10, APPS_100, ECHO, HEALTH, interleave, MINT_PUBLISHER, MINT_SUBSCRIBER, ONE, withTargets, type Side } from "./scenarios.ts";

const GOAL = 0.6;
const SCENARIOS = [HEALTH, ECHO, APPS_10, APPS_100, ONE, MINT_SUBSCRIBER, MINT_PUBLISHER];
const RAW: Side = { label: "raw uWS", kind: "raw" };
const SERVICE: Side = { label: "service", kind: "service" };

/** Issue 21's absolute goals for the service, from the same run. */
const ABSOLUTE_GOALS: ReadonlyArray<{ name: string; minRps: number; maxCpuMicros?: number }> = [
  { name: APPS_10.name, minRps: 20_000, maxCpuMicros: 50 },
  { name: MINT_SUBSCRIBER.name, minRps: 10_000, maxCpuMicros: 100 },
  { name: MINT_PUBLISHER.name, minRps: 5_000 },
];

/** Prints the table and verdicts; answers the rows, for the caller's error check. */
export async function runVsRaw(settings: LoadSettings, rounds: number): Promise<Row[]> {
  const median = await withTargets([RAW, SERVICE], (targets) =>
    interleave(rounds, SCENARIOS, targets, (what, scenario, _side, target) => {
      process.stderr.write(`${what}: warmup ${settings.warmupSeconds} s, measuring ${settings.seconds} s ...\n`);
      return measure(scenario.spec(target), settings, target.pid);
    }),
  );
  const rows: Row[] = SCENARIOS.flatMap((s) => [
    { label: `${RAW.label} ${s.name}`, result: median(s, RAW) },
    { label: `${SERVICE.label} ${s.name}`, result: median(s, SERVICE), ratio: median(s, SERVICE).rps / median(s, RAW).rps },
  ]);
  console.log(`\n${renderTable(rows)}\n${TABLE_LEGEND}`);
  for (const line of loadNotes(rows, settings.pipelining)) console.log(line);

  const ours = (name: string): LoadResult => {
    const scenario = SCENARIOS.find((s) => s.name === name);
    if (!scenario) throw new Error(`no scenario ${name}`);
    return median(scenario, SERVICE);
  };
  const verdicts = [judge("/health", median(HEALTH, SERVICE), median(HEALTH, RAW), GOAL), judge("/bench/echo", median(ECHO, SERVICE), median(ECHO, RAW), GOAL)].map((v) => v.text);
  for (const goal of ABSOLUTE_GOALS) {
    const r = ours(goal.name);
    const micros = cpuMicrosPerRequest(r);
    const pass = r.rps >= goal.minRps && (goal.maxCpuMicros === undefined || micros <= goal.maxCpuMicros);
    verdicts.push(
      `${goal.name} ${Math.round(r.rps)} req/s (goal >= ${goal.minRps}), ${micros.toFixed(0)} µs CPU each` +
        `${goal.maxCpuMicros === undefined ? "" : ` (goal <= ${goal.maxCpuMicros})`}: ${pass ? "PASS" : "FAIL"}`,
    );
  }
  const growth = cpuMicrosPerRequest(ours(APPS_100.name)) / cpuMicrosPerRequest(ours(APPS_10.name));
  verdicts.push(`GET /apps CPU per request, 100 apps over 10 apps: ${growth.toFixed(2)}x (goal <= 2): ${growth <= 2 ? "PASS" : "FAIL"}`);
  for (const v of verdicts) console.log(`verdict: ${v}`);
  return rows;
}
