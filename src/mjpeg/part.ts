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

/**
 * One frame as the relay holds it, in a buffer from its room's `PartPool`. Holders count
 * themselves: the relay while it is the newest frame, and each viewer whose socket has not taken
 * all of it yet. When the last one lets go, the buffer goes back to the pool and a later frame is
 * written over it. Code that reads a part without holding it must hand its bytes to uWS within
 * the same macrotask (uWS copies what a socket does not take on `end`), as `frame.jpg` does:
 * frames are published from WebSocket callbacks, so none can come in between.
 */
export class Part {
  private holders = 0;

  constructor(
    /** Headers, JPEG and following boundary: the bytes every viewer is sent. */
    readonly bytes: Buffer,
    /** The JPEG alone, a view into `bytes`: what `frame.jpg` serves. */
    readonly jpeg: Buffer,
    /** Position in the camera's sequence; gaps are frames a viewer skipped. */
    readonly seq: number,
    /** When the frame arrived (ms since the epoch). */
    readonly at: number,
    private readonly buffer: Buffer,
    private readonly pool: PartPool,
  ) {}

  hold(): void {
    this.holders++;
  }

  release(): void {
    if (--this.holders === 0) this.pool.give(this.buffer);
  }
}

/**
 * Reuses a room's part buffers. Without it every frame was a fresh 100 KB allocation outside
 * V8's heap, which V8 reclaims with full mark-compacts: at one 30 fps camera, one every few
 * seconds, each pausing the relay 5 to 10 ms (the p99 latency of `bench:mjpeg`'s smaller rooms)
 * and costing a good share of its user-space CPU. With fast viewers a frame is let go before
 * the next one arrives, so one spare buffer is all a room keeps; frames released while the
 * spare is taken, or smaller than the camera's last frame, are left to the GC.
 */
export class PartPool {
  private spare: Buffer | undefined;
  private lastSize = 0;

  /** Copies the camera's frame into a part. uWS reuses the message's memory after the callback, so this must run inside it. */
  build(jpeg: Uint8Array, seq: number, at: number): Part {
    const head = `Content-Type: image/jpeg\r\nContent-Length: ${jpeg.byteLength}\r\n\r\n`;
    const size = head.length + jpeg.byteLength + CLOSING.length;
    this.lastSize = size;
    const buffer = this.take(size);
    buffer.write(head, 0, "latin1");
    buffer.set(jpeg, head.length);
    CLOSING.copy(buffer, head.length + jpeg.byteLength);
    const bytes = buffer.subarray(0, size);
    return new Part(bytes, bytes.subarray(head.length, head.length + jpeg.byteLength), seq, at, buffer, this);
  }

  /** Bytes kept for reuse (for the buffered-bytes gauge). */
  get spareBytes(): number {
    return this.spare?.length ?? 0;
  }

  give(buffer: Buffer): void {
    if (this.spare === undefined && buffer.length >= this.lastSize) this.spare = buffer;
  }

  private take(size: number): Buffer {
    const spare = this.spare;
    this.spare = undefined;
    if (spare !== undefined && spare.length >= size) return spare;
    // Headroom, so that the camera's next, slightly larger frame still fits.
    return Buffer.allocUnsafeSlow(Math.ceil((size * 1.125) / 4096) * 4096);
  }
}

/**
 * The cheap check a relay can afford on every frame: a JPEG starts with SOI (FF D8) and ends with
 * EOI (FF D9). Anything else would break every viewer's decoder; decoding to be sure is too dear.
 */
export function looksLikeJpeg(frame: Uint8Array): boolean {
  const n = frame.byteLength;
  return n >= 4 && frame[0] === 0xff && frame[1] === 0xd8 && frame[n - 2] === 0xff && frame[n - 1] === 0xd9;
}
