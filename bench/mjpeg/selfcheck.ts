/**
 * Checks the bench's own instruments before it trusts them: frames come out at their exact size
 * with a readable stamp, and the viewer's parser reads the same parts from a synthetic stream
 * however it is cut into chunks, even when a JPEG contains the boundary text, and refuses a
 * stream whose Content-Length is off by one. Runs in well under a second at every bench start.
 */
import { FrameMaker, STAMP_BYTES } from "./jpeg.ts";
import { stampParser } from "./parser.ts";

const BOUNDARY = "selfcheck-frame";

interface Seen {
  seq: number;
  sentAt: number;
}

function stream(frames: readonly Buffer[], lengthError = 0): Buffer {
  const head = `HTTP/1.1 200 OK\r\nContent-Type: multipart/x-mixed-replace; boundary=${BOUNDARY}\r\nContent-Length: 9999999999\r\n\r\n`;
  const parts = frames.map((f) =>
    Buffer.concat([Buffer.from(`Content-Type: image/jpeg\r\nContent-Length: ${f.length + lengthError}\r\n\r\n`), f, Buffer.from(`\r\n--${BOUNDARY}\r\n`)]),
  );
  return Buffer.concat([Buffer.from(`${head}--${BOUNDARY}\r\n`), ...parts]);
}

/** Feeds `bytes` in chunks whose sizes cycle through `cuts`, each copied into one reused buffer. */
function parse(bytes: Buffer, cuts: readonly number[]): { seen: Seen[]; error: string | undefined } {
  const seen: Seen[] = [];
  const parser = stampParser({ part: (seq, sentAt) => seen.push({ seq, sentAt }) });
  const shared = Buffer.allocUnsafe(Math.max(...cuts));
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = Math.min(cuts[i % cuts.length] ?? 1, bytes.length - at);
    bytes.copy(shared, 0, at, at + n);
    at += n;
    if (!parser.push(shared, n)) break;
  }
  return { seen, error: parser.error };
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(`mjpeg bench self-check failed: ${what}`);
}

/** Throws if the frame maker or the parser is wrong. */
export function selfCheck(base: Buffer): void {
  const sizes = [base.length + 200, base.length + 201, 20_000, 100_000, 200_003];
  const frames = sizes.map((size, i) => new FrameMaker(base, size).frame(i + 1, 1_700_000_000_000.125 + i));
  frames.forEach((f, i) => expect(f.length === sizes[i] && f[f.length - 2] === 0xff && f[f.length - 1] === 0xd9, `frame ${i} size or EOI`));
  // A boundary inside a JPEG must not cut the part short.
  const trap = frames[3];
  if (trap) trap.write(`\r\n--${BOUNDARY}\r\n`, STAMP_BYTES + 100, "latin1");

  const good = stream(frames);
  const cutsList = [[1], [2], [3], [7], [STAMP_BYTES - 1], [STAMP_BYTES + 1], [1, 65_536], [4096], [65_536], [good.length]];
  for (const cuts of cutsList) {
    const { seen, error } = parse(good, cuts);
    expect(error === undefined, `chunks of ${cuts.join("/")}: ${String(error)}`);
    expect(seen.length === frames.length, `chunks of ${cuts.join("/")}: ${seen.length} parts, wanted ${frames.length}`);
    seen.forEach((s, i) => expect(s.seq === i + 1 && s.sentAt === 1_700_000_000_000.125 + i, `chunks of ${cuts.join("/")}: part ${i} stamp ${JSON.stringify(s)}`));
  }
  for (const off of [-1, 1]) {
    const { error } = parse(stream(frames, off), [4096]);
    expect(error !== undefined, `a Content-Length off by ${off} went unnoticed`);
  }
}
