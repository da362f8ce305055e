/**
 * The deface plugin's worker process: finds faces in a camera room's frames and hands back each
 * frame with them hidden (blurred, pixelated or filled), which the service serves as the room's
 * `deface` rendition. A frame without a face goes back as it came, not encoded again.
 */
import sharp from "sharp";
import { runWorker, type Config, type Frame } from "./runtime.ts";
import { loadVision } from "./vision.ts";

type Method = "blur" | "pixelate" | "fill";
/** Faces are hidden with this margin around the detector's box (hair, ears, chin). */
const MARGIN = 0.15;
const QUALITY = 80;

interface Region {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A normalized box, grown by the margin, in whole pixels inside the picture. */
function region(box: readonly [number, number, number, number], width: number, height: number): Region | undefined {
  const [x, y, w, h] = box;
  const left = Math.max(0, Math.floor((x - w * MARGIN) * width));
  const top = Math.max(0, Math.floor((y - h * MARGIN) * height));
  const right = Math.min(width, Math.ceil((x + w * (1 + MARGIN)) * width));
  const bottom = Math.min(height, Math.ceil((y + h * (1 + MARGIN)) * height));
  return right - left >= 2 && bottom - top >= 2 ? { left, top, width: right - left, height: bottom - top } : undefined;
}

/** The region's pixels hidden: `strength` is a percentage of the face's size. */
async function hidden(frame: Frame, r: Region, method: Method, strength: number): Promise<Buffer> {
  const raw = { raw: { width: frame.width, height: frame.height, channels: 3 as const } };
  const size = Math.min(r.width, r.height);
  if (method === "fill") return Buffer.alloc(r.width * r.height * 3, 0);
  const part = sharp(frame.rgb, raw).extract(r);
  if (method === "blur") return part.blur(Math.max(0.5, (size * strength) / 200)).raw().toBuffer();
  const block = Math.max(2, Math.round((size * strength) / 200));
  const small = await part.resize(Math.max(1, Math.round(r.width / block)), Math.max(1, Math.round(r.height / block)), { kernel: "cubic" }).raw().toBuffer({ resolveWithObject: true });
  return sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } }).resize(r.width, r.height, { kernel: "nearest" }).raw().toBuffer();
}

runWorker(async (config: Config) => {
  const method = String(config["method"]) as Method;
  const strength = Number(config["strength"]);
  const model = await loadVision("faces", Number(config["threshold"]), 20);
  return {
    model: model.name,
    fps: Number(config["fps"]),
    async process(room, frame, out) {
      if (!frame.jpeg) return;
      const regions = (await model.detect(frame.rgb, frame.width, frame.height)).flatMap((f) => region(f.box, frame.width, frame.height) ?? []);
      if (regions.length === 0) {
        out.send({ type: "rendition", room, jpeg: frame.jpeg, at: frame.at, faces: 0 });
        return;
      }
      const layers = await Promise.all(regions.map(async (r) => ({ input: await hidden(frame, r, method, strength), raw: { width: r.width, height: r.height, channels: 3 as const }, left: r.left, top: r.top })));
      const jpeg = await sharp(frame.rgb, { raw: { width: frame.width, height: frame.height, channels: 3 } }).composite(layers).jpeg({ quality: QUALITY }).toBuffer();
      out.send({ type: "rendition", room, jpeg, at: frame.at, faces: regions.length });
    },
  };
});
