import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU seconds a process's threads have run so far, summed from `/proc/<pid>/task/<tid>/schedstat`
 * (nanoseconds). `/proc/<pid>/stat` counts 10 ms ticks, too coarse here: the service relays the
 * fan-out's 80 MB/s on about 0.2 CPU seconds per window, so one tick would be 5 % of it. A thread
 * that ends between two readings takes its time with it; the service's threads live as long as it.
 */
export function runSeconds(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended since the listing
    }
  }
  return ns / 1e9;
}
