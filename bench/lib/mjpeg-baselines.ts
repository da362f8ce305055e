/**
 * The physical ceiling, measured in the same run: the blaster writing to raw readers in viewer
 * processes over loopback, with nothing but TCP and Node's socket layer in between. The MJPEG
 * scenarios' bytes/s are shown as a share of it, and the blaster's CPU per MB is the floor for
 * the server's: per write of the same size, since smaller writes cost more per byte.
 */
import { startBlaster } from "./mjpeg-children.ts";
import { ViewerFleet } from "./mjpeg-fleet.ts";
import { sleep } from "./mjpeg-measure.ts";
import { processShare, sampleProcess } from "./proc-cpu.ts";

export interface Ceiling {
  readonly chunkBytes: number;
  readonly connections: number;
  readonly bytesPerSec: number;
  readonly blasterCores: number;
  readonly readerCores: readonly number[];
}

export async function measureCeiling(chunkBytes: number, connections: number, processes: number, seconds: number): Promise<Ceiling> {
  const blaster = await startBlaster(chunkBytes);
  const fleet = ViewerFleet.start(processes);
  try {
    const opened = await fleet.open("raw", connections, { host: "127.0.0.1", port: blaster.port });
    if (opened.failed > 0) throw new Error(`${opened.failed} ceiling connections failed: ${opened.errorSamples.join("; ")}`);
    await sleep(1000);
    await fleet.mark();
    const before = sampleProcess(blaster.child.pid);
    await sleep(seconds * 1000);
    const after = sampleProcess(blaster.child.pid);
    const report = await fleet.report();
    const bytes = report.kinds.get("raw")?.bytes ?? 0;
    return { chunkBytes, connections, bytesPerSec: bytes / (report.windowMs / 1000), blasterCores: processShare(before, after).process, readerCores: report.cpu };
  } finally {
    await Promise.all([fleet.stop(), blaster.child.stop()]);
  }
}
