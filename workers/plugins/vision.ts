/**
 * The built-in vision models: @vladmandic/human's COCO object detector (CenterNet) and face
 * detector (BlazeFace), whose weights ship inside its npm package, run on TensorFlow.js's WASM
 * backend (its .wasm ships in @tensorflow/tfjs-backend-wasm). Nothing is downloaded at run time.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Human as HumanType } from "@vladmandic/human";

const require = createRequire(import.meta.url);
/** Human's package entry (`dist/human.node.js`, the tfjs-node build); the WASM build sits beside it. */
const HUMAN_DIST = path.dirname(require.resolve("@vladmandic/human"));
const MODELS = pathToFileURL(path.join(HUMAN_DIST, "..", "models") + path.sep).href;
const WASM = pathToFileURL(path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm")) + path.sep).href;

/**
 * TensorFlow.js loads models and its .wasm with `fetch`, and Node's fetch has no file: scheme;
 * file URLs (only ours: the packaged models) are read from disk, anything else is refused, so
 * a model can never come from the network.
 */
function filesOnlyFetch(): void {
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith("file:")) throw new Error(`models load from files only, not ${url}`);
    return new Response(await readFile(new URL(url)));
  }) as typeof fetch;
}

export type Task = "objects" | "faces";

export interface VisionModel {
  readonly name: string;
  /** Objects with boxes normalized to 0..1 (x, y of the top-left corner, width, height). */
  detect(rgb: Uint8Array, width: number, height: number): Promise<{ label: string; score: number; box: [number, number, number, number] }[]>;
}

/** Loads one model for the task; `minScore` and `max` are the detector's own thresholds. */
export async function loadVision(task: Task, minScore: number, max: number): Promise<VisionModel> {
  filesOnlyFetch();
  const tf = require("@tensorflow/tfjs-core") as typeof import("@tensorflow/tfjs-core");
  require("@tensorflow/tfjs-backend-wasm");
  const { Human } = require(path.join(HUMAN_DIST, "human.node-wasm.js")) as { Human: typeof HumanType };
  const off = { enabled: false };
  const human = new Human({
    backend: "wasm",
    wasmPath: WASM,
    modelBasePath: MODELS,
    debug: false,
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: task === "faces",
      detector: { rotation: false, maxDetected: max, minConfidence: minScore, return: false },
      mesh: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      attention: off,
    },
    body: off,
    hand: off,
    gesture: off,
    segmentation: off,
    object: { enabled: task === "objects", modelPath: "centernet.json", minConfidence: minScore, maxDetected: max },
  });
  await human.load();
  const name = task === "objects" ? "coco-centernet" : "blazeface";
  return {
    name,
    async detect(rgb, width, height) {
      const input = tf.tensor4d(rgb, [1, height, width, 3], "int32");
      try {
        const result = await human.detect(input as never);
        if (task === "objects") return result.object.map((o) => ({ label: o.label, score: o.score, box: o.boxRaw }));
        return result.face.map((f) => ({ label: "face", score: f.score, box: f.boxRaw }));
      } finally {
        input.dispose();
      }
    },
  };
}
