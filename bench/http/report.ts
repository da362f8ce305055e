import type { LoadResult } from "./load.ts";

/** A core busier than this over the run counts as saturated. */
const SATURATED = 0.85;

/** Which side limited a run, judged from the main threads (JS and the uWS loop are single-threaded). */
export type Bound = "server" | "client" | "both" | "neither";

export function boundOf(r: LoadResult): Bound {
  const server = isServerBound(r);
  const client = r.client.mainThread >= SATURATED;
  return server && client ? "both" : server ? "server" : client ? "client" : "neither";
}

/** The server's event loop was (nearly) always busy: the run shows its capacity. */
export function isServerBound(r: LoadResult): boolean {
  return r.server.mainThread >= SATURATED;
}

/** Client-limited runs understate the server's real throughput. */
export function isClientLimited(r: LoadResult): boolean {
  const bound = boundOf(r);
  return bound === "client" || bound === "both";
}

export interface Row {
  readonly label: string;
  readonly result: LoadResult;
  /** ours / raw throughput; absent for the raw baseline. */
  readonly ratio?: number;
  /** Cores the server's own database and Redis processes used meanwhile (not "other processes"). */
  readonly besideCores?: number;
}

/** What a reader must know before trusting a row: who limited it, and whether others were busy. */
export function loadNotes(rows: readonly Row[], pipelining: number): string[] {
  const out: string[] = [];
  for (const { label, result: r, besideCores = 0 } of rows) {
    if (isClientLimited(r)) {
      out.push(
        `note: ${label} is client-bound (${boundOf(r)}): autocannon's thread used ${pct(r.client.mainThread)} of a core, ` +
          `the server's ${pct(r.server.mainThread)}; its req/s is a floor for what the server can do` +
          (pipelining === 1 ? " (BENCH_PIPELINING=10 cuts autocannon's cost per request)" : ""),
      );
    }
    const others = r.machine - r.server.process - r.client.process - besideCores;
    if (others > 0.25) {
      out.push(`note: other processes kept ~${others.toFixed(2)} cores busy during ${label}; its req/s is depressed and noisy`);
    }
  }
  return out;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const fixed = (x: number, digits: number) => x.toFixed(digits);

export function renderTable(rows: readonly Row[]): string {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "err/non2xx", "ours/raw", "server cpu", "req/cpu-s", "cpu µs/req", "client cpu", "machine", "bound"];
  const body = rows.map(({ label, result: r, ratio }) => [
    label,
    fixed(r.rps, 0),
    fixed(r.p50Ms, 2),
    fixed(r.p99Ms, 2),
    `${r.errors}/${r.non2xx}`,
    ratio === undefined ? "-" : pct(ratio),
    `${pct(r.server.mainThread)}/${pct(r.server.process)}`,
    fixed(perCpu(r), 0),
    fixed(cpuMicrosPerRequest(r), 1),
    `${pct(r.client.mainThread)}/${pct(r.client.process)}`,
    `${fixed(r.machine, 2)} cores`,
    boundOf(r),
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), rule, ...body.map(line)].join("\n");
}

export const TABLE_LEGEND = [
  "cpu columns: main thread / whole process, 100% = one core busy over the measured window",
  "req/cpu-s: req/s per core of server CPU; machine: busy cores of the whole machine (everyone's)",
  `bound: whose main thread was >= ${pct(SATURATED)} busy (client = autocannon, in the bench process)`,
].join("\n");

/** Requests per second of server CPU (whole process): comparable even when a run was not server-bound. */
export const perCpu = (r: LoadResult): number => r.rps / Math.max(r.server.process, 0.01);

/** Server CPU (whole process) per request, in microseconds. */
export const cpuMicrosPerRequest = (r: LoadResult): number => 1e6 / perCpu(r);

export type Verdict = "PASS" | "FAIL" | "INCONCLUSIVE";

/**
 * One target against the goal. The req/s ratio alone flatters us when the raw baseline did not
 * saturate its core (autocannon on the other core is often the limit), so a PASS needs the
 * CPU-normalized ratio (req/s per core of server CPU, ours over raw) to reach the goal as well.
 * A FAIL whose own run was not server-bound is unproven.
 */
export function judge(label: string, ours: LoadResult, raw: LoadResult, goal: number): { verdict: Verdict; text: string } {
  const ratio = ours.rps / raw.rps;
  const normalized = perCpu(ours) / perCpu(raw);
  const pass = ratio >= goal && normalized >= goal;
  let verdict: Verdict = pass ? "PASS" : "FAIL";
  if (!pass && ratio < goal && !isServerBound(ours)) verdict = "INCONCLUSIVE";
  return {
    verdict,
    text: `${label} ${pct(ratio)} req/s, ${pct(normalized)} per server CPU, goal ${pct(goal)}: ${verdict}`,
  };
}
