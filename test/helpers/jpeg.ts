/**
 * Real JPEGs for tests and benches, made by ffmpeg, and the COM (comment) segments both use to
 * carry data or padding: decoders skip them, and the server's SOI/EOI check still passes.
 */
import { execFileSync } from "node:child_process";

const COM = 0xfe;
/** A COM segment's length field counts itself, so its payload is at most 65535 - 2 bytes. */
export const MAX_COM_PAYLOAD = 65_533;

/** One frame of an ffmpeg lavfi source (`color=c=red:s=64x48`, `testsrc=size=640x360`) as a JPEG. */
export function ffmpegJpeg(source: string, extraArgs: readonly string[] = []): Buffer {
  const args = ["-loglevel", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", ...extraArgs, "-c:v", "mjpeg", "-f", "image2", "-"];
  const jpeg = execFileSync("ffmpeg", args, { maxBuffer: 16 * 1024 * 1024 });
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error(`ffmpeg did not produce a JPEG from ${source}`);
  return jpeg;
}

/** `FF FE`, the 2-byte length, then `payload`. */
export function comSegment(payload: Buffer): Buffer {
  const head = Buffer.from([0xff, COM, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** COM segments of exactly `bytes` in all; `bytes` is 0 or at least 4 (a segment's own header). */
export function comPadding(bytes: number, fill = "x"): Buffer[] {
  if (bytes !== 0 && bytes < 4) throw new Error(`cannot pad by ${bytes} bytes: a COM segment takes at least 4`);
  const segments: Buffer[] = [];
  const count = Math.ceil(bytes / (MAX_COM_PAYLOAD + 4));
  let rest = bytes;
  for (let i = 0; i < count; i++) {
    const payload = Math.min(MAX_COM_PAYLOAD, rest - 4 * (count - i));
    segments.push(comSegment(Buffer.alloc(payload, fill)));
    rest -= payload + 4;
  }
  return segments;
}

/** `jpeg` with padding inserted right after SOI until it is `bytes` long (within 3 bytes). */
export function padJpeg(jpeg: Buffer, bytes: number): Buffer {
  const missing = bytes - jpeg.length;
  if (missing < 4) return jpeg;
  return Buffer.concat([jpeg.subarray(0, 2), ...comPadding(missing, " "), jpeg.subarray(2)]);
}
