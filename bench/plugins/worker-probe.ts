/**
 * One plugin worker process, started and spoken to exactly as the service does (`WorkerProcess`,
 * the IPC protocol of `workers/plugins/protocol.ts`), but with the bench as its service: one camera
 * room whose next frame, the fixture photo, goes out the moment the worker asks for it. At fps 30,
 * above what a model on WASM manages here, the worker's pace is its own, so a window measures its
 * most frames per second and the time from handing it a frame to getting that frame's result back.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { manifestOf, withDefaults } from "../../src/plugins/manifests.ts";
import { WorkerProcess } from "../../src/plugins/process.ts";
import type { FromWorker, RoomStats } from "../../workers/plugins/protocol.ts";
import { LatencyRecorder } from "../shared/latency.ts";
import { residentBytes } from "../shared/proc-cpu.ts";
import type { Timing } from "../mjpeg/measure.ts";
import { runSeconds } from "./sched-cpu.ts";

export const WORKER_PLUGINS = ["yolo", "deface"] as const;
export type WorkerPlugin = (typeof WORKER_PLUGINS)[number];

const APP = "bench";
const ROOM = "bench-cam";
/** Above what either model reaches on this machine: the worker then asks as fast as it can work. */
const FPS = 30;
/** Loading a model into TensorFlow.js's WASM backend takes seconds, more on a busy machine. */
const READY_TIMEOUT_MS = 120_000;
const STDERR_SAMPLES = 5;
/** How often a worker reports its stats (`STATS_EVERY_MS` in workers/plugins/runtime.ts), each over the period since the last. */
const STATS_PERIOD_MS = 5000;

/** Mean and percentiles of one latency series, in ms. */
export interface Spread {
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
}

export interface WorkerFigures {
  readonly plugin: WorkerPlugin;
  readonly model: string;
  /** Results received in the window, per second. */
  readonly fps: number;
  /** From sending a frame to receiving its detections or rendition. */
  readonly latency: Spread;
  /** The worker's own reports (every 5 s) whose period lay in the window: its fps and ms per frame. */
  readonly reported: readonly RoomStats[];
  /** Busy share of the worker process over the window, in cores. */
  readonly cores: number;
  /** RSS from /proc: once its model is loaded, when the window starts, when it ends. */
  readonly rss: { readonly ready: number; readonly start: number; readonly end: number };
  /** What the results held, over every frame: labels (yolo) or face counts (deface), in frames. */
  readonly found: ReadonlyMap<string, number>;
  readonly results: number;
  /** Results for a frame the bench never sent, or sent twice: there should be none. */
  readonly unmatched: number;
  readonly stderr: { readonly lines: number; readonly samples: readonly string[] };
}

/** The spread of a recorder's latencies, with the mean it cannot give. */
export function spread(recorder: LatencyRecorder, sum: number, count: number): Spread {
  return { mean: count === 0 ? 0 : sum / count, p50: recorder.percentile(50), p99: recorder.percentile(99) };
}

class Probe {
  private readonly worker: WorkerProcess;
  /** When each frame in flight went out, by its `at`, which the result carries back. */
  private readonly sentAt = new Map<number, number>();
  private lastAt = 0;
  private counting = false;
  private markedAt = 0;
  private latency = new LatencyRecorder();
  private latencySum = 0;
  private counted = 0;
  private readonly reports: Array<Readonly<Record<string, RoomStats>>> = [];
  readonly found = new Map<string, number>();
  results = 0;
  unmatched = 0;
  stderrLines = 0;
  readonly stderrSamples: string[] = [];
  model = "";
  private readySignal: (() => void) | undefined;
  readonly ready = new Promise<void>((resolve) => (this.readySignal = resolve));
  /** Rejects when the process ends; every wait races it, so a crash fails the probe at once. */
  readonly died: Promise<never>;
  private readonly killOnExit = (): void => {
    try {
      if (this.worker.pid !== undefined) process.kill(this.worker.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };

  constructor(
    private readonly plugin: WorkerPlugin,
    private readonly jpeg: Buffer,
  ) {
    let die: (err: Error) => void = () => {};
    this.died = new Promise<never>((_, reject) => (die = reject));
    this.died.catch(() => {});
    this.worker = new WorkerProcess({
      entry: new URL(`../../workers/plugins/${plugin}.ts`, import.meta.url),
      onLine: (stream, line) => {
        if (stream !== "stderr") return;
        this.stderrLines++;
        if (this.stderrSamples.length < STDERR_SAMPLES) this.stderrSamples.push(line);
      },
      onMessage: (message) => this.message(message),
      onExit: (exit) => {
        process.off("exit", this.killOnExit);
        const why = exit.error ?? `code ${String(exit.exitCode)}, signal ${String(exit.signal)}`;
        die(new Error(`the ${plugin} worker exited (${why}); its stderr: ${this.stderrSamples.join(" | ") || "empty"}`));
      },
    });
    // The worker leaves when its IPC channel closes, but a bench that dies mid-window must not wait on that.
    process.on("exit", this.killOnExit);
  }

  get pid(): number {
    const pid = this.worker.pid;
    if (pid === undefined) throw new Error(`the ${this.plugin} worker has no pid: it did not start`);
    return pid;
  }

  start(): void {
    const manifest = manifestOf(this.plugin);
    if (!manifest) throw new Error(`no manifest for plugin ${this.plugin}`);
    this.worker.send({ type: "init", app: APP, plugin: this.plugin, config: withDefaults(manifest, { fps: FPS }) });
  }

  joinRoom(): void {
    this.worker.send({ type: "room", room: ROOM, source: { kind: "camera" } });
  }

  /** Waits `ms`, or fails as soon as the worker dies. */
  wait(ms: number): Promise<void> {
    return Promise.race([sleep(ms), this.died]);
  }

  private message(message: FromWorker): void {
    switch (message.type) {
      case "ready":
        this.model = message.model;
        this.readySignal?.();
        return;
      case "want": {
        // Unique, so each result finds its frame even if one were ever answered twice.
        const at = Math.max(Date.now(), this.lastAt + 1);
        this.lastAt = at;
        this.sentAt.set(at, performance.now());
        this.worker.send({ type: "frame", room: message.room, jpeg: this.jpeg, at });
        return;
      }
      case "detections":
        this.result(message.at, [...new Set(message.objects.map((o) => o.label))]);
        return;
      case "rendition":
        this.result(message.at, [`${message.faces} face${message.faces === 1 ? "" : "s"}`]);
        return;
      case "stats":
        // Only reports whose whole period lies in the window: the warm-up's slower frames stay out.
        if (this.counting && performance.now() - STATS_PERIOD_MS >= this.markedAt) this.reports.push(message.rooms);
        return;
    }
  }

  private result(at: number, found: readonly string[]): void {
    const sent = this.sentAt.get(at);
    this.sentAt.delete(at);
    if (sent === undefined) {
      this.unmatched++;
      return;
    }
    this.results++;
    for (const what of found.length > 0 ? found : ["nothing"]) this.found.set(what, (this.found.get(what) ?? 0) + 1);
    if (!this.counting) return;
    const ms = performance.now() - sent;
    this.latency.record(ms);
    this.latencySum += ms;
    this.counted++;
  }

  mark(): void {
    this.latency = new LatencyRecorder();
    this.latencySum = 0;
    this.counted = 0;
    this.reports.length = 0;
    this.markedAt = performance.now();
    this.counting = true;
  }

  /** The window's results, and the worker's own reports that arrived in it. */
  close(): { count: number; latency: Spread; reported: RoomStats[] } {
    this.counting = false;
    return {
      count: this.counted,
      latency: spread(this.latency, this.latencySum, this.counted),
      reported: this.reports.flatMap((rooms) => rooms[ROOM] ?? []),
    };
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}

/** Starts the plugin's worker, feeds it the fixture for a warm-up and a window, and stops it. */
export async function probeWorker(plugin: WorkerPlugin, jpeg: Buffer, timing: Timing): Promise<WorkerFigures> {
  const probe = new Probe(plugin, jpeg);
  try {
    probe.start();
    const timeout = sleep(READY_TIMEOUT_MS).then(() => {
      throw new Error(`the ${plugin} worker did not say ready within ${READY_TIMEOUT_MS / 1000} s`);
    });
    await Promise.race([probe.ready, probe.died, timeout]);
    const rssReady = residentBytes(probe.pid);
    probe.joinRoom();
    // The first inferences compile and allocate: they are the warm-up's, not the window's.
    await probe.wait(timing.warmupSeconds * 1000);
    if (probe.results === 0) throw new Error(`the ${plugin} worker returned no result during the ${timing.warmupSeconds} s warm-up`);
    probe.mark();
    const started = performance.now();
    const cpu0 = runSeconds(probe.pid);
    const rssStart = residentBytes(probe.pid);
    await probe.wait(timing.seconds * 1000);
    const cpu1 = runSeconds(probe.pid);
    const rssEnd = residentBytes(probe.pid);
    const window = probe.close();
    const seconds = (performance.now() - started) / 1000;
    return {
      plugin,
      model: probe.model,
      fps: window.count / seconds,
      latency: window.latency,
      reported: window.reported,
      cores: (cpu1 - cpu0) / seconds,
      rss: { ready: rssReady, start: rssStart, end: rssEnd },
      // Copies: the worker keeps answering until it is stopped below.
      found: new Map(probe.found),
      results: probe.results,
      unmatched: probe.unmatched,
      stderr: { lines: probe.stderrLines, samples: probe.stderrSamples },
    };
  } finally {
    await probe.stop();
  }
}
