import type { Logger } from "pino";
import type { Fragment, InitSection } from "../pull/fmp4.ts";
import { SegmentFollower } from "../pull/segment-follower.ts";
import type { SegmentRing } from "../pull/segment-ring.ts";

/**
 * Who takes a room's copied video as fMP4 (`src/pull/fmp4.ts`): the live packager, the MJPEG
 * decoder, the H.264 rendition. A connection is `started` with its init section (after a
 * reconnect, again: the codec or size may have changed), then each fragment as it comes, with
 * the wall clock it began at, then `ended` when it drops or stops.
 */
export interface CameraFeed {
  started(init: InitSection): void;
  fragment(fragment: Fragment, at: number): void;
  ended(): void;
}

/** Told only when a room's connection starts (with its ring, for a reader of its files) and ends: who needs to know a camera is up, not its video. */
export interface ConnectionListener {
  started(init: InitSection, ring: SegmentRing): void;
  ended(): void;
}

/** Told when a camera is pulled on this node and when it stops here for good. */
export interface CameraWatcher {
  pulled(app: string, room: string): void;
  gone(app: string, room: string): void;
}

export interface FeedOptions {
  /** How many completed files before the one being written to start from: an LL-HLS window starts with seconds of video, a decoder with the current GOP. */
  readonly backfill?: number;
}

type Subscription =
  | { readonly kind: "video"; readonly feed: CameraFeed; readonly backfill: number; follower: SegmentFollower | undefined }
  | { readonly kind: "connection"; readonly feed: ConnectionListener; follower?: undefined };

/**
 * The subscribers of each pulled room on this node, and the watchers of pulled cameras: while a
 * room's connection is up (its ring, `src/pull/segment-ring.ts`), each video subscriber has a
 * follower reading the ring's files for it, and only while it is subscribed: a camera with no
 * subscriber has no reader at all, and its video never enters the process.
 */
export class CameraFeeds {
  private readonly subscriptions = new Map<string, Set<Subscription>>();
  private readonly connections = new Map<string, { ring: SegmentRing; init: InitSection }>();
  private readonly watchers: CameraWatcher[] = [];

  /**
   * `unreadable` is told when a ring's file cannot be read as fMP4: the pull is not working. A
   * subscriber that throws loses its follower (logged), and the camera goes on for the others.
   */
  constructor(
    private readonly unreadable: (key: string, message: string) => void,
    private readonly log: Logger,
  ) {}

  watch(watcher: CameraWatcher): void {
    this.watchers.push(watcher);
  }

  pulled(app: string, room: string): void {
    for (const w of this.watchers) w.pulled(app, room);
  }

  gone(app: string, room: string): void {
    for (const w of this.watchers) w.gone(app, room);
  }

  /** The room's connection is up: each subscriber starts (video subscribers with a follower of the ring). */
  connected(key: string, ring: SegmentRing, init: InitSection): void {
    this.disconnected(key);
    this.connections.set(key, { ring, init });
    for (const s of this.subscriptions.get(key) ?? []) this.begin(key, s);
  }

  /** The room's connection ended: followers stop, and every subscriber hears it. */
  disconnected(key: string): void {
    if (!this.connections.delete(key)) return;
    for (const s of this.subscriptions.get(key) ?? []) {
      s.follower?.stop();
      s.follower = undefined;
      s.feed.ended();
    }
  }

  /** Takes the room's video while subscribed (see FeedOptions); answers how to leave. */
  subscribe(key: string, feed: CameraFeed, o: FeedOptions = {}): () => void {
    return this.add(key, { kind: "video", feed, backfill: o.backfill ?? 0, follower: undefined });
  }

  /** Hears when the room's connection starts (at once when it is up) and ends, without its video. */
  connection(key: string, listener: ConnectionListener): () => void {
    return this.add(key, { kind: "connection", feed: listener });
  }

  private add(key: string, s: Subscription): () => void {
    let set = this.subscriptions.get(key);
    if (!set) {
      set = new Set();
      this.subscriptions.set(key, set);
    }
    set.add(s);
    if (this.connections.has(key)) this.begin(key, s);
    return () => {
      s.follower?.stop();
      s.follower = undefined;
      set.delete(s);
      if (set.size === 0 && this.subscriptions.get(key) === set) this.subscriptions.delete(key);
    };
  }

  private begin(key: string, s: Subscription): void {
    const connection = this.connections.get(key);
    if (!connection) return;
    if (s.kind === "connection") {
      s.feed.started(connection.init, connection.ring);
      return;
    }
    s.follower = new SegmentFollower(connection.ring, connection.ring.current - s.backfill, s.feed, (failure) => {
      s.follower = undefined;
      if (failure.kind === "unreadable") this.unreadable(key, failure.message);
      else this.log.error({ camera: key, error: failure.message }, "a subscriber of a pulled camera failed; it gets no more video");
    });
  }
}
