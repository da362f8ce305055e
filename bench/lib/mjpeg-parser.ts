/**
 * A viewer's side of the MJPEG stream: the HTTP response head, then multipart parts framed by
 * their Content-Length. It never searches a JPEG for the boundary and never joins a frame's
 * bytes: it keeps the first `STAMP_BYTES` of each part, counts the rest off, and checks that the
 * boundary follows exactly where the length says the part ends. A viewer process runs one per
 * socket over a shared read buffer, so the state carried between chunks is all it owns.
 */
import { isStamped, STAMP_BYTES, stampSeq, stampTime } from "./mjpeg-jpeg.ts";

/** What the parser reports, one call per complete part. */
export interface PartSink {
  part(seq: number, sentAt: number): void;
}

const enum State {
  ResponseHead,
  Delimiter,
  PartHead,
  Body,
  Failed,
}

/** Generous for a status line and a few headers; a server sending more is broken. */
const MAX_RESPONSE_HEAD = 8192;
const MAX_PART_HEAD = 1024;
const CONTENT_LENGTH = Buffer.from("content-length:", "latin1");
const CR = 0x0d;
const LF = 0x0a;

export class MultipartParser {
  private state = State.ResponseHead;
  private responseHead = "";
  private delimiter = Buffer.alloc(0);
  /** `\r\n--boundary\r\n`: what must follow every part. */
  private between = Buffer.alloc(0);
  private matched = 0;
  private readonly partHead = Buffer.allocUnsafe(MAX_PART_HEAD);
  private partHeadLength = 0;
  private readonly head = Buffer.allocUnsafe(STAMP_BYTES);
  private bodyLength = 0;
  private bodyRead = 0;
  /** Why the stream was refused, once it was. */
  error: string | undefined;

  constructor(private readonly sink: PartSink) {}

  /** Feeds `chunk[0, length)`; answers false once the stream is broken (see `error`). */
  push(chunk: Buffer, length: number): boolean {
    let at = 0;
    while (at < length) {
      switch (this.state) {
        case State.ResponseHead:
          at = this.readResponseHead(chunk, at, length);
          break;
        case State.Delimiter:
          at = this.readDelimiter(chunk, at, length);
          break;
        case State.PartHead:
          at = this.readPartHead(chunk, at, length);
          break;
        case State.Body:
          at = this.readBody(chunk, at, length);
          break;
        case State.Failed:
          return false;
      }
    }
    return this.state !== State.Failed;
  }

  private fail(why: string): number {
    this.error ??= why;
    this.state = State.Failed;
    return Number.POSITIVE_INFINITY;
  }

  private readResponseHead(chunk: Buffer, at: number, length: number): number {
    // Once per connection, so a string is fine here.
    const seen = this.responseHead.length;
    this.responseHead += chunk.toString("latin1", at, Math.min(length, at + MAX_RESPONSE_HEAD - seen));
    const end = this.responseHead.indexOf("\r\n\r\n");
    if (end < 0) return this.responseHead.length >= MAX_RESPONSE_HEAD ? this.fail("response head too long") : length;
    const lines = this.responseHead.slice(0, end).split("\r\n");
    const status = lines[0] ?? "";
    if (!/^HTTP\/1\.[01] 200 /.test(status)) return this.fail(`answered ${JSON.stringify(status)}`);
    const header = (name: string) => lines.find((l) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
    if (header("transfer-encoding") !== undefined) return this.fail("chunked body, expected one framed by Content-Length");
    const boundary = /^multipart\/x-mixed-replace;\s*boundary="?([^";]+)"?/i.exec(header("content-type") ?? "")?.[1];
    if (boundary === undefined) return this.fail(`content-type ${JSON.stringify(header("content-type"))}`);
    this.delimiter = Buffer.from(`--${boundary}\r\n`, "latin1");
    this.between = Buffer.from(`\r\n--${boundary}\r\n`, "latin1");
    this.state = State.Delimiter;
    return at + (end + 4 - seen);
  }

  private readDelimiter(chunk: Buffer, at: number, length: number): number {
    const want = this.delimiter;
    while (at < length && this.matched < want.length) {
      if (chunk[at] !== want[this.matched]) return this.fail("no boundary where the previous part's Content-Length ended");
      at++;
      this.matched++;
    }
    if (this.matched === want.length) {
      this.matched = 0;
      this.partHeadLength = 0;
      this.state = State.PartHead;
    }
    return at;
  }

  private readPartHead(chunk: Buffer, at: number, length: number): number {
    const buf = this.partHead;
    while (at < length) {
      if (this.partHeadLength === MAX_PART_HEAD) return this.fail("part headers too long");
      const c = chunk[at++] ?? 0;
      buf[this.partHeadLength++] = c;
      const n = this.partHeadLength;
      if (c === LF && n >= 4 && buf[n - 2] === CR && buf[n - 3] === LF && buf[n - 4] === CR) {
        const bodyLength = this.contentLength(n);
        if (bodyLength < STAMP_BYTES) return this.fail(`part without a usable Content-Length (${bodyLength})`);
        this.bodyLength = bodyLength;
        this.bodyRead = 0;
        this.state = State.Body;
        return at;
      }
    }
    return at;
  }

  /** The Content-Length among the part's header lines, or -1. */
  private contentLength(end: number): number {
    const buf = this.partHead;
    for (let line = 0; line < end; ) {
      let i = 0;
      while (i < CONTENT_LENGTH.length && ((buf[line + i] ?? 0) | 0x20) === CONTENT_LENGTH[i]) i++;
      let at = line + i;
      if (i === CONTENT_LENGTH.length) {
        while (buf[at] === 0x20) at++;
        let n = 0;
        let digits = 0;
        for (let c = buf[at] ?? 0; c >= 0x30 && c <= 0x39; c = buf[++at] ?? 0, digits++) n = n * 10 + (c - 0x30);
        return digits > 0 && buf[at] === CR ? n : -1;
      }
      while (at < end && buf[at] !== LF) at++;
      line = at + 1;
    }
    return -1;
  }

  private readBody(chunk: Buffer, at: number, length: number): number {
    const take = Math.min(length - at, this.bodyLength - this.bodyRead);
    if (this.bodyRead < STAMP_BYTES) chunk.copy(this.head, this.bodyRead, at, at + Math.min(take, STAMP_BYTES - this.bodyRead));
    this.bodyRead += take;
    at += take;
    if (this.bodyRead < this.bodyLength) return at;
    if (!isStamped(this.head)) return this.fail("a part that is not a bench frame");
    const seq = stampSeq(this.head);
    const sentAt = stampTime(this.head);
    if (!Number.isFinite(seq) || !Number.isFinite(sentAt)) return this.fail("a bench frame with an unreadable stamp");
    this.delimiter = this.between;
    this.state = State.Delimiter;
    this.sink.part(seq, sentAt);
    return at;
  }
}
