/**
 * The plugin workers (issues 16 and 34), in three parts:
 * - detectors: each detector runtime in this process on one thread, on the fixture: the built-in
 *   COCO detector (tfjs WASM) as the baseline, ONNX Runtime's WASM and native builds on a
 *   YOLOv8n-shaped network; CPU ms per frame and detections per second per core;
 * - workers: each worker process (yolo, deface) driven directly through `WorkerProcess` with the
 *   fixture photo as its camera, answered the moment it asks, at fps 30: frames per second, the
 *   round trip per frame, its own stats, CPU and RSS; against decoding the same JPEG in this process;
 * - fanout: the service's CPU per MB of MJPEG delivered to viewers with no plugin, with deface
 *   running (viewers on the original), and with the viewers on the deface rendition.
 *
 *   npm run bench:plugins [-- detectors | workers | fanout]   (all by default)
 *   env: BENCH_DETECTOR_SECONDS (8), BENCH_WORKER_SECONDS (12), BENCH_FANOUT_SECONDS (10), BENCH_WARMUP_SECONDS (4),
 *        BENCH_DECODE_SECONDS (3), BENCH_VIEWERS (50), BENCH_DEFACE_FPS (deface's default),
 *        BENCH_VARIANT (1: also measure viewers on the rendition; 0: skip it)
 *
 * Exits 0 when every part ran, 1 when one could not (its error is in the table and on stderr).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import type { Timing } from "./mjpeg/measure.ts";
import { envNumber, runMain } from "./shared/cli.ts";
import { measureDecode } from "./plugins/decode.ts";
import { measureDetectors } from "./plugins/detectors.ts";
import { runFanout } from "./plugins/fanout.ts";
import { LEGEND, renderDetectors, renderFanout, renderWorkers, type WorkerSection } from "./plugins/report.ts";
import { probeWorker, WORKER_PLUGINS, type WorkerFigures, type WorkerPlugin } from "./plugins/worker-probe.ts";

const PARTS = ["detectors", "workers", "fanout"] as const;
type Part = (typeof PARTS)[number];

/** 512x512, one person, one face: what both detectors are tested on. */
const FIXTURE = new URL("../test/fixtures/astronaut.jpg", import.meta.url);

function selectedParts(): Part[] {
  const words = process.argv.slice(2);
  if (words.length === 0) return [...PARTS];
  return words.map((w) => {
    const part = PARTS.find((p) => p === w);
    if (part === undefined) throw new Error(`unknown part "${w}"; choose from ${PARTS.join(", ")}`);
    return part;
  });
}

async function workersPart(jpeg: Buffer, timing: Timing): Promise<WorkerSection> {
  process.stderr.write("baseline: decoding the fixture with sharp ...\n");
  const decode = await measureDecode(jpeg, envNumber("BENCH_DECODE_SECONDS", 3, 1, { integer: false }));
  const workers: WorkerFigures[] = [];
  const errors: Array<{ plugin: WorkerPlugin; error: string }> = [];
  // One after the other: on two cores, two models at full pace would measure each other.
  for (const plugin of WORKER_PLUGINS) {
    process.stderr.write(`worker ${plugin} ...\n`);
    try {
      workers.push(await probeWorker(plugin, jpeg, timing));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`worker ${plugin} could not run: ${err instanceof Error ? (err.stack ?? message) : message}\n`);
      errors.push({ plugin, error: message });
    }
  }
  return { decode, workers, errors };
}

async function main(): Promise<number> {
  const parts = selectedParts();
  const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 4, 0, { integer: false });
  const jpeg = readFileSync(FIXTURE);
  console.log(`bench:plugins  node ${process.version}, ${os.availableParallelism()} cpus, parts ${parts.join(" ")}, fixture ${jpeg.length} bytes, warm-up ${warmupSeconds} s`);
  let failed = false;
  const out: string[] = [];
  if (parts.includes("detectors")) {
    const seconds = envNumber("BENCH_DETECTOR_SECONDS", 8, 1, { integer: false });
    const detectors = await measureDetectors(jpeg, seconds, (line) => process.stderr.write(`${line}\n`));
    out.push(`## Detectors, one thread each in this process (${seconds} s each)`, "", renderDetectors(detectors));
  }
  if (parts.includes("workers")) {
    const seconds = envNumber("BENCH_WORKER_SECONDS", 12, 1, { integer: false });
    const section = await workersPart(jpeg, { warmupSeconds, seconds });
    failed ||= section.errors.length > 0;
    out.push(...(out.length > 0 ? [""] : []), `## Workers, driven directly at fps 30 (${seconds} s window each)`, "", renderWorkers(section));
  }
  if (parts.includes("fanout")) {
    const seconds = envNumber("BENCH_FANOUT_SECONDS", 10, 1, { integer: false });
    const defaceFps = envNumber("BENCH_DEFACE_FPS", 0, 0, { integer: false });
    const run = await runFanout(jpeg, {
      warmupSeconds,
      seconds,
      viewers: envNumber("BENCH_VIEWERS", 50, 1),
      defaceFps: defaceFps > 0 ? defaceFps : undefined,
      variant: envNumber("BENCH_VARIANT", 1, 0) > 0,
    });
    failed ||= run.error !== undefined;
    out.push(...(out.length > 0 ? [""] : []), `## MJPEG fan-out, camera at 30 fps (${seconds} s window each)`, "", renderFanout(run));
  }
  console.log(`\n${out.join("\n")}\n\n${LEGEND}`);
  return failed ? 1 : 0;
}

// Exit through process.exit, so the children's exit hooks kill them rather than leave them running.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

runMain(main);
