/**
 * The bench's camera frames: a real JPEG (so the server's SOI/EOI check passes and a person can
 * open a captured frame), a COM segment right after SOI carrying the frame's sequence number and
 * send time as fixed-width text, and further COM segments padding it to an exact size. A viewer
 * needs only the first `STAMP_BYTES` of a part to know which frame it got and when it was sent.
 */
import { comPadding, comSegment, ffmpegJpeg } from "../../test/helpers/jpeg.ts";

const MAGIC = "mjpeg-bench seq=";
const SEQ_DIGITS = 10;
const TIME_FIELD = " t=";
/** ms since the epoch with µs: 13 integer digits until the year 2286, a dot, 3 decimals. */
const TIME_CHARS = 17;
const COM = 0xfe;
/** SOI, then the COM marker and its 2-byte length. */
const PAYLOAD_AT = 6;
const SEQ_AT = PAYLOAD_AT + MAGIC.length;
const TIME_AT = SEQ_AT + SEQ_DIGITS + TIME_FIELD.length;
const STAMP_PAYLOAD = MAGIC.length + SEQ_DIGITS + TIME_FIELD.length + TIME_CHARS;

/** How many leading bytes of a frame hold its stamp. */
export const STAMP_BYTES = TIME_AT + TIME_CHARS;

/** Wall-clock ms with sub-ms precision, comparable across processes on one machine. */
export const wallMs = (): number => performance.timeOrigin + performance.now();

/** A 640x360 test-card JPEG from ffmpeg, about 15 KB: the smallest frame the bench can make. */
export function baseJpeg(): Buffer {
  return ffmpegJpeg("testsrc=size=640x360", ["-q:v", "5"]);
}

/** Builds stamped frames of exactly `size` bytes from one base JPEG. */
export class FrameMaker {
  private readonly template: Buffer;

  constructor(base: Buffer, readonly size: number) {
    const fixed = base.length + 4 + STAMP_PAYLOAD;
    const rest = size - fixed;
    if (rest < 0) throw new Error(`frames of ${size} bytes are too small: the stamped base JPEG alone is ${fixed}`);
    // A padding segment costs 4 bytes of header, so 1 to 3 spare bytes go into the stamp's own payload.
    const slack = rest < 4 ? rest : 0;
    const pads = comPadding(rest - slack);
    const stamp = comSegment(Buffer.alloc(STAMP_PAYLOAD + slack, " "));
    stamp.write(MAGIC, PAYLOAD_AT - 2, "latin1");
    this.template = Buffer.concat([base.subarray(0, 2), stamp, ...pads, base.subarray(2)]);
    if (this.template.length !== size) throw new Error(`built a ${this.template.length}-byte frame, wanted ${size}`);
  }

  /** A new frame: the copy lets the WebSocket client keep it as long as it likes. */
  frame(seq: number, sentAt: number): Buffer {
    const out = Buffer.allocUnsafe(this.size);
    this.template.copy(out);
    out.write(String(seq).padStart(SEQ_DIGITS, "0"), SEQ_AT, "latin1");
    out.write(TIME_FIELD, SEQ_AT + SEQ_DIGITS, "latin1");
    out.write(sentAt.toFixed(3).padStart(TIME_CHARS, "0"), TIME_AT, "latin1");
    return out;
  }
}

/** Reads ASCII digits (and at most one dot) without making a string; NaN on anything else. */
function decimal(head: Uint8Array, from: number, length: number): number {
  let whole = 0;
  let scale = 0;
  for (let i = from; i < from + length; i++) {
    const c = head[i] ?? 0;
    if (c === 0x2e && scale === 0) scale = 1;
    else if (c >= 0x30 && c <= 0x39) {
      whole = whole * 10 + (c - 0x30);
      if (scale > 0) scale *= 10;
    } else return Number.NaN;
  }
  return scale > 0 ? whole / scale : whole;
}

/** Whether a part's first `STAMP_BYTES` are a bench stamp. */
export function isStamped(head: Uint8Array): boolean {
  if (head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff || head[3] !== COM) return false;
  for (let i = 0; i < MAGIC.length; i++) if (head[PAYLOAD_AT + i] !== MAGIC.charCodeAt(i)) return false;
  return true;
}

/** The sequence number of a stamped frame's head. */
export const stampSeq = (head: Uint8Array): number => decimal(head, SEQ_AT, SEQ_DIGITS);

/** The wall-clock ms the camera sent a stamped frame at. */
export const stampTime = (head: Uint8Array): number => decimal(head, TIME_AT, TIME_CHARS);
