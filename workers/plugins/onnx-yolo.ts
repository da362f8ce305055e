/**
 * An operator's own YOLO model (yolo's `modelPath`): an ONNX file in the layout Ultralytics
 * exports (YOLOv8 and later: one input `[1, 3, S, S]` in 0..1, one output `[1, 4 + C, N]` of box
 * centre, size in input pixels and C class scores, no objectness), run by ONNX Runtime's native CPU
 * build (onnxruntime-node, whose npm package carries the binaries): about six times the speed of
 * its WASM build on one core (docs/benchmarks.md, Plugins). Frames are letterboxed to the model's
 * size; boxes come back normalized to the frame, after per-class non-maximum suppression.
 */
import { readFile } from "node:fs/promises";
import * as ort from "onnxruntime-node";
import sharp from "sharp";
import { COCO_LABELS } from "./coco.ts";
import type { VisionModel } from "./vision.ts";

/** Boxes of one class overlapping more than this are one object. */
const NMS_IOU = 0.45;
/** The grey Ultralytics pads letterboxed pictures with. */
const PAD = 114;

/** One thread: the worker is one process among the service's, on a machine it shares. */
export const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = { executionProviders: ["cpu"], intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: "sequential" };

type Box = { label: string; score: number; box: [number, number, number, number] };

function iou(a: Box["box"], b: Box["box"]): number {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a[2] * a[3] + b[2] * b[3] - inter);
}

/** Keeps the best box of each overlapping group of the same label. */
function suppress(boxes: Box[], max: number): Box[] {
  const kept: Box[] = [];
  for (const candidate of boxes.sort((a, b) => b.score - a.score)) {
    if (kept.length >= max) break;
    if (kept.every((k) => k.label !== candidate.label || iou(k.box, candidate.box) <= NMS_IOU)) kept.push(candidate);
  }
  return kept;
}

export async function loadOnnxYolo(modelPath: string, minScore: number, max: number): Promise<VisionModel> {
  const bytes = await readFile(modelPath).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`modelPath ${modelPath}: ${err.code === "ENOENT" ? "no such file on the server" : err.message}`);
  });
  const session = await ort.InferenceSession.create(bytes, SESSION_OPTIONS).catch((err: Error) => {
    throw new Error(`modelPath ${modelPath} is not an ONNX model ONNX Runtime can load: ${err.message}`);
  });
  const input = session.inputMetadata[0];
  const output = session.outputMetadata[0];
  const shape = input?.isTensor ? input.shape : [];
  const size = typeof shape[2] === "number" && shape[2] > 0 ? shape[2] : 640;
  if (!input || !output || shape.length !== 4 || (typeof shape[1] === "number" && shape[1] !== 3)) {
    throw new Error(`modelPath ${modelPath}: expected one image input [1, 3, S, S] as Ultralytics exports, found ${JSON.stringify(shape)}`);
  }
  return {
    name: `onnx:${modelPath.split("/").pop() ?? modelPath}`,
    async detect(rgb, width, height) {
      const scale = Math.min(size / width, size / height);
      const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
      const [left, top] = [Math.floor((size - w) / 2), Math.floor((size - h) / 2)];
      const boxed = await sharp(rgb, { raw: { width, height, channels: 3 } })
        .resize(w, h)
        .extend({ left, top, right: size - w - left, bottom: size - h - top, background: { r: PAD, g: PAD, b: PAD } })
        .raw()
        .toBuffer();
      const planes = new Float32Array(3 * size * size);
      for (let i = 0, n = size * size; i < n; i++) {
        planes[i] = (boxed[i * 3] ?? 0) / 255;
        planes[n + i] = (boxed[i * 3 + 1] ?? 0) / 255;
        planes[2 * n + i] = (boxed[i * 3 + 2] ?? 0) / 255;
      }
      const results = await session.run({ [input.name]: new ort.Tensor("float32", planes, [1, 3, size, size]) });
      const tensor = results[output.name];
      if (!tensor || tensor.dims.length !== 3) throw new Error(`the model's output is not [1, 4 + classes, boxes]: ${JSON.stringify(tensor?.dims)}`);
      const data = tensor.data as Float32Array;
      // Ultralytics puts the rows first ([1, 84, 8400]); some exports transpose them. Boxes always
      // outnumber rows, so the smaller dimension is 4 + classes.
      const rowsFirst = (tensor.dims[1] ?? 0) < (tensor.dims[2] ?? 0);
      const rows = rowsFirst ? Number(tensor.dims[1]) : Number(tensor.dims[2]);
      const count = rowsFirst ? Number(tensor.dims[2]) : Number(tensor.dims[1]);
      const value = (row: number, i: number) => (rowsFirst ? data[row * count + i] : data[i * rows + row]) ?? 0;
      // Class names come from COCO when the model has its 80 classes; a custom model's are numbered.
      const coco = rows - 4 === COCO_LABELS.length;
      const found: Box[] = [];
      for (let i = 0; i < count; i++) {
        let best = -1;
        let score = minScore;
        for (let c = 0; c < rows - 4; c++) {
          const s = value(4 + c, i);
          if (s >= score) [best, score] = [c, s];
        }
        if (best < 0) continue;
        const [cx, cy, bw, bh] = [value(0, i), value(1, i), value(2, i), value(3, i)];
        const x = (cx - bw / 2 - left) / scale / width;
        const y = (cy - bh / 2 - top) / scale / height;
        found.push({ label: (coco ? COCO_LABELS[best] : undefined) ?? `class${best}`, score, box: [x, y, bw / scale / width, bh / scale / height] });
      }
      return suppress(found, max);
    },
  };
}
