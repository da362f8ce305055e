/**
 * Viewers spread over several child processes, so that no single load process saturates its
 * core and ends up measuring itself. Their reports are merged per kind, and each process's CPU
 * over the window is measured from /proc.
 */
import { LatencyRecorder } from "../shared/latency.ts";
import { Child } from "../shared/child.ts";
import type { ChurnReport, FleetCommand, FleetEvent, KindReport, Target, ViewerKind } from "./protocol.ts";
import { processShare, sampleProcess, type ProcessCpu } from "../shared/proc-cpu.ts";

/** One kind of viewer across every process. */
export interface MergedKind extends Omit<KindReport, "latency"> {
  readonly latency: LatencyRecorder;
}

/** Churn across every process. */
export interface MergedChurn extends Omit<ChurnReport, "firstPart"> {
  readonly firstPart: LatencyRecorder;
}

export interface FleetReport {
  readonly windowMs: number;
  readonly kinds: ReadonlyMap<ViewerKind, MergedKind>;
  /** Busy share of each viewer process over the window, in cores. */
  readonly cpu: readonly number[];
}

export interface Opened {
  readonly ready: number;
  readonly failed: number;
  readonly ports: readonly number[];
  readonly errorSamples: readonly string[];
}

/** Generous: thousands of viewers may take a while to connect on a busy machine. */
const OPEN_TIMEOUT_MS = 180_000;

function merge(kind: ViewerKind, reports: readonly KindReport[]): MergedKind {
  const latency = new LatencyRecorder();
  for (const r of reports) latency.addSparse(r.latency);
  const sum = (pick: (r: KindReport) => number) => reports.reduce((s, r) => s + pick(r), 0);
  return {
    kind,
    viewers: sum((r) => r.viewers),
    parts: sum((r) => r.parts),
    frames: sum((r) => r.frames),
    bytes: sum((r) => r.bytes),
    gaps: sum((r) => r.gaps),
    repeats: sum((r) => r.repeats),
    fps: reports.flatMap((r) => r.fps),
    viewerGaps: reports.flatMap((r) => r.viewerGaps),
    latency,
    closedByServerMs: reports.flatMap((r) => r.closedByServerMs),
    errors: sum((r) => r.errors),
    errorSamples: reports.flatMap((r) => r.errorSamples).slice(0, 5),
  };
}

export class ViewerFleet {
  private cpuAtMark: ProcessCpu[] = [];

  private constructor(private readonly children: ReadonlyArray<Child<FleetCommand, FleetEvent>>) {}

  static start(processes: number): ViewerFleet {
    return new ViewerFleet(Array.from({ length: processes }, (_, i) => new Child<FleetCommand, FleetEvent>(`viewer process ${i + 1}`, new URL("./viewers.ts", import.meta.url))));
  }

  get size(): number {
    return this.children.length;
  }

  /** Opens `count` viewers split evenly over the processes `from` to `to - 1` (all by default). */
  async open(kind: ViewerKind, count: number, target: Target, options: { bytesPerSecond?: number; from?: number; to?: number } = {}): Promise<Opened> {
    const chosen = this.children.slice(options.from ?? 0, options.to ?? this.children.length);
    const replies = await Promise.all(
      chosen.map((child, i) => {
        const share = Math.floor(count / chosen.length) + (i < count % chosen.length ? 1 : 0);
        const cmd: FleetCommand = { cmd: "open", kind, count: share, target, ...(options.bytesPerSecond ? { bytesPerSecond: options.bytesPerSecond } : {}) };
        return child.request(cmd, "opened", OPEN_TIMEOUT_MS);
      }),
    );
    return {
      ready: replies.reduce((s, r) => s + r.ready, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      ports: replies.flatMap((r) => r.ports),
      errorSamples: replies.flatMap((r) => r.errorSamples).slice(0, 5),
    };
  }

  async mark(): Promise<void> {
    await Promise.all(this.children.map((c) => c.request({ cmd: "mark" }, "marked")));
    this.cpuAtMark = this.children.map((c) => sampleProcess(c.pid));
  }

  async report(): Promise<FleetReport> {
    const cpu = this.children.map((c, i) => {
      const before = this.cpuAtMark[i];
      return before ? processShare(before, sampleProcess(c.pid)).process : 0;
    });
    const replies = await Promise.all(this.children.map((c) => c.request({ cmd: "report" }, "report")));
    const byKind = new Map<ViewerKind, KindReport[]>();
    for (const r of replies.flatMap((reply) => reply.kinds)) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
    const kinds = new Map([...byKind].map(([kind, reports]) => [kind, merge(kind, reports)] as const));
    const windowMs = Math.max(...replies.map((r) => r.windowMs));
    return { windowMs, kinds, cpu };
  }

  /** Runs churn in every process at once, each taking its share of `perSecond`. */
  async churn(target: Target, perSecond: number, lifetimeMs: number, seconds: number): Promise<MergedChurn> {
    const share = perSecond / this.children.length;
    const timeout = (seconds + 60) * 1000 + lifetimeMs;
    const replies = await Promise.all(
      this.children.map(async (c) => (await c.request({ cmd: "churn", target, perSecond: share, lifetimeMs, seconds }, "churned", timeout)).churn),
    );
    const firstPart = new LatencyRecorder();
    for (const r of replies) firstPart.addSparse(r.firstPart);
    return {
      firstPart,
      connects: replies.reduce((s, r) => s + r.connects, 0),
      parts: replies.reduce((s, r) => s + r.parts, 0),
      bytes: replies.reduce((s, r) => s + r.bytes, 0),
      completed: replies.reduce((s, r) => s + r.completed, 0),
      errors: replies.reduce((s, r) => s + r.errors, 0),
      errorSamples: replies.flatMap((r) => r.errorSamples).slice(0, 5),
    };
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop()));
  }
}
