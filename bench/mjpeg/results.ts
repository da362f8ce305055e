/**
 * What a scenario found, its targets as PASS/FAIL checks, and the final Markdown tables. A FAIL
 * is a finding about the server; a scenario that could not run at all is an error, which is the
 * only thing that makes the bench exit non-zero.
 */

/** A single-threaded load process busier than this is measuring itself, not the server. */
export const CLIENT_SATURATED = 0.85;

/**
 * FLOOR: an absolute target that the bare uWS writer (same load, same run) misses too, so no
 * server could meet it on this machine; the ratio to that writer is the check that judges.
 */
export type Verdict = "PASS" | "FAIL" | "FLOOR";

export interface Check {
  readonly target: string;
  readonly measured: string;
  readonly verdict: Verdict;
}

/** Headline figures; absent where a scenario does not measure them. */
export interface Figures {
  readonly partsPerSec?: number;
  readonly bytesPerSec?: number;
  readonly fpsMin?: number;
  readonly fpsMedian?: number;
  readonly gaps?: number;
  readonly p50Ms?: number;
  readonly p99Ms?: number;
  /** Busy cores of the server process over the window. */
  readonly serverCores: number;
  readonly msCpuPerMB?: number;
  /** The user-space part of it: what the relay's code costs, the rest being the kernel's. */
  readonly userMsCpuPerMB?: number;
  /** The bare uWS writer's CPU per MB for the same load, measured in the same run, and its user-space part. */
  readonly floorMsCpuPerMB?: number;
  readonly floorUserMsCpuPerMB?: number;
  readonly rssBytes: number;
  /** Busy cores of each viewer process over the window. */
  readonly clientCores: readonly number[];
}

export interface ScenarioResult {
  readonly name: string;
  readonly viewers: string;
  readonly figures?: Figures;
  readonly checks: readonly Check[];
  readonly notes: string[];
  readonly error?: string;
}

export function atMost(target: string, measured: number, limit: number, shown: string): Check {
  return { target, measured: shown, verdict: measured <= limit ? "PASS" : "FAIL" };
}

export function atLeast(target: string, measured: number, floor: number, shown: string): Check {
  return { target, measured: shown, verdict: measured >= floor ? "PASS" : "FAIL" };
}

export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
export const ms = (x: number): string => `${x.toFixed(2)} ms`;
const pct = (x: number): string => `${Math.round(x * 100)}%`;
const num = (x: number | undefined, digits = 0): string => (x === undefined ? "-" : x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }));

/** ms of CPU per MB (10^6 bytes): the unit of every CPU-per-byte figure of the bench. */
export const msPerMB = (cpuSeconds: number, bytes: number): number => (cpuSeconds * 1000) / Math.max(bytes / 1e6, 1e-9);

/** The ms of server CPU that each MB (10^6 bytes) delivered may cost. */
export const CPU_PER_MB_LIMIT = 0.2;
/**
 * How far above the bare uWS writer's CPU per MB the service may be. It makes the same writes
 * plus multipart framing, per-viewer state and metrics, and its user-space share is below the
 * writer's (one cork per fan-out instead of one per viewer); but the kernel's share of two runs
 * of the same writes differs by up to ~15 % on this VM.
 */
export const FLOOR_RATIO_LIMIT = 1.2;

/** The CPU-per-MB target, and the service's cost against the bare writer's for the same load. */
export function cpuChecks(f: Figures): Check[] {
  const msPerMB = f.msCpuPerMB ?? 0;
  const floorMsPerMB = f.floorMsCpuPerMB;
  const shown = `${msPerMB.toFixed(3)} ms/MB`;
  const absolute = atMost(`server CPU <= ${CPU_PER_MB_LIMIT} ms/MB`, msPerMB, CPU_PER_MB_LIMIT, shown);
  if (floorMsPerMB === undefined) return [absolute];
  const ratio = msPerMB / floorMsPerMB;
  return [
    absolute.verdict === "FAIL" && floorMsPerMB > CPU_PER_MB_LIMIT
      ? { ...absolute, measured: `${shown}; the bare uWS writer pays ${floorMsPerMB.toFixed(3)} here`, verdict: "FLOOR" }
      : absolute,
    atMost(`server CPU <= ${FLOOR_RATIO_LIMIT} x the bare uWS writer's`, ratio, FLOOR_RATIO_LIMIT, `${ratio.toFixed(2)} x ${floorMsPerMB.toFixed(3)} ms/MB`),
  ];
}

/** Where the CPU per MB goes: user space (the relay's code, uWS, V8) and the kernel, against the floor's split. */
export function cpuNotes(f: Figures): string[] {
  if (f.msCpuPerMB === undefined || f.userMsCpuPerMB === undefined) return [];
  const split = (total: number, user: number) => `${user.toFixed(3)} user + ${(total - user).toFixed(3)} kernel ms/MB`;
  const floor = f.floorMsCpuPerMB !== undefined && f.floorUserMsCpuPerMB !== undefined ? `; the bare uWS writer ${split(f.floorMsCpuPerMB, f.floorUserMsCpuPerMB)}` : "";
  return [`server CPU per MB: ${split(f.msCpuPerMB, f.userMsCpuPerMB)}${floor}`];
}

function markdown(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function clientCell(cores: readonly number[]): string {
  if (cores.length === 0) return "-";
  const max = Math.max(...cores);
  const sum = cores.reduce((s, c) => s + c, 0);
  return `${pct(sum)} / ${pct(max)}${max > CLIENT_SATURATED ? " !" : ""} (${cores.length} procs)`;
}

function verdictCell(r: ScenarioResult): string {
  if (r.error !== undefined) return "ERROR";
  const fails = r.checks.filter((c) => c.verdict === "FAIL").length;
  const floorBound = r.checks.filter((c) => c.verdict === "FLOOR").length;
  return fails > 0 ? `FAIL (${fails}/${r.checks.length})` : floorBound > 0 ? `PASS (${floorBound} FLOOR)` : "PASS";
}

export function renderResults(results: readonly ScenarioResult[], ceilingBytesPerSec: number | undefined): string {
  const figures = results.map((r) => {
    const f = r.figures;
    const ratio = f?.bytesPerSec !== undefined && ceilingBytesPerSec ? pct(f.bytesPerSec / ceilingBytesPerSec) : "-";
    return [
      r.name,
      r.viewers,
      num(f?.partsPerSec),
      f?.bytesPerSec === undefined ? "-" : `${num(f.bytesPerSec / 1e6)} (${ratio})`,
      f?.fpsMin === undefined ? "-" : `${num(f.fpsMin, 1)} / ${num(f.fpsMedian, 1)}`,
      num(f?.gaps),
      f?.p99Ms === undefined ? "-" : `${num(f.p50Ms, 2)} / ${num(f.p99Ms, 2)}`,
      f === undefined ? "-" : pct(f.serverCores),
      num(f?.msCpuPerMB, 3) + (f?.msCpuPerMB !== undefined && f.floorMsCpuPerMB !== undefined ? ` (${num(f.msCpuPerMB / f.floorMsCpuPerMB, 2)} x)` : ""),
      f === undefined ? "-" : num(f.rssBytes / 1e6, 1),
      clientCell(f?.clientCores ?? []),
      verdictCell(r),
    ];
  });
  const checks = results.flatMap((r) =>
    r.error !== undefined ? [[r.name, "runs to completion", r.error, "ERROR"]] : r.checks.map((c) => [r.name, c.target, c.measured, c.verdict]),
  );
  const saturated = results.flatMap((r) => {
    const max = Math.max(0, ...(r.figures?.clientCores ?? []));
    return max > CLIENT_SATURATED ? [`- ${r.name}: a viewer process used ${pct(max)} of a core: the client may have limited this scenario`] : [];
  });
  const notes = [...saturated, ...results.flatMap((r) => r.notes.map((n) => `- ${r.name}: ${n}`))];
  return [
    markdown(
      ["scenario", "viewers", "parts/s", "MB/s (of ceiling)", "fps min / median", "gaps", "latency p50 / p99 ms", "server cpu", "server ms cpu/MB (x floor)", "server RSS MB", "client cpu sum / max", "verdict"],
      figures,
    ),
    "",
    markdown(["scenario", "target", "measured", "verdict"], checks),
    ...(notes.length > 0 ? ["", ...notes] : []),
  ].join("\n");
}

export const LEGEND = [
  "cpu: 100% = one core busy over the measured window; MB = 10^6 bytes; client cpu = the viewer processes (sum over them / busiest one)",
  `a "!" marks a viewer process above ${pct(CLIENT_SATURATED)} of a core: it, not the server, may have limited that scenario (raise BENCH_VIEWER_PROCESSES)`,
  "floor: a bare uWS server making the same writes to the same number of raw readers, measured just before the scenario; FLOOR: a target the floor misses too on this machine",
  "parts/s and fps count parts delivered to the well-behaved viewers; gaps are frames they skipped; latency is camera send to the viewer's last byte of the part",
].join("\n");
