/**
 * The detectors in this process, one thread each, taking turns on the same frame: the built-in
 * COCO detector (CenterNet on TensorFlow.js's WASM backend) as the baseline, and ONNX Runtime's
 * WASM build (yolo's `modelPath` runtime until issue 34) against its native CPU build (the one
 * the worker now uses) on a YOLOv8n-shaped network at 640 and 320. Each runtime's CPU
 * time per frame gives its detections per second per core (Frigate's figure is 1000 / inference
 * ms), which a machine shared with other work stretches less than wall time.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as ortNode from "onnxruntime-node";
import * as ortWeb from "onnxruntime-web";
import sharp from "sharp";
import { loadOnnxYolo, SESSION_OPTIONS } from "../../workers/plugins/onnx-yolo.ts";
import { loadVision } from "../../workers/plugins/vision.ts";
import { LatencyRecorder } from "../shared/latency.ts";
import { yoloNet } from "./yolo-net.ts";
import { spread, type Spread } from "./worker-probe.ts";

/** The first runs allocate and pick kernels. */
const WARMUP_RUNS = 3;
/**
 * Each detector's time is cut into this many slices, taken in turn with the others', so that a
 * change in the machine's load falls on all of them alike.
 */
const ROUNDS = 4;
/** yolo's defaults. */
const MIN_SCORE = 0.4;
const MAX = 20;
const YOLO_SIZES = [640, 320] as const;

export interface DetectorFigures {
  readonly model: string;
  readonly runtime: string;
  /** "whole detect" (frame in, boxes out) or "inference" (the runtime's run alone). */
  readonly scope: string;
  readonly runs: number;
  readonly latency: Spread;
  /** CPU time of this process per run: one thread's work, whatever else the machine runs. */
  readonly cpuMs: number;
  /** What the built-in detector found, to show it works on the fixture. */
  readonly found?: string;
}

interface Contender {
  readonly model: string;
  readonly runtime: string;
  readonly scope: string;
  readonly once: () => Promise<unknown>;
}

/** One contender's runs over every round: wall time per run, and this process's CPU time. */
class Sampler {
  private readonly recorder = new LatencyRecorder();
  private sum = 0;
  private runs = 0;
  private cpuMicros = 0;

  constructor(readonly contender: Contender) {}

  async run(seconds: number): Promise<void> {
    const cpu0 = process.cpuUsage();
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const started = performance.now();
      await this.contender.once();
      const ms = performance.now() - started;
      this.recorder.record(ms);
      this.sum += ms;
      this.runs++;
    }
    const cpu = process.cpuUsage(cpu0);
    this.cpuMicros += cpu.user + cpu.system;
  }

  figures(): DetectorFigures {
    const { model, runtime, scope } = this.contender;
    return { model, runtime, scope, runs: this.runs, latency: spread(this.recorder, this.sum, this.runs), cpuMs: this.cpuMicros / 1000 / Math.max(this.runs, 1) };
  }
}

/** The fixture's RGB, as a camera room hands it to the model. */
async function frameOf(jpeg: Buffer): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

/** The YOLO contenders at one size: the runtime alone on WASM and native, and the worker's detector. */
async function yoloContenders(size: number, dir: string, frame: Awaited<ReturnType<typeof frameOf>>): Promise<Contender[]> {
  const bytes = yoloNet(size);
  const model = `yolov8n-shaped ${size}`;
  const images = new Float32Array(3 * size * size).fill(0.5);
  // As the worker had it: one thread. Both packages register with the one onnxruntime-common, so
  // each session names its backend; by default both would get the native one.
  ortWeb.env.wasm.numThreads = 1;
  const web = await ortWeb.InferenceSession.create(bytes, { executionProviders: ["wasm"] });
  const native = await ortNode.InferenceSession.create(bytes, SESSION_OPTIONS);
  // The worker's own path: the file an operator names as modelPath, letterboxing and decoding included.
  const file = path.join(dir, `yolo-${size}.onnx`);
  writeFileSync(file, bytes);
  const detector = await loadOnnxYolo(file, MIN_SCORE, MAX);
  return [
    { model, runtime: "onnxruntime-web (WASM)", scope: "inference", once: () => web.run({ images: new ortWeb.Tensor("float32", images, [1, 3, size, size]) }) },
    { model, runtime: "onnxruntime-node (CPU)", scope: "inference", once: () => native.run({ images: new ortNode.Tensor("float32", images, [1, 3, size, size]) }) },
    { model, runtime: "onnxruntime-node (CPU)", scope: "whole detect", once: () => detector.detect(frame.rgb, frame.width, frame.height) },
  ];
}

/** Every detector for `seconds` in all, the built-in first in the table (the baseline). */
export async function measureDetectors(jpeg: Buffer, seconds: number, log: (line: string) => void): Promise<DetectorFigures[]> {
  const frame = await frameOf(jpeg);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-yolo-"));
  try {
    const contenders: Contender[] = [];
    for (const size of YOLO_SIZES) {
      log(`loading yolov8n-shaped ${size} on both ONNX runtimes ...`);
      contenders.push(...(await yoloContenders(size, dir, frame)));
    }
    // The worker's loader replaces the global fetch with one that reads files only (for the
    // whole worker process); the bench's other parts need the real one back once the model and
    // its .wasm are read.
    log("loading the built-in detector on TensorFlow.js WASM ...");
    const realFetch = globalThis.fetch;
    const builtIn = await loadVision("objects", MIN_SCORE, MAX).finally(() => (globalThis.fetch = realFetch));
    const found = new Set<string>();
    contenders.unshift({
      model: "coco-centernet 512 (built-in)",
      runtime: "tfjs-backend-wasm",
      scope: "whole detect",
      once: async () => {
        for (const d of await builtIn.detect(frame.rgb, frame.width, frame.height)) found.add(d.label);
      },
    });
    const samplers = contenders.map((c) => new Sampler(c));
    for (const c of contenders) for (let i = 0; i < WARMUP_RUNS; i++) await c.once();
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS} ...`);
      for (const s of samplers) await s.run(seconds / ROUNDS);
    }
    const [base, ...rest] = samplers.map((s) => s.figures());
    return base ? [{ ...base, found: [...found].join(", ") || "nothing" }, ...rest] : rest;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
