/**
 * The one client-side reader of our MJPEG streams (`multipart/x-mixed-replace`), shared by the
 * tests' viewer and the bench's viewer fleet. It checks the framing strictly: a 200 response with
 * a boundary and no chunked encoding, the opening delimiter, then parts whose Content-Length is
 * exact and whose body is followed by the delimiter. It never searches a JPEG for the boundary and
 * never joins a part's bytes itself: the sink decides what to keep. It runs over a shared read
 * buffer, so the state carried between chunks is all it owns.
 */

/** What the parser reports. A string returned from a callback refuses the stream with that reason. */
export interface PartSink {
  /** The response head, header names lower-cased. A non-200 response is not parsed further. */
  response?(status: number, headers: Readonly<Record<string, string>>): string | undefined;
  /** A part begins: its header block (valid only during the call) and its Content-Length. */
  partStart(head: Buffer, length: number): string | undefined;
  /** Bytes of the current part's body: `chunk[from, to)`, valid only during the call. */
  partBody(chunk: Buffer, from: number, to: number): void;
  /** The current part's body is complete. */
  partEnd(): string | undefined;
}

const enum State {
  ResponseHead,
  Delimiter,
  PartHead,
  Body,
  Done,
  Failed,
}

/** Generous for a status line and a few headers; a server sending more is broken. */
const MAX_RESPONSE_HEAD = 8192;
const MAX_PART_HEAD = 1024;
const CONTENT_LENGTH = Buffer.from("content-length:", "latin1");
const CR = 0x0d;
const LF = 0x0a;

/** `Name: value` lines as a map with lower-cased names (a response's or a part's). */
export function headerFields(lines: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

export class MultipartParser {
  private state = State.ResponseHead;
  private responseHead = "";
  private delimiter = Buffer.alloc(0);
  /** `\r\n--boundary\r\n`: what must follow every part. */
  private between = Buffer.alloc(0);
  private matched = 0;
  private readonly partHead = Buffer.allocUnsafe(MAX_PART_HEAD);
  private partHeadLength = 0;
  private bodyLength = 0;
  private bodyRead = 0;
  /** Why the stream was refused, once it was. */
  error: string | undefined;

  constructor(private readonly sink: PartSink) {}

  /** Feeds `chunk[0, length)`; answers false once the stream is broken (see `error`). */
  push(chunk: Buffer, length = chunk.length): boolean {
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
        case State.Done:
          return true;
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

  /** Fails with the sink's reason, if it gave one; otherwise moves on to `next`. */
  private unless(reason: string | undefined, next: State, at: number): number {
    if (reason !== undefined) return this.fail(reason);
    this.state = next;
    return at;
  }

  private readResponseHead(chunk: Buffer, at: number, length: number): number {
    // Once per connection, so a string is fine here.
    const seen = this.responseHead.length;
    this.responseHead += chunk.toString("latin1", at, Math.min(length, at + MAX_RESPONSE_HEAD - seen));
    const end = this.responseHead.indexOf("\r\n\r\n");
    if (end < 0) return this.responseHead.length >= MAX_RESPONSE_HEAD ? this.fail("response head too long") : length;
    const [statusLine = "", ...lines] = this.responseHead.slice(0, end).split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers = headerFields(lines);
    const after = at + (end + 4 - seen);
    if (status !== 200) return this.unless(this.sink.response?.(status, headers), State.Done, after);
    if (headers["transfer-encoding"] !== undefined) return this.fail("chunked body, expected one framed by Content-Length");
    const boundary = /^multipart\/x-mixed-replace;\s*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
    if (boundary === undefined) return this.fail(`content-type ${JSON.stringify(headers["content-type"])}`);
    this.delimiter = Buffer.from(`--${boundary}\r\n`, "latin1");
    this.between = Buffer.from(`\r\n--${boundary}\r\n`, "latin1");
    return this.unless(this.sink.response?.(status, headers), State.Delimiter, after);
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
        if (bodyLength < 0) return this.fail("a part without a Content-Length");
        this.bodyLength = bodyLength;
        this.bodyRead = 0;
        return this.unless(this.sink.partStart(buf.subarray(0, n - 4), bodyLength), State.Body, at);
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
    if (take > 0) this.sink.partBody(chunk, at, at + take);
    this.bodyRead += take;
    at += take;
    if (this.bodyRead < this.bodyLength) return at;
    this.delimiter = this.between;
    return this.unless(this.sink.partEnd(), State.Delimiter, at);
  }
}
