/**
 * The events bench's Markdown table, its verdicts against the goals, and the notes a reader
 * needs to trust (or distrust) a row: which process was saturated, what the service logged.
 */
import { topStatements } from "../shared/backing.ts";
import { kindLabel, type TargetKind } from "./protocol.ts";
import type { ScenarioName, ScenarioResult } from "./scenario.ts";

/** A main thread busier than this over the window counts as saturated. */
export const SATURATED = 0.85;
/** The goals, with the outbox on, on either backend. */
export const GOALS = { deliveriesPerSecond: 5_000, pacedP99Ms: 50 } as const;
/** LatencyRecorder's last bucket: percentiles at or beyond it are clamped. */
const RECORDER_CAP_MS = 1_000;

/** BROKEN: the row lost, repeated or reordered deliveries, so its figures mean nothing. */
export type Verdict = "PASS" | "FAIL" | "BROKEN";

export interface Judgement {
  readonly label: string;
  readonly verdict: Verdict;
  readonly text: string;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const ms = (x: number) => (x >= RECORDER_CAP_MS ? `>${RECORDER_CAP_MS}` : x < 10 ? x.toFixed(2) : x.toFixed(1));
const cpu = (c: { mainThread: number; process: number }) => `${pct(c.mainThread)} / ${pct(c.process)}`;

/**
 * Who was saturated: the service (its main thread, where JS, SQLite and undici run), the receiver
 * (its whole process: a busy receiver understates the service), both, or neither.
 */
export function boundOf(r: ScenarioResult): string {
  const target = r.target.mainThread >= SATURATED;
  const receiver = r.receiver.process >= SATURATED;
  return target && receiver ? "both" : target ? "target" : receiver ? "receiver" : "-";
}

/** PostgreSQL's and Redis's CPU over the window, in cores (0 on SQLite). */
const backingCores = (r: ScenarioResult): number => {
  const seconds = r.events / Math.max(r.deliveriesPerSecond, 1);
  return r.backing ? (r.backing.postgresCpuSeconds + r.backing.redisCpuSeconds) / seconds : 0;
};
/** Cores busy outside the target, its database and Redis, and the receiver (the bench itself is idle while it waits). */
const othersOf = (r: ScenarioResult): number => Math.max(0, r.machine - r.target.process - r.receiver.process - backingCores(r));
/** More than this in other processes makes a row noisy. */
const NOISY = 0.25;

const find = (results: readonly ScenarioResult[], name: ScenarioName, kind: TargetKind) =>
  results.find((r) => r.name === name && kindLabel(r) === kindLabel(kind));
const SQLITE_OUTBOX: TargetKind = { backend: "sqlite", mode: "outbox" };
const SQLITE_BYPASSED: TargetKind = { backend: "sqlite", mode: "bypassed" };

const verdictOf = (r: ScenarioResult, pass: boolean): Verdict => (r.problems.length > 0 ? "BROKEN" : pass ? "PASS" : "FAIL");

/** Why a FAIL may not be the service's doing. */
function caveats(r: ScenarioResult): string {
  const out: string[] = [];
  if (boundOf(r) === "receiver" || boundOf(r) === "both") out.push("receiver-bound: the service may do better");
  if (othersOf(r) > NOISY) out.push(`noisy: other processes kept ${othersOf(r).toFixed(2)} cores busy; rerun on a quiet machine`);
  return out.length > 0 ? ` (${out.join("; ")})` : "";
}

/** The goals, on every target with the outbox on. */
export function judge(results: readonly ScenarioResult[]): Judgement[] {
  return results
    .filter((r) => r.mode === "outbox")
    .map((r) => {
      const label = `${r.name} ${kindLabel(r)}`;
      if (r.name === "saturation") {
        const pass = r.deliveriesPerSecond >= GOALS.deliveriesPerSecond;
        return { label, verdict: verdictOf(r, pass), text: `${label}: ${Math.round(r.deliveriesPerSecond)} deliveries/s, goal >= ${GOALS.deliveriesPerSecond}${pass ? "" : caveats(r)}` };
      }
      const pass = r.received.p99Ms < GOALS.pacedP99Ms;
      return {
        label,
        verdict: verdictOf(r, pass),
        text: `${label}: p99 ${ms(r.received.p99Ms)} ms at ${Math.round(r.deliveriesPerSecond)} deliveries/s, goal < ${GOALS.pacedP99Ms} ms${pass ? "" : caveats(r)}`,
      };
    });
}

/** PostgreSQL's outbox against SQLite's, scenario by scenario (issue 32). */
export function compareBackends(results: readonly ScenarioResult[]): string[] {
  return results.flatMap((r) => {
    const sqlite = r.backend === "postgres" && r.mode === "outbox" ? find(results, r.name, SQLITE_OUTBOX) : undefined;
    if (!sqlite) return [];
    const costs = `service ${r.targetMicrosPerEvent.toFixed(0)} + PostgreSQL/Redis ${backingMicros(r).toFixed(0)} µs CPU per delivery against SQLite's ${sqlite.targetMicrosPerEvent.toFixed(0)} µs`;
    return [
      `${r.name}: PostgreSQL's outbox ${Math.round(r.deliveriesPerSecond)} deliveries/s, ${pct(r.deliveriesPerSecond / sqlite.deliveriesPerSecond)} of SQLite's ${Math.round(sqlite.deliveriesPerSecond)}; ` +
        `p99 ${ms(r.received.p99Ms)} ms against ${ms(sqlite.received.p99Ms)} ms; ${costs}`,
    ];
  });
}

/** Statements per delivery: SQLite's counted in the service, PostgreSQL's by pg_stat_statements. */
const statementsPerEvent = (r: ScenarioResult): number => ((r.backing?.statementCount ?? 0) + r.sqliteStatements) / Math.max(r.received.delivered, 1);
const backingMicros = (r: ScenarioResult): number =>
  r.backing ? ((r.backing.postgresCpuSeconds + r.backing.redisCpuSeconds) / Math.max(r.received.delivered, 1)) * 1e6 : 0;

export function renderTable(results: readonly ScenarioResult[], judgements: readonly Judgement[]): string {
  const header = [
    "scenario", "target", "events", "deliveries/s", "p50 ms", "p99 ms", "max ms", "target cpu main/proc", "target µs/event", "pg+redis µs/event", "stmts/event",
    "target loop stall max ms", "receiver cpu main/proc", "others", "bound", "vs sqlite/bypassed", "vs sqlite/outbox", "goal",
  ];
  const rows = results.map((r) => {
    const bypassed = r.mode === "outbox" ? find(results, r.name, SQLITE_BYPASSED) : undefined;
    const sqlite = r.backend === "postgres" ? find(results, r.name, SQLITE_OUTBOX) : undefined;
    const verdict = judgements.find((j) => j.label === `${r.name} ${kindLabel(r)}`)?.verdict;
    return [
      r.name,
      kindLabel(r),
      String(r.events),
      Math.round(r.deliveriesPerSecond).toString(),
      ms(r.received.p50Ms),
      ms(r.received.p99Ms),
      r.received.maxMs.toFixed(1),
      cpu(r.target),
      r.targetMicrosPerEvent.toFixed(0),
      r.backing ? backingMicros(r).toFixed(0) : "-",
      statementsPerEvent(r).toFixed(2),
      r.loop.maxMs.toFixed(0),
      cpu(r.receiver),
      pct(othersOf(r)),
      boundOf(r),
      bypassed ? pct(r.deliveriesPerSecond / bypassed.deliveriesPerSecond) : "-",
      sqlite ? pct(r.deliveriesPerSecond / sqlite.deliveriesPerSecond) : "-",
      verdict ?? "-",
    ];
  });
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i < 2 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export const LEGEND = [
  "deliveries/s: delivered / (last delivery - first emit); latency: emit -> body fully received at the receiver (10 µs buckets, clamped at 1 s; max is exact)",
  "cpu: main thread / whole process over that window, 100% = one core; target µs/event: the service's process CPU per delivery",
  "pg+redis µs/event: the PostgreSQL cluster's and redis-server's CPU per delivery; stmts/event: SQLite statements the service ran, or",
  "  statements PostgreSQL ran for its database (pg_stat_statements, BEGIN/COMMIT included), per delivery",
  "  (the bench emits inside the target process, as the service's own modules do, so emitting is part of that cost)",
  "target loop stall: the longest event-loop delay in the service over the window (saturation turns are long by design: 500 emits each)",
  "others: cores busy in other processes than the target, its PostgreSQL and Redis and the receiver (and the kernel's softirq); a large share makes a row noisy",
  `bound: target = the service's main thread, receiver = the receiver process, >= ${pct(SATURATED)} of a core; a receiver-bound row understates the service`,
].join("\n");

/** Lines worth reading beside the table. */
export function notes(results: readonly ScenarioResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    const label = `${r.name} ${kindLabel(r)}`;
    if (r.name === "saturation") out.push(`${label}: emitted ${r.events} events in ${r.emitSeconds.toFixed(2)} s, delivered in ${((r.events / Math.max(r.deliveriesPerSecond, 1))).toFixed(2)} s`);
    if (r.name === "paced") out.push(`${label}: emitted at ${Math.round(r.events / Math.max(r.emitSeconds, 1e-3))} events/s`);
    if (r.receiver.process >= SATURATED) out.push(`${label}: the receiver used ${pct(r.receiver.process)} of a core: receiver-bound, the service's figure is a floor`);
    if (othersOf(r) > NOISY) out.push(`${label}: other processes kept ~${othersOf(r).toFixed(2)} cores busy: noisy`);
    for (const [msg, n] of Object.entries(r.complaints)) out.push(`${label}: the service logged ${n} x "${msg}"`);
    if (r.backing) {
      const top = topStatements(r.backing.statements, Math.max(r.received.delivered, 1), 5);
      out.push(`${label}: PostgreSQL ran ${r.backing.statementCount} statements; the most frequent, per delivery: ${top.join("; ")}`);
    }
  }
  const verified = results.reduce((n, r) => n + r.received.verified, 0);
  const wrong = results.reduce((n, r) => n + r.received.badSignatures, 0);
  const connections = results.map((r) => `${r.name} ${kindLabel(r)} ${r.received.connections}`).join(", ");
  out.push(`${verified} sampled deliveries had both signatures verified, ${wrong} wrong; connections opened to the receiver: ${connections}`);
  return out;
}
