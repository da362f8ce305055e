import { setTimeout as sleep } from "node:timers/promises";
import { processTreeSeconds, sampleProcess } from "../shared/proc-cpu.ts";

/** Cores used over `seconds` of wall time by each of `readers` (CPU seconds so far; 1.0 = one core busy). */
export async function coresOver<K extends string>(readers: Readonly<Record<K, () => number>>, seconds: number): Promise<Record<K, number>> {
  const keys = Object.keys(readers) as K[];
  const before = keys.map((k) => readers[k]());
  const started = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - started) / 1000;
  return Object.fromEntries(keys.map((k, i) => [k, (readers[k]() - (before[i] ?? 0)) / wall])) as Record<K, number>;
}

/** What the service uses: with its ffmpeg children (pulls, recordings, and any it reaped), and its node process alone. */
export interface ServiceCores {
  readonly total: number;
  readonly node: number;
}

export const serviceCores = (pid: number, seconds: number): Promise<ServiceCores> =>
  coresOver({ total: () => processTreeSeconds(pid), node: () => sampleProcess(pid).processSeconds }, seconds);

/** `a` less `b`, both ways of counting: what a phase adds to the one before. */
export const minus = (a: ServiceCores, b: ServiceCores): ServiceCores => ({ total: a.total - b.total, node: a.node - b.node });
