import { open, type FileHandle } from "node:fs/promises";
import { Fmp4Reader, withDecodeTime, type Fragment, type InitSection } from "./fmp4.ts";
import { RingClock, type SegmentRing } from "./segment-ring.ts";

/** What one read takes at most: a second of a 4K camera, so a back-fill is a few reads. */
const READ_BYTES = 1024 * 1024;

/** Who a follower hands the video to: the init section (again when it changes), then each fragment with the wall clock it began at. */
export interface FollowedFeed {
  started(init: InitSection): void;
  fragment(fragment: Fragment, at: number): void;
}

/** Why a follower stopped by itself: a file that does not read (the pull is not working), or its feed threw (the subscriber's fault, not the camera's). */
export type FollowerFailure = { readonly kind: "unreadable" | "feed"; readonly message: string };

/**
 * A reader of a ring's files as ffmpeg writes them (issue 33): from file `from` on, each read to
 * its end and, once ffmpeg completed it, the next; woken by the ring whenever a file changes.
 * Fragments go on in one clock across files (RingClock). Each fragment carries the wall clock it began at, read off when its file
 * began: a back-filled file is dated when it was filmed, not when it was read. A file deleted
 * before it was opened is skipped to the oldest kept.
 */
export class SegmentFollower {
  private index: number;
  private file: FileHandle | undefined;
  private position = 0;
  private reader = new Fmp4Reader();
  private init: InitSection | undefined;
  private readonly clock: RingClock;
  /** The current file's first fragment: its decode time in the file, what is added to each, and when the file began. */
  private fileStart: { own: number; offset: number; at: number } | undefined;
  private pumping = false;
  private again = false;
  private stopped = false;
  private readonly unwatch: () => void;

  constructor(
    private readonly ring: SegmentRing,
    from: number,
    private readonly feed: FollowedFeed,
    private readonly onFailed: (failure: FollowerFailure) => void,
  ) {
    this.index = Math.max(from, ring.oldest);
    this.clock = new RingClock(ring);
    this.unwatch = ring.onChange(() => void this.pump());
    void this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.unwatch();
    void this.file?.close().catch(() => undefined);
    this.file = undefined;
  }

  /** Reads all there is, once at a time: a change while reading reads again after. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        await this.readAll();
      } while (this.again && !this.stopped);
    } catch (err) {
      if (!this.stopped) this.fail(err instanceof FeedError ? "feed" : "unreadable", err instanceof FeedError ? err.message : `the ring could not be read: ${(err as Error).message}`);
    } finally {
      this.pumping = false;
    }
  }

  private async readAll(): Promise<void> {
    while (!this.stopped) {
      if (this.file === undefined) {
        if (this.index < this.ring.oldest) this.index = this.ring.oldest;
        const file = await open(this.ring.path(this.index), "r").catch(() => undefined);
        if (file === undefined) return;
        if (this.stopped) {
          void file.close();
          return;
        }
        this.file = file;
        this.position = 0;
        this.reader = new Fmp4Reader();
        this.fileStart = undefined;
      }
      // Whether ffmpeg completed the file is asked before reading: all its bytes were there by then.
      const complete = this.ring.isComplete(this.index);
      // Sized to what is there: a reader keeps a view of a partial box, which pins its chunk.
      const unread = Math.min(READ_BYTES, (await this.file.stat()).size - this.position);
      const chunk = Buffer.allocUnsafe(Math.max(0, unread));
      const { bytesRead } = unread > 0 ? await this.file.read(chunk, 0, unread, this.position) : { bytesRead: 0 };
      if (this.stopped) return;
      if (bytesRead > 0) {
        this.position += bytesRead;
        this.take(chunk.subarray(0, bytesRead));
        continue;
      }
      if (!complete) return;
      void this.file.close().catch(() => undefined);
      this.file = undefined;
      this.index++;
    }
  }

  private take(bytes: Buffer): void {
    for (const item of this.reader.push(bytes)) {
      if (this.stopped) return;
      if (item.kind === "init") {
        if (this.init?.bytes.equals(item.bytes)) continue;
        this.init = item;
        fed(() => this.feed.started(item));
      } else if (item.kind === "fragment") {
        const init = this.init;
        if (!init) continue;
        this.fileStart ??= { own: item.decodeTime, offset: this.clock.offset(this.index, init.timescale, item.decodeTime), at: this.ring.beganAt(this.index) ?? Date.now() };
        const moved = withDecodeTime(item, item.decodeTime + this.fileStart.offset);
        this.clock.placed(moved.decodeTime + moved.duration);
        const at = this.fileStart.at + ((item.decodeTime - this.fileStart.own) / init.timescale) * 1000;
        fed(() => this.feed.fragment(moved, at));
      } else {
        this.fail("unreadable", `file ${this.index} of the pull's output could not be read: ${item.message}`);
        return;
      }
    }
  }

  private fail(kind: FollowerFailure["kind"], message: string): void {
    this.stop();
    this.onFailed({ kind, message });
  }
}

/** A feed's own throw, told apart from a read's. */
class FeedError extends Error {}

function fed(call: () => void): void {
  try {
    call();
  } catch (err) {
    throw new FeedError(`a subscriber of the camera failed: ${(err as Error).message}`);
  }
}
