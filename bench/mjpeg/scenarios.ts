/**
 * The scenarios of the MJPEG bench and their targets (for a 2-core machine). Each runs against a
 * fresh service, so one scenario's leftovers never show up in another's RSS.
 */
import { ViewerFleet } from "./fleet.ts";
import { Camera } from "./children.ts";
import { FPS, runStream, sleep, type Timing, type Window } from "./measure.ts";
import type { Floor } from "./baselines.ts";
import { atLeast, atMost, cpuChecks, cpuNotes, mb, ms, msPerMB, type Check, type Figures, type ScenarioResult } from "./results.ts";
import type { BenchService } from "./service.ts";
import { openFiles, openFilesLimit, processShare, sampleProcess } from "../shared/proc-cpu.ts";

export const SCENARIO_NAMES = ["100", "300", "600", "1000", "stalled", "idle", "churn"] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export interface Settings extends Timing {
  readonly churnSeconds: number;
  readonly idleViewers: number;
  /** Viewer processes for well-behaved viewers; undefined: sized from the expected load. */
  readonly viewerProcesses: number | undefined;
}

/** `floor`: the bare uWS writer's run with the scenario's load, where it has one (see `floorLoad`). */
type Scenario = (service: BenchService, settings: Settings, floor: Floor | undefined) => Promise<ScenarioResult>;

const KB100 = 100_000;
const KB20 = 20_000;
/**
 * Load per viewer process (bytes cost the recv copy, parts the parsing around them). Far below a
 * full core on the 2-core machine the targets are for: 600 viewers at 1.8 GB/s kept three
 * processes at about 13 % each, which leaves room for a slower machine before one saturates.
 */
const BYTES_PER_PROCESS = 600e6;
const PARTS_PER_PROCESS = 12_000;
const EVICT_WITHIN_S = 15;
const STALLED_RSS_GROWTH = 10e6;
const IDLE_RSS_PER_VIEWER = 4096;
const CHURN_PER_SECOND = 100;
const CHURN_LIFETIME_MS = 1000;
const CHURN_RSS_DRIFT = 5e6;
/** Cores busy outside the bench's own processes beyond which a run is flagged as disturbed. */
const OTHER_LOAD = 0.25;

function processesFor(settings: Settings, viewers: number, frameBytes: number): number {
  if (settings.viewerProcesses !== undefined) return settings.viewerProcesses;
  const parts = viewers * FPS;
  return Math.max(1, Math.ceil(Math.max((parts * frameBytes) / BYTES_PER_PROCESS, parts / PARTS_PER_PROCESS)));
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function streamFigures(run: Window, rssBytes: number, floor?: Floor): Figures {
  const normal = run.fleet.kinds.get("normal");
  const seconds = run.fleet.windowMs / 1000;
  const bytes = [...run.fleet.kinds.values()].reduce((s, k) => s + k.bytes, 0);
  return {
    partsPerSec: (normal?.parts ?? 0) / seconds,
    bytesPerSec: bytes / seconds,
    fpsMin: Math.min(...(normal?.fps ?? [0])),
    fpsMedian: median(normal?.fps ?? []),
    gaps: normal?.gaps ?? 0,
    p50Ms: normal?.latency.percentile(50) ?? 0,
    p99Ms: normal?.latency.percentile(99) ?? 0,
    serverCores: run.serverCores,
    msCpuPerMB: msPerMB(run.serverCpuSeconds, bytes),
    userMsCpuPerMB: msPerMB(run.serverUserSeconds, bytes),
    ...(floor === undefined ? {} : { floorMsCpuPerMB: floor.msPerMB, floorUserMsCpuPerMB: floor.userMsPerMB }),
    rssBytes,
    clientCores: run.fleet.cpu,
  };
}

/** What every stream scenario owes: a clean stream for every viewer, and a camera that kept up. */
function streamHealth(run: Window, viewers: number): { checks: Check[]; notes: string[] } {
  const normal = run.fleet.kinds.get("normal");
  const closed = normal?.closedByServerMs.length ?? 0;
  const errors = (normal?.errors ?? 0) + closed;
  const measured = errors === 0 ? "none" : `${normal?.errors ?? 0} stream errors, ${closed} closed by the server: ${(normal?.errorSamples ?? []).join("; ")}`;
  const checks: Check[] = [{ target: "no stream errors, no viewer closed", measured, verdict: errors === 0 ? "PASS" : "FAIL" }];
  const notes: string[] = [];
  const cameraFps = run.camera.sent / (run.camera.windowMs / 1000);
  if (cameraFps < FPS * 0.99) notes.push(`the camera sent only ${cameraFps.toFixed(1)} fps: the machine, not the server, may be the limit`);
  if (run.camera.closed !== undefined) notes.push(`the server closed the camera (${run.camera.closed})`);
  if (run.camera.maxLateMs > 1000 / FPS / 2) notes.push(`a camera frame went out ${run.camera.maxLateMs.toFixed(1)} ms late: the machine delayed the camera`);
  if (run.camera.maxBuffered > 0) notes.push(`the camera's socket queued up to ${mb(run.camera.maxBuffered)}: the server read it late`);
  if (normal && normal.gaps > 0) {
    const least = Math.min(...normal.viewerGaps);
    const most = Math.max(...normal.viewerGaps);
    notes.push(
      `each viewer skipped ${least === most ? least : `${least} to ${most}`} frames` +
        (least === most ? ": every viewer alike, so the room skipped them (frames arriving together, or all viewers still busy with the last), not single slow viewers" : ""),
    );
  }
  const fps = normal?.fps.length ?? 0;
  if (fps < viewers) notes.push(`only ${fps} of ${viewers} viewers were open for the whole window`);
  const viewerCores = run.fleet.cpu.reduce((s, c) => s + c, 0);
  const others = run.machine - run.serverCores - viewerCores - run.cameraCores - run.interrupts;
  notes.push(
    `machine ${run.machine.toFixed(2)} cores busy: server ${run.serverCores.toFixed(2)}, viewers ${viewerCores.toFixed(2)}, ` +
      `camera ${run.cameraCores.toFixed(2)}, interrupts ${run.interrupts.toFixed(2)}, everything else ${Math.max(0, others).toFixed(2)}` +
      (others > OTHER_LOAD ? " (other load on the machine: these figures are noisy)" : ""),
  );
  return { checks, notes };
}

function fanOut(viewers: number, frameBytes: number, p99Limit: number, extra: (f: Figures) => Check[]): Scenario {
  const label = `${viewers} x ${frameBytes / 1000} KB`;
  return async (service, settings, floor) => {
    const processes = processesFor(settings, viewers, frameBytes);
    const run = await runStream(service, { room: `fan${viewers}`, frameBytes, viewers, processes }, settings);
    const f = streamFigures(run, run.rss.atEnd, floor);
    const goal = viewers * FPS;
    const health = streamHealth(run, viewers);
    return {
      name: String(viewers),
      viewers: label,
      figures: f,
      checks: [
        atLeast(`>= ${goal.toLocaleString("en-US")} parts/s (99 %)`, f.partsPerSec ?? 0, goal * 0.99, `${Math.round(f.partsPerSec ?? 0).toLocaleString("en-US")} parts/s`),
        atMost(`p99 <= ${p99Limit} ms`, f.p99Ms ?? 0, p99Limit, ms(f.p99Ms ?? 0)),
        ...extra(f),
        ...cpuChecks(f),
        ...health.checks,
      ],
      notes: [...health.notes, ...cpuNotes(f)],
    };
  };
}

const noGaps = (f: Figures): Check[] => [atMost("no gaps", f.gaps ?? 0, 0, `${f.gaps ?? 0} frames skipped`)];

/**
 * The stalled scenario compares two windows' p99, and a room's tail is per frame (every viewer
 * late together): over 10 s that is about the 3rd-worst of 300 frames, which moved by half
 * between windows of the same load on this VM. Twice the windows make it the 6th-worst of 600.
 */
const STALLED_WINDOWS = 2;

const stalled: Scenario = async (service, settings) => {
  const viewers = 300;
  const misbehaving = 20;
  const watchSeconds = 30;
  const run = await runStream(
    service,
    { room: "stalled", frameBytes: KB100, viewers, processes: processesFor(settings, viewers, KB100), throttled: misbehaving, stalled: misbehaving, watchSeconds },
    { ...settings, seconds: settings.seconds * STALLED_WINDOWS },
  );
  if (!run.baseline) throw new Error("the stalled scenario ran without its baseline window");
  const f = streamFigures(run, run.rss.atEnd);
  const health = streamHealth(run, viewers);
  const alone = streamFigures(run.baseline, run.rss.atStart);
  const closedAfter = run.stalledClosedAfter.filter((s): s is number => s !== undefined);
  const slowest = closedAfter.length > 0 ? Math.max(...closedAfter) : Number.POSITIVE_INFINITY;
  const growth = run.rss.atEnd - run.rss.atStart;
  const throttled = run.fleet.kinds.get("throttled");
  const p99 = f.p99Ms ?? 0;
  const checks: Check[] = [
    atMost(`p99 within +20 % of the same ${viewers} alone`, p99, (alone.p99Ms ?? 0) * 1.2, `${ms(p99)} vs ${ms(alone.p99Ms ?? 0)} alone`),
    ...noGaps(f),
    atLeast(
      `every stalled viewer closed within ${EVICT_WITHIN_S} s`,
      closedAfter.length === misbehaving ? EVICT_WITHIN_S - slowest : -1,
      0,
      `${closedAfter.length}/${misbehaving} closed${closedAfter.length > 0 ? `, after ${Math.min(...closedAfter).toFixed(1)}-${Math.max(...closedAfter).toFixed(1)} s` : ""}`,
    ),
    atMost(
      `server RSS growth <= ${mb(STALLED_RSS_GROWTH)}, ${watchSeconds} s after they joined`,
      growth,
      STALLED_RSS_GROWTH,
      `${mb(growth)} after GC (${mb(run.rss.atStart)} -> ${mb(run.rss.atEnd)}; raw peak ${mb(run.rss.rawPeak)})`,
    ),
    ...health.checks,
  ];
  const notes = [
    `alone, before the others joined: ${Math.round(alone.partsPerSec ?? 0)} parts/s, p50 ${ms(alone.p50Ms ?? 0)}, ${alone.gaps ?? 0} frames skipped`,
    ...health.notes,
    ...cpuNotes(f),
  ];
  if (throttled) {
    notes.push(
      `throttled viewers (1 MB/s): median ${median(throttled.fps).toFixed(1)} fps, ${throttled.gaps} frames skipped, ` +
        `${throttled.closedByServerMs.length} of ${throttled.viewers} closed by the server, ${throttled.errors} stream errors`,
    );
  }
  return { name: "stalled", viewers: `${viewers} + ${misbehaving} throttled + ${misbehaving} stalled`, figures: f, checks, notes };
};

const idle: Scenario = async (service, settings) => {
  const viewers = settings.idleViewers;
  const limit = openFilesLimit();
  // The server holds one descriptor per viewer; each viewer process its share.
  if (limit < viewers + 200) throw new Error(`open-files limit ${limit} is below ${viewers + 200}: raise it (ulimit -n) or lower BENCH_IDLE_VIEWERS`);
  const endpoint = await service.mintCamera("idle");
  const camera = await Camera.start({ wsUrl: endpoint.wsUrl, key: endpoint.key, frameBytes: KB20, fps: FPS, frames: 1 });
  const fleet = ViewerFleet.start(settings.viewerProcesses ?? 2);
  try {
    await sleep(1000);
    const before = await service.settledRss();
    const opened = await fleet.open("normal", viewers, endpoint.viewers);
    if (opened.failed > 0) throw new Error(`${opened.failed} of ${viewers} idle viewers got no frame: ${opened.errorSamples.join("; ")}`);
    await sleep(settings.warmupSeconds * 1000);
    await fleet.mark();
    const server0 = sampleProcess(service.pid);
    await sleep(settings.seconds * 1000);
    const server1 = sampleProcess(service.pid);
    const report = await fleet.report();
    const after = await service.settledRss();
    const normal = report.kinds.get("normal");
    const bytes = normal?.bytes ?? 0;
    const perViewer = (after - before) / viewers;
    const cpuSeconds = server1.processSeconds - server0.processSeconds;
    const closed = (normal?.closedByServerMs.length ?? 0) + (normal?.errors ?? 0);
    const seconds = report.windowMs / 1000;
    return {
      name: "idle",
      viewers: `${viewers} on a silent camera`,
      figures: {
        partsPerSec: (normal?.parts ?? 0) / seconds,
        bytesPerSec: bytes / seconds,
        serverCores: processShare(server0, server1).process,
        msCpuPerMB: bytes > 0 ? msPerMB(cpuSeconds, bytes) : undefined,
        rssBytes: after,
        clientCores: report.cpu,
      },
      checks: [
        atMost(`server RSS <= ${IDLE_RSS_PER_VIEWER} B per viewer`, perViewer, IDLE_RSS_PER_VIEWER, `${Math.round(perViewer)} B (${mb(before)} -> ${mb(after)})`),
        atMost("no viewer closed or broken", closed, 0, closed === 0 ? "none" : `${closed}: ${(normal?.errorSamples ?? []).join("; ")}`),
      ],
      notes: [`${normal?.repeats ?? 0} repeated parts in ${seconds.toFixed(1)} s (the server's keepalive of the last frame)`],
    };
  } finally {
    await Promise.all([fleet.stop(), camera.stop()]);
  }
};

const churn: Scenario = async (service, settings) => {
  const endpoint = await service.mintCamera("churn");
  const camera = await Camera.start({ wsUrl: endpoint.wsUrl, key: endpoint.key, frameBytes: KB100, fps: FPS, frames: 0 });
  const fleet = ViewerFleet.start(settings.viewerProcesses ?? 2);
  try {
    await sleep(1000);
    const filesBefore = openFiles(service.pid);
    await fleet.mark();
    const server0 = sampleProcess(service.pid);
    const churning = fleet.churn(endpoint.viewers, CHURN_PER_SECOND, CHURN_LIFETIME_MS, settings.churnSeconds);
    const earlyAt = Math.min(10, settings.churnSeconds / 2);
    await sleep(earlyAt * 1000);
    // The GC pauses the server once, mid-churn: a few joins wait for it.
    const rssEarly = await service.settledRss();
    const result = await churning;
    const server1 = sampleProcess(service.pid);
    const rssEnd = await service.settledRss();
    const report = await fleet.report();
    // Let the server notice the last hang-ups before counting what it still holds.
    await sleep(2000);
    const leftover = openFiles(service.pid) - filesBefore;
    const seconds = report.windowMs / 1000;
    const msCpuPerMB = msPerMB(server1.processSeconds - server0.processSeconds, result.bytes);
    const drift = rssEnd - rssEarly;
    const expected = Math.round(CHURN_PER_SECOND * settings.churnSeconds);
    return {
      name: "churn",
      viewers: `${CHURN_PER_SECOND}/s joining for ${CHURN_LIFETIME_MS / 1000} s, ${settings.churnSeconds} s`,
      figures: {
        partsPerSec: result.parts / seconds,
        bytesPerSec: result.bytes / seconds,
        serverCores: processShare(server0, server1).process,
        msCpuPerMB,
        rssBytes: rssEnd,
        clientCores: report.cpu,
      },
      checks: [
        atMost(
          "no errors",
          result.errors + (expected - result.completed),
          0,
          `${result.completed}/${expected} viewers got a frame, ${result.errors} errors${result.errorSamples.length > 0 ? `: ${result.errorSamples.join("; ")}` : ""}`,
        ),
        atMost(`RSS drift <= ${mb(CHURN_RSS_DRIFT)} (${earlyAt} s vs end)`, drift, CHURN_RSS_DRIFT, `${mb(rssEarly)} -> ${mb(rssEnd)}`),
        atMost("no descriptors left open", leftover, 0, `${leftover} more open files than before`),
      ],
      notes: [
        `time to first frame p50 ${ms(result.firstPart.percentile(50))}, p99 ${ms(result.firstPart.percentile(99))}, max ${ms(result.firstPart.percentile(100))}`,
      ],
    };
  } finally {
    await Promise.all([fleet.stop(), camera.stop()]);
  }
};

/**
 * The bare uWS writer's load matching a fan-out scenario, for its CPU-per-MB floor (see
 * mjpeg-baselines.ts). The CPU target is about steady fan-out, so the other scenarios have no
 * floor and no CPU check (their cost per MB is still in the table): throttled viewers take each
 * part in many partial writes, an idle relay delivers next to nothing, and churn's cost is
 * connections, not bytes.
 */
export function floorLoad(name: ScenarioName, settings: Settings): { viewers: number; frameBytes: number; processes: number } | undefined {
  const load = (viewers: number, frameBytes: number) => ({ viewers, frameBytes, processes: processesFor(settings, viewers, frameBytes) });
  switch (name) {
    case "100":
    case "300":
    case "600":
      return load(Number(name), KB100);
    case "1000":
      return load(1000, KB20);
    case "stalled":
    case "idle":
    case "churn":
      return undefined;
  }
}

export const SCENARIOS: Readonly<Record<ScenarioName, Scenario>> = {
  "100": fanOut(100, KB100, 10, (f) => [atLeast("every viewer >= 29.5 fps", f.fpsMin ?? 0, 29.5, `min ${(f.fpsMin ?? 0).toFixed(2)} fps`)]),
  "300": fanOut(300, KB100, 25, noGaps),
  "600": fanOut(600, KB100, 50, () => []),
  "1000": fanOut(1000, KB20, 35, () => []),
  stalled,
  idle,
  churn,
};
