/**
 * bench:timeline's tables: each query's latency on the fleet beside the same query on the
 * one-camera app (its baseline on the same server), with the goal's verdict; recording CPU per
 * camera (on less off); and the detectors' per-core figures against the issue's goal.
 */
import type { DetectorFigures } from "../plugins/detectors.ts";
import type { BackendRun } from "./fleet.ts";
import { recordingCost, type RecordingFigures } from "./recording.ts";

export const QUERY_GOAL_P99_MS = 50;
/** Issue 34's starting point: the built-in detector at ~103 ms a frame, 9.4 frames/s on the 2-core machine; the goal is 4x that. */
const ISSUE_BUILT_IN_FPS_2_CORES = 9.4;
const DETECTOR_GOAL_TIMES = 4;

const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
const pct = (cores: number): string => `${(cores * 100).toFixed(1)}%`;

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** One backend's queries: the fleet's rows with their ratio to the baseline app's, then the verdicts. */
export function renderQueries(run: BackendRun, fleetApp: string): { text: string; missed: string[] } {
  const missed: string[] = [];
  const rows = run.queries.map((q) => {
    const base = q.app === fleetApp ? run.queries.find((b) => b.query === q.query && b.app !== fleetApp) : undefined;
    const goal = q.app !== fleetApp || q.query.includes("(floor)") ? "-" : q.p99 < QUERY_GOAL_P99_MS ? "pass" : "MISS";
    if (goal === "MISS") missed.push(`${run.backend}: ${q.query} p99 ${ms(q.p99)} ms`);
    return [
      q.query,
      q.app,
      String(q.requests),
      `${ms(q.p50)} / ${ms(q.p95)} / ${ms(q.p99)}`,
      ms(q.max),
      ms(q.cpuMs),
      base ? `${(q.p99 / Math.max(base.p99, 0.01)).toFixed(2)} x` : "-",
      `${q.total ?? "-"} / ${q.entries ?? "-"}`,
      (q.bytes / 1000).toFixed(1),
      goal,
    ];
  });
  const stats = run.statsMs.length > 0 ? `\nGET /apps/${fleetApp}/stats (sums every segment, as each retention sweep does twice; no goal): ${run.statsMs.map(ms).join(", ")} ms` : "";
  const loaded = `written: ${run.loaded.segments.toLocaleString("en")} segments and ${run.loaded.events.toLocaleString("en")} events in ${run.loaded.seconds.toFixed(1)} s (${Math.round((run.loaded.segments + run.loaded.events) / run.loaded.seconds).toLocaleString("en")} rows/s)`;
  return {
    text: [
      `### ${run.backend}`,
      "",
      loaded,
      "",
      table(["query", "app", "requests", "p50 / p95 / p99 ms", "max ms", "service cpu ms", "p99 x baseline", "total / entries", "KB", `p99 < ${QUERY_GOAL_P99_MS} ms`], rows),
      stats,
    ].join("\n"),
    missed,
  };
}

export function renderRecording(figures: readonly RecordingFigures[], seconds: number, rounds: number): string {
  const rows = figures.map((f) => {
    const cost = recordingCost(f);
    const recorded = f.segments > 0 ? `${f.segments} segments, ${(f.bytes / 1e6).toFixed(1)} MB` : "NOT RECORDED (no continuous recording of this kind in this tree)";
    return [f.kind, f.camera, `${pct(f.off.total)} (${pct(f.off.node)})`, `${pct(f.on.total)} (${pct(f.on.node)})`, f.segments > 0 ? `${pct(cost.total)} (${pct(cost.node)})` : "-", recorded];
  });
  return [
    `${seconds} s of each state per camera, in ${rounds} interleaved rounds`,
    "",
    table(["kind", "camera", "service off: total (node)", "service on: total (node)", "recording per camera: total (node)", "recorded while on"], rows),
  ].join("\n");
}

/** The detector goal: the best YOLO whole detect per core, against the built-in measured in the same run and against the issue's figure. */
export function detectorVerdict(detectors: readonly DetectorFigures[]): string {
  const perCore = (d: DetectorFigures) => 1000 / d.cpuMs;
  const base = detectors[0];
  const best = detectors.filter((d) => d !== base && d.scope === "whole detect").sort((a, b) => perCore(b) - perCore(a))[0];
  if (!base || !best) return "verdict: no detector ran";
  const ratio = perCore(best) / perCore(base);
  const twoCores = 2 * perCore(best);
  const goal = DETECTOR_GOAL_TIMES * ISSUE_BUILT_IN_FPS_2_CORES;
  return [
    `fastest whole detect: ${best.model} on ${best.runtime}, ${perCore(best).toFixed(1)} detections/s per core, ${ratio.toFixed(2)} x the built-in's ${perCore(base).toFixed(1)} in this run: ${ratio >= DETECTOR_GOAL_TIMES ? "pass" : "MISS"} (goal >= ${DETECTOR_GOAL_TIMES} x)`,
    `on 2 cores: ${twoCores.toFixed(1)} detections/s against the issue's ${DETECTOR_GOAL_TIMES} x ${ISSUE_BUILT_IN_FPS_2_CORES} = ${goal.toFixed(1)}: ${twoCores >= goal ? "pass" : "MISS"}`,
  ].join("\n");
}

export const LEGEND = [
  "queries: one request at a time on one keep-alive connection, each for a camera and range drawn at random; p99 x baseline: over the same query on an app of 1 camera x 1 day on the same server; total / entries: the first answer's total and entries (a timeline page holds its gaps and events too); service cpu ms: the service's CPU per request, all its threads (schedstat), PostgreSQL's own not included",
  "recording: the service's cores (100% = one core) with its ffmpeg children, its node process alone in parentheses, the camera live in both states; per camera = on less off",
  "detectors: bench:plugins -- detectors' own measure (bench/plugins/detectors.ts), cpu ms per frame, one thread each",
].join("\n");
