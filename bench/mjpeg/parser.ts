/**
 * The bench viewer's use of the shared MJPEG reader (`test/helpers/multipart.ts`): it keeps only
 * the first `STAMP_BYTES` of each part, counts the rest off, and reports each part's stamp.
 */
import { MultipartParser, type PartSink } from "../../test/helpers/multipart.ts";
import { isStamped, STAMP_BYTES, stampSeq, stampTime } from "./jpeg.ts";

/** What the bench learns, one call per complete part. */
export interface StampSink {
  part(seq: number, sentAt: number): void;
}

class StampedParts implements PartSink {
  private readonly head = Buffer.allocUnsafe(STAMP_BYTES);
  private read = 0;

  constructor(private readonly sink: StampSink) {}

  response(status: number): string | undefined {
    return status === 200 ? undefined : `answered ${status}`;
  }

  partStart(_head: Buffer, length: number): string | undefined {
    this.read = 0;
    return length < STAMP_BYTES ? `part without a usable Content-Length (${length})` : undefined;
  }

  partBody(chunk: Buffer, from: number, to: number): void {
    if (this.read < STAMP_BYTES) chunk.copy(this.head, this.read, from, Math.min(to, from + STAMP_BYTES - this.read));
    this.read += to - from;
  }

  partEnd(): string | undefined {
    if (!isStamped(this.head)) return "a part that is not a bench frame";
    const seq = stampSeq(this.head);
    const sentAt = stampTime(this.head);
    if (!Number.isFinite(seq) || !Number.isFinite(sentAt)) return "a bench frame with an unreadable stamp";
    this.sink.part(seq, sentAt);
    return undefined;
  }
}

/** A parser for one viewer socket that reports bench frames to `sink`. */
export function stampParser(sink: StampSink): MultipartParser {
  return new MultipartParser(new StampedParts(sink));
}
