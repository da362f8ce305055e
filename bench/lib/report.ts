import type { LoadResult } from "./load.ts";

/** A core busier than this over the run counts as saturated. */
const SATURATED = 0.9;

/** Which side limited a run, judged from the main threads (JS and the uWS loop are single-threaded). */
export type Bound = "server" | "client" | "both" | "neither";

export function boundOf(r: LoadResult): Bound {
  const server = r.server.mainThread >= SATURATED;
  const client = r.client.mainThread >= SATURATED;
  return server && client ? "both" : server ? "server" : client ? "client" : "neither";
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
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const fixed = (x: number, digits: number) => x.toFixed(digits);

export function renderTable(rows: readonly Row[]): string {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "err/non2xx", "ours/raw", "server cpu", "client cpu", "machine", "bound"];
  const body = rows.map(({ label, result: r, ratio }) => [
    label,
    fixed(r.rps, 0),
    fixed(r.p50Ms, 2),
    fixed(r.p99Ms, 2),
    `${r.errors}/${r.non2xx}`,
    ratio === undefined ? "-" : pct(ratio),
    `${pct(r.server.mainThread)}/${pct(r.server.process)}`,
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

export const TABLE_LEGEND =
  "cpu columns: main thread / whole process, 100% = one core busy for the measured window; " +
  `bound: whose main thread was >= ${pct(SATURATED)} busy (client = autocannon in this process)`;

/** One target's check against the goal, and whether the client could have skewed it. */
export function judge(label: string, ours: LoadResult, raw: LoadResult, goal: number): { pass: boolean; text: string } {
  const ratio = ours.rps / raw.rps;
  const pass = ratio >= goal;
  let caveat = "";
  // A client-limited baseline caps raw too low, so the ratio is flattering; the reverse for ours.
  if (pass && isClientLimited(raw)) caveat = " (raw baseline was client-bound: true ratio is lower, PASS not proven)";
  if (!pass && isClientLimited(ours)) caveat = " (our run was client-bound: true ratio is higher, FAIL not proven)";
  return { pass, text: `${label} ${pct(ratio)} ${pass ? ">=" : "<"} ${pct(goal)} ${pass ? "PASS" : "FAIL"}${caveat}` };
}
