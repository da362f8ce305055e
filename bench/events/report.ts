/**
 * The events bench's Markdown table, its verdicts against the goals, and the notes a reader
 * needs to trust (or distrust) a row: which process was saturated, what the service logged.
 */
import type { ScenarioName, ScenarioResult } from "./scenario.ts";

/** A main thread busier than this over the window counts as saturated. */
export const SATURATED = 0.85;
/** The goals, with the outbox on. */
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

/** Cores busy outside the target and the receiver (the bench itself is idle while it waits). */
const othersOf = (r: ScenarioResult): number => Math.max(0, r.machine - r.target.process - r.receiver.process);
/** More than this in other processes makes a row noisy. */
const NOISY = 0.25;

const find = (results: readonly ScenarioResult[], name: ScenarioName, mode: ScenarioResult["mode"]) =>
  results.find((r) => r.name === name && r.mode === mode);

const verdictOf = (r: ScenarioResult, pass: boolean): Verdict => (r.problems.length > 0 ? "BROKEN" : pass ? "PASS" : "FAIL");

/** Why a FAIL may not be the service's doing. */
function caveats(r: ScenarioResult): string {
  const out: string[] = [];
  if (boundOf(r) === "receiver" || boundOf(r) === "both") out.push("receiver-bound: the service may do better");
  if (othersOf(r) > NOISY) out.push(`noisy: other processes kept ${othersOf(r).toFixed(2)} cores busy; rerun on a quiet machine`);
  return out.length > 0 ? ` (${out.join("; ")})` : "";
}

export function judge(results: readonly ScenarioResult[]): Judgement[] {
  const out: Judgement[] = [];
  const saturation = find(results, "saturation", "outbox");
  if (saturation) {
    const pass = saturation.deliveriesPerSecond >= GOALS.deliveriesPerSecond;
    const caveat = pass ? "" : caveats(saturation);
    out.push({
      label: "saturation",
      verdict: verdictOf(saturation, pass),
      text: `saturation with the outbox: ${Math.round(saturation.deliveriesPerSecond)} deliveries/s, goal >= ${GOALS.deliveriesPerSecond}${caveat}`,
    });
  }
  const paced = find(results, "paced", "outbox");
  if (paced) {
    const pass = paced.received.p99Ms < GOALS.pacedP99Ms;
    out.push({
      label: "paced",
      verdict: verdictOf(paced, pass),
      text: `paced with the outbox: p99 ${ms(paced.received.p99Ms)} ms at ${Math.round(paced.deliveriesPerSecond)} deliveries/s, goal < ${GOALS.pacedP99Ms} ms${pass ? "" : caveats(paced)}`,
    });
  }
  return out;
}

export function renderTable(results: readonly ScenarioResult[], judgements: readonly Judgement[]): string {
  const header = ["scenario", "outbox", "events", "deliveries/s", "p50 ms", "p99 ms", "max ms", "target cpu main/proc", "target µs/event", "target loop stall max ms", "receiver cpu main/proc", "others", "bound", "on/bypassed deliveries/s", "goal"];
  const rows = results.map((r) => {
    const bypassed = r.mode === "outbox" ? find(results, r.name, "bypassed") : undefined;
    const verdict = r.mode === "outbox" ? judgements.find((j) => j.label === r.name)?.verdict : undefined;
    return [
      r.name,
      r.mode === "outbox" ? "on" : "bypassed",
      String(r.events),
      Math.round(r.deliveriesPerSecond).toString(),
      ms(r.received.p50Ms),
      ms(r.received.p99Ms),
      r.received.maxMs.toFixed(1),
      cpu(r.target),
      r.targetMicrosPerEvent.toFixed(0),
      r.loop.maxMs.toFixed(0),
      cpu(r.receiver),
      pct(othersOf(r)),
      boundOf(r),
      bypassed ? pct(r.deliveriesPerSecond / bypassed.deliveriesPerSecond) : "-",
      verdict ?? "-",
    ];
  });
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i < 2 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export const LEGEND = [
  "deliveries/s: delivered / (last delivery - first emit); latency: emit -> body fully received at the receiver (10 µs buckets, clamped at 1 s; max is exact)",
  "cpu: main thread / whole process over that window, 100% = one core; target µs/event: the service's process CPU per delivery",
  "  (the bench emits inside the target process, as the service's own modules do, so emitting is part of that cost)",
  "target loop stall: the longest event-loop delay in the service over the window (saturation turns are long by design: 500 emits each)",
  "others: cores busy in other processes (and the kernel's softirq) over the window; a large share makes a row noisy",
  `bound: target = the service's main thread, receiver = the receiver process, >= ${pct(SATURATED)} of a core; a receiver-bound row understates the service`,
].join("\n");

/** Lines worth reading beside the table. */
export function notes(results: readonly ScenarioResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    const label = `${r.name}/${r.mode}`;
    if (r.name === "saturation") out.push(`${label}: emitted ${r.events} events in ${r.emitSeconds.toFixed(2)} s, delivered in ${((r.events / Math.max(r.deliveriesPerSecond, 1))).toFixed(2)} s`);
    if (r.name === "paced") out.push(`${label}: emitted at ${Math.round(r.events / Math.max(r.emitSeconds, 1e-3))} events/s`);
    if (r.receiver.process >= SATURATED) out.push(`${label}: the receiver used ${pct(r.receiver.process)} of a core: receiver-bound, the service's figure is a floor`);
    if (othersOf(r) > NOISY) out.push(`${label}: other processes kept ~${othersOf(r).toFixed(2)} cores busy: noisy`);
    for (const [msg, n] of Object.entries(r.complaints)) out.push(`${label}: the service logged ${n} x "${msg}"`);
  }
  const verified = results.reduce((n, r) => n + r.received.verified, 0);
  const wrong = results.reduce((n, r) => n + r.received.badSignatures, 0);
  const connections = results.map((r) => `${r.name}/${r.mode} ${r.received.connections}`).join(", ");
  out.push(`${verified} sampled deliveries had both signatures verified, ${wrong} wrong; connections opened to the receiver: ${connections}`);
  return out;
}
