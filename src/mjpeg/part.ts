/**
 * The multipart/x-mixed-replace framing of SPEC 4.10's MJPEG stream. Each frame becomes one
 * buffer, built once and shared by every viewer: its part headers, the JPEG, and the boundary
 * that follows it. Sending the boundary with the frame (not before the next one) lets a browser
 * paint the frame the moment it arrives.
 */
export const BOUNDARY = "service-mjpeg-frame";
export const STREAM_CONTENT_TYPE = `multipart/x-mixed-replace; boundary=${BOUNDARY}`;
/** What a viewer receives first: clients such as ffmpeg need the opening boundary. */
export const OPENING = Buffer.from(`--${BOUNDARY}\r\n`, "latin1");
const CLOSING = Buffer.from(`\r\n--${BOUNDARY}\r\n`, "latin1");

/** One frame as the relay holds it. */
export interface Part {
  /** Headers, JPEG and following boundary: the bytes every viewer is sent. */
  readonly bytes: Buffer;
  /** The JPEG alone, a view into `bytes`: what `frame.jpg` serves. */
  readonly jpeg: Buffer;
  /** Position in the camera's sequence; gaps are frames a viewer skipped. */
  readonly seq: number;
  /** When the frame arrived (ms since the epoch). */
  readonly at: number;
}

/**
 * Copies the camera's frame into a new part. The copy is the only one: uWS reuses the message's
 * memory after the callback, so this must run inside it.
 */
export function buildPart(jpeg: Uint8Array, seq: number, at: number): Part {
  const head = `Content-Type: image/jpeg\r\nContent-Length: ${jpeg.byteLength}\r\n\r\n`;
  const bytes = Buffer.allocUnsafeSlow(head.length + jpeg.byteLength + CLOSING.length);
  bytes.write(head, 0, "latin1");
  bytes.set(jpeg, head.length);
  CLOSING.copy(bytes, head.length + jpeg.byteLength);
  return { bytes, jpeg: bytes.subarray(head.length, head.length + jpeg.byteLength), seq, at };
}

/**
 * The cheap check a relay can afford on every frame: a JPEG starts with SOI (FF D8) and ends with
 * EOI (FF D9). Anything else would break every viewer's decoder; decoding to be sure is too dear.
 */
export function looksLikeJpeg(frame: Uint8Array): boolean {
  const n = frame.byteLength;
  return n >= 4 && frame[0] === 0xff && frame[1] === 0xd8 && frame[n - 2] === 0xff && frame[n - 1] === 0xd9;
}
