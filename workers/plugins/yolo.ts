/**
 * The yolo plugin's worker process: object detection on a room's video. Each analysed frame's
 * detections go to the service (metrics, a camera room's detections route) and, in a LiveKit
 * room, to everyone in it as a data message on topic `detections` (JSON, `DetectionsMessage`).
 */
import type { Detection, DetectionsMessage } from "./protocol.ts";
import { runWorker, type Config } from "./runtime.ts";
import { loadOnnxYolo } from "./onnx-yolo.ts";
import { loadVision } from "./vision.ts";

/** Comma-separated labels as a set; empty for every label. */
function labels(value: unknown): Set<string> | undefined {
  const list = String(value ?? "")
    .split(",")
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l !== "");
  return list.length === 0 ? undefined : new Set(list);
}

const round = (n: number): number => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

runWorker(async (config: Config) => {
  const wanted = labels(config["classes"]);
  const max = Number(config["maxDetections"]);
  const modelPath = String(config["modelPath"] ?? "");
  const model = modelPath === "" ? await loadVision("objects", Number(config["confidence"]), max) : await loadOnnxYolo(modelPath, Number(config["confidence"]), max);
  return {
    model: model.name,
    fps: Number(config["fps"]),
    async process(room, frame, out) {
      const objects: Detection[] = (await model.detect(frame.rgb, frame.width, frame.height))
        .filter((d) => !wanted || wanted.has(d.label.toLowerCase()))
        .slice(0, max)
        .map((d) => ({ label: d.label, score: Math.round(d.score * 1000) / 1000, box: { x: round(d.box[0]), y: round(d.box[1]), width: round(d.box[2]), height: round(d.box[3]) } }));
      const message: DetectionsMessage = { type: "detections", room, at: frame.at, width: frame.width, height: frame.height, model: model.name, objects };
      out.send(message);
      await out.publish("detections", message);
    },
  };
});
