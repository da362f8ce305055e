/**
 * One measured stream: a camera publishing into a fresh room, viewers joining it, a warmup, then
 * a window over which the viewers, the camera and the server's /proc figures are taken together.
 * With misbehaving viewers, the well-behaved ones are measured once alone (the baseline), then
 * again once the others joined, on the same server and the same sockets. A watcher samples the
 * server's RSS and, for viewers that never read, notes when the server closes them.
 */
import type { CameraReport } from "./protocol.ts";
import { Camera } from "./children.ts";
import { ViewerFleet, type FleetReport } from "./fleet.ts";
import type { BenchService } from "./service.ts";
import { closedByServer } from "./tcp.ts";
import { interruptCores, machineCores, processShare, residentBytes, sampleMachine, sampleProcess } from "../shared/proc-cpu.ts";

export const FPS = 30;
/** How fast a throttled viewer reads. */
export const THROTTLED_BYTES_PER_SECOND = 1_000_000;
const WATCH_EVERY_MS = 500;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Timing {
  readonly warmupSeconds: number;
  readonly seconds: number;
}

export interface StreamLoad {
  readonly room: string;
  readonly frameBytes: number;
  readonly viewers: number;
  readonly processes: number;
  /** Misbehaving viewers, held by one extra process, joining after a baseline window. */
  readonly throttled?: number;
  readonly stalled?: number;
  /** Keep watching until this long after the (last) window began, at least until it ends. */
  readonly watchSeconds?: number;
}

/** Everything taken over one window. */
export interface Window {
  readonly fleet: FleetReport;
  readonly camera: CameraReport;
  /** Busy cores of the server process, and the CPU seconds behind them. */
  readonly serverCores: number;
  readonly serverCpuSeconds: number;
  readonly serverUserSeconds: number;
  /** Busy cores of the whole machine, and how much of it was interrupts. */
  readonly machine: number;
  readonly interrupts: number;
  readonly cameraCores: number;
}

export interface StreamRun extends Window {
  /** The well-behaved viewers alone, before the misbehaving ones joined (only when there are some). */
  readonly baseline?: Window;
  /**
   * The server's RSS after a full GC once the well-behaved viewers joined and at the end, and the
   * highest raw RSS sampled from the (last) window's start, garbage included.
   */
  readonly rss: { readonly atStart: number; readonly atEnd: number; readonly rawPeak: number };
  /** Seconds from joining to the server closing it, per stalled viewer; undefined while open. */
  readonly stalledClosedAfter: ReadonlyArray<number | undefined>;
}

/** Samples the server's raw RSS, and notes when the server closes each watched connection. */
class Watcher {
  private readonly timer: NodeJS.Timeout;
  private highest: number;
  readonly closedAfter = new Map<number, number>();
  private stopped = false;

  constructor(
    private readonly service: BenchService,
    private readonly stalledPorts: readonly number[],
    private readonly since: number,
  ) {
    this.highest = residentBytes(service.pid);
    this.timer = setInterval(() => this.sample(), WATCH_EVERY_MS);
  }

  private sample(): void {
    this.highest = Math.max(this.highest, residentBytes(this.service.pid));
    if (this.closedAfter.size === this.stalledPorts.length) return;
    const waiting = this.stalledPorts.filter((p) => !this.closedAfter.has(p));
    for (const port of closedByServer(this.service.port, waiting)) this.closedAfter.set(port, (performance.now() - this.since) / 1000);
  }

  get peak(): number {
    return this.highest;
  }

  /** Takes a last sample and stops; idempotent. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.sample();
  }
}

async function measureWindow(service: BenchService, fleet: ViewerFleet, camera: Camera, seconds: number): Promise<Window> {
  await Promise.all([fleet.mark(), camera.mark()]);
  const server0 = sampleProcess(service.pid);
  const camera0 = sampleProcess(camera.pid);
  const machine0 = sampleMachine();
  await sleep(seconds * 1000);
  const server1 = sampleProcess(service.pid);
  const camera1 = sampleProcess(camera.pid);
  const machine1 = sampleMachine();
  const [report, cameraReport] = await Promise.all([fleet.report(), camera.report()]);
  return {
    fleet: report,
    camera: cameraReport,
    serverCores: processShare(server0, server1).process,
    serverCpuSeconds: server1.processSeconds - server0.processSeconds,
    serverUserSeconds: server1.userSeconds - server0.userSeconds,
    machine: machineCores(machine0, machine1),
    interrupts: interruptCores(machine0, machine1),
    cameraCores: processShare(camera0, camera1).process,
  };
}

export async function runStream(service: BenchService, load: StreamLoad, timing: Timing): Promise<StreamRun> {
  const endpoint = await service.mintCamera(load.room);
  const camera = await Camera.start({ wsUrl: endpoint.wsUrl, key: endpoint.key, frameBytes: load.frameBytes, fps: FPS, frames: 0 });
  const misbehaving = (load.throttled ?? 0) + (load.stalled ?? 0) > 0;
  const fleet = ViewerFleet.start(load.processes + (misbehaving ? 1 : 0));
  let watcher: Watcher | undefined;
  try {
    const opened = await fleet.open("normal", load.viewers, endpoint.viewers, { to: load.processes });
    if (opened.failed > 0) throw new Error(`${opened.failed} of ${load.viewers} viewers got no frame: ${opened.errorSamples.join("; ")}`);
    // The GC pauses the server: done before the warmup, so no window sees it.
    const atStart = await service.settledRss();
    await sleep(timing.warmupSeconds * 1000);
    const baseline = misbehaving ? await measureWindow(service, fleet, camera, timing.seconds) : undefined;
    if (load.throttled) {
      await fleet.open("throttled", load.throttled, endpoint.viewers, { from: load.processes, bytesPerSecond: THROTTLED_BYTES_PER_SECOND });
    }
    const stalledPorts = load.stalled ? (await fleet.open("stalled", load.stalled, endpoint.viewers, { from: load.processes })).ports : [];
    const startedAt = performance.now();
    const watch = new Watcher(service, stalledPorts, startedAt);
    watcher = watch;
    const window = await measureWindow(service, fleet, camera, timing.seconds);
    await sleep(startedAt + (load.watchSeconds ?? 0) * 1000 - performance.now());
    watch.stop();
    return {
      ...window,
      ...(baseline ? { baseline } : {}),
      rss: { atStart, atEnd: await service.settledRss(), rawPeak: watch.peak },
      stalledClosedAfter: stalledPorts.map((p) => watch.closedAfter.get(p)),
    };
  } finally {
    watcher?.stop();
    await Promise.all([fleet.stop(), camera.stop()]);
  }
}
