/**
 * The request shapes the HTTP bench sends, each built for a target from its port and credentials,
 * and how a comparison runs them: every target up at once, every scenario on every target in
 * turn, round after round, so a slow patch of the machine hits all of them alike.
 */
import type { LoadSpec } from "./load.ts";
import { ONE_APP, PUBLISHER_BODY, SUBSCRIBER_BODY, TEAM_APP } from "./fixtures.ts";
import { startTarget, type RunningTarget, type ServiceBackend, type TargetKind } from "./target-process.ts";

export interface Scenario {
  readonly name: string;
  readonly spec: (t: RunningTarget) => LoadSpec;
  readonly expectBody?: string;
}

const ECHO_BODY = JSON.stringify({ name: "bench", n: 42 });
const ECHO_REPLY = JSON.stringify({ data: { name: "bench", n: 42 }, error: null });

const base = (t: RunningTarget) => `http://127.0.0.1:${t.port}`;
const authed = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const mint = (t: RunningTarget, app: string, token: string, body: string): LoadSpec => ({
  url: `${base(t)}/api/v1/apps/${app}/tokens`,
  method: "POST",
  body,
  headers: authed(token, { "content-type": "application/json" }),
});

export const HEALTH: Scenario = { name: "GET /health", spec: (t) => ({ url: `${base(t)}/health`, method: "GET" }) };
export const ECHO: Scenario = {
  name: "POST /bench/echo",
  spec: (t) => ({ url: `${base(t)}/bench/echo`, method: "POST", body: ECHO_BODY, headers: { "content-type": "application/json" } }),
  expectBody: ECHO_REPLY,
};
export const APPS_10: Scenario = { name: "GET /apps (10 apps)", spec: (t) => ({ url: `${base(t)}/api/v1/apps`, method: "GET", headers: authed(t.credentials.team) }) };
export const APPS_100: Scenario = { name: "GET /apps (100 apps)", spec: (t) => ({ url: `${base(t)}/api/v1/apps`, method: "GET", headers: authed(t.credentials.global) }) };
export const ONE: Scenario = { name: "GET /apps/{app}", spec: (t) => ({ url: `${base(t)}/api/v1/apps/${ONE_APP}`, method: "GET", headers: authed(t.credentials.global) }) };
export const MINT_SUBSCRIBER: Scenario = { name: "mint subscriber", spec: (t) => mint(t, ONE_APP, t.credentials.global, SUBSCRIBER_BODY) };
export const MINT_PUBLISHER: Scenario = { name: "mint publisher (quota)", spec: (t) => mint(t, TEAM_APP, t.credentials.team, PUBLISHER_BODY) };

/** One request before the load, so a broken route fails loudly instead of benchmarking errors. */
export async function check(spec: LoadSpec, expectBody?: string): Promise<void> {
  const res = await fetch(spec.url, { method: spec.method, body: spec.body, headers: spec.headers });
  const text = await res.text();
  if (res.status !== 200 || (expectBody !== undefined && text !== expectBody)) {
    throw new Error(`${spec.method} ${spec.url} answered ${res.status} ${text}`);
  }
}

/** A target to start for a comparison, under the label its rows carry. */
export interface Side {
  readonly label: string;
  readonly kind: TargetKind;
  readonly backend?: ServiceBackend;
}

/** Starts every side (one at a time: seeding is CPU-heavy), runs `body`, and stops them all. */
export async function withTargets<T>(sides: readonly Side[], body: (targets: ReadonlyMap<Side, RunningTarget>) => Promise<T>): Promise<T> {
  const targets = new Map<Side, RunningTarget>();
  try {
    for (const side of sides) {
      process.stderr.write(`starting ${side.label} ...\n`);
      const target = await startTarget(side.kind, side.backend);
      targets.set(side, target);
      if (!target.native) throw new Error(`${side.label} loaded the uWS JavaScript fallback, not the native binding`);
    }
    return await body(targets);
  } finally {
    await Promise.all([...targets.values()].map((t) => t.stop()));
  }
}

/**
 * Checks every scenario on every target, then runs `rounds` rounds of every scenario on every
 * target in turn; answers each (scenario, side)'s run with the median req/s.
 */
export async function interleave<R extends { rps: number }>(
  rounds: number,
  scenarios: readonly Scenario[],
  targets: ReadonlyMap<Side, RunningTarget>,
  run: (what: string, scenario: Scenario, side: Side, target: RunningTarget) => Promise<R>,
): Promise<(scenario: Scenario, side: Side) => R> {
  for (const scenario of scenarios) for (const target of targets.values()) await check(scenario.spec(target), scenario.expectBody);
  const samples = new Map<Scenario, Map<Side, R[]>>();
  for (let round = 1; round <= rounds; round++) {
    for (const scenario of scenarios) {
      const bySide = samples.get(scenario) ?? new Map<Side, R[]>();
      samples.set(scenario, bySide);
      for (const [side, target] of targets) {
        const result = await run(`round ${round}/${rounds} ${side.label} ${scenario.name}`, scenario, side, target);
        bySide.set(side, [...(bySide.get(side) ?? []), result]);
      }
    }
  }
  return (scenario, side) => {
    const sorted = [...(samples.get(scenario)?.get(side) ?? [])].sort((a, b) => a.rps - b.rps);
    const mid = sorted[Math.floor(sorted.length / 2)];
    if (!mid) throw new Error(`no samples for ${side.label} ${scenario.name}`);
    return mid;
  };
}
