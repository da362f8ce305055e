/**
 * The two references the MJPEG figures are read against, measured in the same run on the same
 * raw readers in viewer processes:
 * - the ceiling: a bare `net` blaster writing as fast as loopback TCP takes it, for how many bytes
 *   per second this machine can move at all;
 * - the floor: a bare uWS server making the relay's writes (the same frame to every viewer at the
 *   camera's rate, one `tryEnd` each) and nothing else, for what those bytes cost in CPU here. On
 *   loopback a sender also pays much of the receive path, so this is well above zero, and it is
 *   the least the service can pay for the same delivery.
 */
import { Child } from "../shared/child.ts";
import { ViewerFleet } from "./fleet.ts";
import { FPS, sleep, type Timing } from "./measure.ts";
import type { WriterEvent } from "./protocol.ts";
import { msPerMB } from "./results.ts";
import { processShare, sampleProcess } from "../shared/proc-cpu.ts";

/** What a reference writer did over its window. */
export interface WriterRun {
  readonly bytesPerSec: number;
  /** Busy cores of the writer process. */
  readonly writerCores: number;
  /** Its CPU per MB (10^6 bytes) written, and the user-space part of it. */
  readonly msPerMB: number;
  readonly userMsPerMB: number;
  readonly readerCores: readonly number[];
}

export interface Ceiling extends WriterRun {
  readonly chunkBytes: number;
  readonly connections: number;
}

export interface Floor extends WriterRun {
  readonly viewers: number;
  readonly frameBytes: number;
}

interface WriterSpec {
  readonly name: string;
  readonly script: URL;
  readonly args: readonly string[];
  /** Readers send a GET for this path first (an HTTP writer waits for one). */
  readonly path?: string;
}

/** Starts a writer child, points `connections` raw readers in `processes` processes at it, and measures one window. */
async function measureWriter({ name, script, args, path }: WriterSpec, connections: number, processes: number, timing: Timing): Promise<WriterRun> {
  const writer = new Child<never, WriterEvent>(name, script, args);
  const fleet = ViewerFleet.start(processes);
  try {
    const { port } = await writer.next("listening");
    const opened = await fleet.open("raw", connections, { host: "127.0.0.1", port, ...(path === undefined ? {} : { path }) });
    if (opened.failed > 0) throw new Error(`${opened.failed} of ${connections} connections to the ${name} failed: ${opened.errorSamples.join("; ")}`);
    await sleep(timing.warmupSeconds * 1000);
    await fleet.mark();
    const before = sampleProcess(writer.pid);
    await sleep(timing.seconds * 1000);
    const after = sampleProcess(writer.pid);
    const report = await fleet.report();
    const bytes = report.kinds.get("raw")?.bytes ?? 0;
    return {
      bytesPerSec: bytes / (report.windowMs / 1000),
      writerCores: processShare(before, after).process,
      msPerMB: msPerMB(after.processSeconds - before.processSeconds, bytes),
      userMsPerMB: msPerMB(after.userSeconds - before.userSeconds, bytes),
      readerCores: report.cpu,
    };
  } finally {
    await Promise.all([fleet.stop(), writer.stop()]);
  }
}

export async function measureCeiling(chunkBytes: number, connections: number, processes: number, timing: Timing): Promise<Ceiling> {
  const run = await measureWriter({ name: "tcp blaster", script: new URL("./blaster.ts", import.meta.url), args: [String(chunkBytes)] }, connections, processes, timing);
  return { ...run, chunkBytes, connections };
}

export async function measureFloor(viewers: number, frameBytes: number, processes: number, timing: Timing): Promise<Floor> {
  const run = await measureWriter({ name: "bare uWS writer", script: new URL("./floor-writer.ts", import.meta.url), args: [String(frameBytes), String(FPS)], path: "/" }, viewers, processes, timing);
  return { ...run, viewers, frameBytes };
}
