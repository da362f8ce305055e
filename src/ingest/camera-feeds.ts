import type { Fragment, InitSection } from "../pull/fmp4.ts";

/**
 * Who gets a room's copied video, read once into fMP4 fragments (`src/pull/fmp4.ts`): the live
 * packager, recordings, the MJPEG decoder. A connection is `started` with its init section (after
 * a reconnect, again: the codec or size may have changed), then each fragment as it comes, then
 * `ended` when it drops or stops.
 */
export interface CameraFeed {
  started(init: InitSection): void;
  fragment(fragment: Fragment): void;
  ended(): void;
}

/** Told when a camera is pulled on this node and when it stops here for good. */
export interface CameraWatcher {
  pulled(app: string, room: string): void;
  gone(app: string, room: string): void;
}

/**
 * The subscribers of each pulled room's video and the watchers of pulled cameras on this node:
 * what `PulledCameras` fans a connection's init section and fragments out to.
 */
export class CameraFeeds {
  private readonly feeds = new Map<string, Set<CameraFeed>>();
  private readonly watchers: CameraWatcher[] = [];

  watch(watcher: CameraWatcher): void {
    this.watchers.push(watcher);
  }

  pulled(app: string, room: string): void {
    for (const w of this.watchers) w.pulled(app, room);
  }

  gone(app: string, room: string): void {
    for (const w of this.watchers) w.gone(app, room);
  }

  /** Adds `feed` to the room's subscribers, started at once with `init` when a connection is up; answers how to leave. */
  subscribe(key: string, feed: CameraFeed, init: InitSection | undefined): () => void {
    let set = this.feeds.get(key);
    if (!set) {
      set = new Set();
      this.feeds.set(key, set);
    }
    set.add(feed);
    if (init) feed.started(init);
    return () => {
      set.delete(feed);
      if (set.size === 0 && this.feeds.get(key) === set) this.feeds.delete(key);
    };
  }

  of(key: string): Iterable<CameraFeed> {
    return this.feeds.get(key) ?? [];
  }
}
