import type { HttpResponse } from "../http/uws.ts";
import { OPENING, type Part } from "./part.ts";

/**
 * The Content-Length we announce. The stream has no end, and `tryEnd` (the only uWS write that
 * tracks a write offset and leaves unsent bytes with us rather than copying them into a per-socket
 * backlog) needs a total; 2^53 - 1 bytes is "forever". The relay ends a stream by closing it.
 */
const ENDLESS = Number.MAX_SAFE_INTEGER;

const NOTHING = (): void => {};

/**
 * uWS.js wants every write inside a `cork` callback (it warns otherwise), but it accepts any
 * response's writes inside any response's callback. A fan-out therefore runs all its viewers'
 * writes inside one cork (`Viewer.batch`) rather than crossing into C++ and back per viewer. It
 * costs no syscall batching: a part larger than uWS's 16 KB cork buffer goes straight to the
 * socket either way. Outside a batch (a joining viewer, a drain) each write corks its own
 * response; one shared callback and these slots avoid a closure per write.
 */
let batching = false;
let corkRes: HttpResponse;
let corkData: Buffer;
let corkOk = false;
function corkedTryEnd(): void {
  corkOk = corkRes.tryEnd(corkData, ENDLESS)[0];
}
function tryEnd(res: HttpResponse, data: Buffer): boolean {
  if (batching) return res.tryEnd(data, ENDLESS)[0];
  corkRes = res;
  corkData = data;
  res.cork(corkedTryEnd);
  return corkOk;
}
let batchWrites: () => void = NOTHING;
function runBatch(): void {
  batching = true;
  try {
    batchWrites();
  } finally {
    batching = false;
  }
}

/** What a viewer needs from the room it watches. */
export interface ViewerRoom {
  /** The newest frame. */
  readonly latest: Part | undefined;
  /** Coarse time in ms, advanced by the relay's ticker. */
  readonly now: number;
  /** A whole part reached the socket. */
  delivered(bytes: number): void;
  skippedFrames(count: number): void;
}

/**
 * One MJPEG viewer. It has at most one part in flight: while the socket cannot take a part, newer
 * frames are not queued; when it drains, it jumps to the newest frame and counts the ones it
 * skipped. A slow viewer therefore costs a reference to one shared part, never a copy, and never
 * holds up the others.
 *
 * uWS v20.30 details this leans on: `tryEnd` writes only what the socket takes (nothing is copied
 * into uWS's backlog) and advances the write offset that `onWritable` reports, so the rest of an
 * interrupted part is resent from that offset; `onWritable` is registered for the life of the
 * response, because without it uWS closes a viewer ten seconds after its first backpressure even
 * when it drains; and a writable callback always writes (or uncorks) so uWS's own backlog (the
 * response headers, at worst) is never left unsent.
 */
export class Viewer {
  /** The part's bytes (or the opening boundary) the socket has not fully taken yet. */
  private inFlight: Buffer | undefined;
  /** The part behind `inFlight`, held until the socket took it all. */
  private inFlightPart: Part | undefined;
  /** Write offset at which `inFlight` began. */
  private inFlightAt = 0;
  /** Write offset after everything offered so far. */
  private offset = 0;
  private sentSeq = -1;
  /** Frames this viewer never got because it was busy when they came. */
  skipped = 0;
  /** When the socket last took bytes while a part was waiting. */
  private lastProgress: number;
  private progressOffset = 0;
  closed = false;

  constructor(
    private readonly res: HttpResponse,
    private readonly room: ViewerRoom,
  ) {
    this.lastProgress = room.now;
    res.onWritable((offset) => this.drain(offset));
  }

  /**
   * Status, headers, the opening boundary and the newest frame, in one corked write. The frame
   * goes twice: browsers paint a part only when the next one begins, and a joining viewer should
   * not wait for the camera's next frame to see anything.
   */
  open(headers: Readonly<Record<string, string>>): void {
    this.res.cork(() => {
      this.res.writeStatus("200 OK");
      for (const name in headers) this.res.writeHeader(name, headers[name] as string);
      this.write(OPENING);
      const latest = this.room.latest;
      if (latest) {
        this.offer(latest);
        this.offer(latest);
      }
    });
  }

  /** A new frame (or a repeat of the last one): sent now unless a part is still in flight. */
  offer(part: Part): void {
    if (this.inFlight !== undefined || this.closed) return;
    this.send(part);
  }

  /** Runs `writes` (to this and other viewers) inside this viewer's cork; see `tryEnd`. */
  batch(writes: () => void): void {
    if (this.closed) {
      // Its response may be gone: the writes cork their own.
      writes();
      return;
    }
    batchWrites = writes;
    try {
      this.res.cork(runBatch);
    } finally {
      batchWrites = NOTHING;
    }
  }

  /** The part the socket has not fully taken yet, if any: all the memory this viewer holds. */
  get pending(): Buffer | undefined {
    return this.inFlight;
  }

  /** A viewer with a part waiting and no progress since `before` is stalled. */
  stalledSince(before: number): boolean {
    return this.inFlight !== undefined && this.lastProgress < before;
  }

  close(): void {
    if (this.closed) return;
    this.gone();
    this.res.close();
  }

  /** The viewer is leaving: a part still in flight means every frame after it was skipped. */
  gone(): void {
    if (this.closed) return;
    this.closed = true;
    const latest = this.room.latest;
    if (this.inFlight !== undefined && latest !== undefined && latest.seq > this.sentSeq) {
      this.skipped += latest.seq - this.sentSeq;
      this.room.skippedFrames(latest.seq - this.sentSeq);
    }
    this.inFlight = undefined;
    this.inFlightPart?.release();
    this.inFlightPart = undefined;
  }

  private send(part: Part): void {
    if (this.sentSeq >= 0 && part.seq > this.sentSeq + 1) {
      const missed = part.seq - this.sentSeq - 1;
      this.skipped += missed;
      this.room.skippedFrames(missed);
    }
    this.sentSeq = part.seq;
    if (!this.write(part.bytes)) {
      part.hold();
      this.inFlightPart = part;
    }
  }

  /** Answers whether the socket took all of `bytes`; if not, they are in flight. */
  private write(bytes: Buffer): boolean {
    const start = this.offset;
    this.offset += bytes.length;
    if (tryEnd(this.res, bytes)) {
      this.completed(bytes);
      return true;
    }
    this.inFlight = bytes;
    this.inFlightAt = start;
    this.progressOffset = start;
    this.lastProgress = this.room.now;
    return false;
  }

  private completed(bytes: Buffer): void {
    if (bytes !== OPENING) this.room.delivered(bytes.length);
  }

  private drain(offset: number): boolean {
    const pending = this.inFlight;
    if (pending === undefined) {
      // Spurious, or uWS holds a backlog of its own (headers): an empty cork flushes it.
      this.res.cork(NOTHING);
      return true;
    }
    if (offset > this.progressOffset) {
      this.progressOffset = offset;
      this.lastProgress = this.room.now;
    }
    const sent = offset - this.inFlightAt;
    if (!tryEnd(this.res, sent === 0 ? pending : pending.subarray(sent))) return false;
    this.inFlight = undefined;
    this.inFlightPart?.release();
    this.inFlightPart = undefined;
    this.completed(pending);
    const latest = this.room.latest;
    if (latest !== undefined && latest.seq !== this.sentSeq) this.send(latest);
    return true;
  }
}
