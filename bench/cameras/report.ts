/** The figures bench/cameras.ts prints, and how. */
import { FMP4_PART_SECONDS } from "../../src/pull/fmp4.ts";
import { percentile } from "../../test/helpers/glass.ts";
import type { ServiceCores } from "./cpu.ts";
import type { Latencies } from "./latency.ts";
import type { ViewerCounts } from "./viewers.ts";

export const COPY_GOAL = 1.2;
export const MJPEG_GOAL = 10;
export const LATENCY_GOAL_MS = 2000;

export interface Results {
  readonly cameras: number;
  readonly seconds: number;
  /** Cores of the bare ffmpeg pulls of every camera. */
  readonly bare: number;
  readonly idle: ServiceCores;
  /** What the pulled cameras add to idle, nobody watching them. */
  readonly live: ServiceCores;
  /** What the pulled cameras add to idle while every one is recorded, and how their VODs ended. */
  readonly recorded: { readonly added: ServiceCores; readonly vods: Readonly<Record<string, number>> };
  readonly mjpeg: { readonly cameras: number; readonly size: string; readonly fps: number; readonly added: ServiceCores };
  readonly viewers: { readonly count: number; readonly added: ServiceCores; readonly counts: ViewerCounts };
  readonly glass: { readonly size: string; readonly fps: number; readonly seconds: number; readonly player: Latencies; readonly parts: Latencies; readonly direct: Latencies };
}

const pct = (cores: number): string => `${(cores * 100).toFixed(1)} %`;
const cells = (name: string, cores: string, node: string, per: string, ratio: string, note = ""): string =>
  `${name.padEnd(50)} ${cores.padStart(6)} ${node.padStart(7)} ${per.padStart(11)} ${ratio.padStart(12)}  ${note}`.trimEnd();
const serviceRow = (name: string, c: ServiceCores, cameras: number, perBare: number, note: string): string =>
  cells(name, c.total.toFixed(3), c.node.toFixed(3), pct(c.total / cameras), `${(c.total / cameras / perBare).toFixed(2)}x`, note);
/** How much later `a`'s median frame is than `b`'s, or "-" when either read none. */
const msMore = (a: Latencies, b: Latencies): string =>
  a.samples.length === 0 || b.samples.length === 0 ? "-" : `${(percentile(a.samples, 50) - percentile(b.samples, 50)).toFixed(0)} ms`;

/** `expected`: the frames the camera sent in the window; a player that shows far fewer froze. */
function latencyRow(name: string, l: Latencies, expected: number, note = ""): string {
  const ahead = l.aheadSeconds === undefined ? "" : `, ${l.aheadSeconds.toFixed(2)} s buffered ahead at the end`;
  const ms = (p: number) => (l.samples.length === 0 ? "-" : `${percentile(l.samples, p).toFixed(0)} ms`).padStart(8);
  return `  ${name.padEnd(52)} p50 ${ms(50)}  p95 ${ms(95)}  (${l.samples.length} of ~${expected} frames read, ${l.unreadable} unreadable${ahead})  ${note}`.trimEnd();
}

export function report(r: Results): string {
  const perBare = r.bare / r.cameras;
  const perMjpeg = r.mjpeg.added.total / r.mjpeg.cameras;
  const cheaper = `${(perMjpeg / (r.recorded.added.total / r.cameras)).toFixed(1)}x a pulled + recorded camera (goal >= ${MJPEG_GOAL}x)`;
  const vods = Object.entries(r.recorded.vods).map(([status, count]) => `${count} ${status}`).join(", ");
  const v = r.viewers;
  const expected = Math.round(r.glass.seconds * r.glass.fps);
  return [
    cells("CPU: the service process and its ffmpeg children", "cores", "node", "per camera", "vs baseline"),
    cells(`${r.cameras} bare ffmpeg -c copy pulls (baseline)`, r.bare.toFixed(3), "-", pct(perBare), "1.00x"),
    serviceRow("service: pulled, nobody watching", r.live, r.cameras, perBare, `goal <= ${COPY_GOAL.toFixed(2)}x`),
    serviceRow("service: pulled + recording", r.recorded.added, r.cameras, perBare, `goal <= ${COPY_GOAL.toFixed(2)}x; VODs: ${vods}`),
    cells(`MJPEG: ${r.mjpeg.cameras} x ${r.mjpeg.size} JPEGs at ${r.mjpeg.fps} fps, recorded`, r.mjpeg.added.total.toFixed(3), r.mjpeg.added.node.toFixed(3), pct(perMjpeg), `${(perMjpeg / perBare).toFixed(1)}x`, cheaper),
    `(the service idle, ${pct(r.idle.total)} of a core, is subtracted from its rows; "node" is its node process alone)`,
    "",
    `LL-HLS viewers: ${v.count} HTTP viewers over ${r.cameras} cameras (blocking playlist reload, then the part), with the live windows they make: +${v.added.total.toFixed(3)} cores, ${pct(v.added.total / v.count)} of a core per viewer; ` +
      `${v.counts.parts} of ~${Math.round((v.count * r.seconds) / FMP4_PART_SECONDS)} parts a player would take, ${(v.counts.bytes / 1e6 / r.seconds).toFixed(1)} MB/s served, ${v.counts.errors} errors${v.counts.lastError ? ` (last: ${v.counts.lastError})` : ""}`,
    "",
    `glass-to-glass, a ${r.glass.size} camera at ${r.glass.fps} fps encoding live with the time code, beside the ${r.cameras} pulled cameras, ${r.glass.seconds} s:`,
    latencyRow("Chromium on /play (hls.js over the LL-HLS)", r.glass.player, expected, `goal <= ${LATENCY_GOAL_MS} ms`),
    latencyRow("Node LL-HLS client: parts as they exist, decoded", r.glass.parts, expected),
    latencyRow("bare ffmpeg decoding the camera's RTSP (baseline)", r.glass.direct, expected),
    `  over the baseline, p50: the service's pull and parts add ${msMore(r.glass.parts, r.glass.direct)}, the player ${msMore(r.glass.player, r.glass.parts)} more`,
  ].join("\n");
}
