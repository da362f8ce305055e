/** A query handle (`Handle`), typed loosely here so this file and `sql.ts` need not import each other. */
type Handle = object;

/** Tells a cache whether its database was written somewhere else since it last asked. */
export interface WriteWatch {
  /** True once after writes made elsewhere (another process, another node). */
  happened(): boolean;
}

/** How writes to one database are heard of, and told about: per backend (SQLite's data_version today). */
export interface WriteFeed {
  watch(): WriteWatch;
  /** Tells the other processes' caches that this one committed a write. */
  wrote(): void;
}

const feeds = new WeakMap<Handle, WriteFeed>();

/** Called by whatever makes a handle (`sqliteSql`), before any store sees it. */
export function registerWriteFeed(db: Handle, feed: WriteFeed): void {
  feeds.set(db, feed);
}

function feedOf(db: Handle): WriteFeed {
  const feed = feeds.get(db);
  // withTables/withSchema make copies: a store asks with the handle it was given, before either.
  if (!feed) throw new Error("no write feed for this handle: ask with the handle the store was given");
  return feed;
}

/**
 * A watch for a store's cache over `db`: the store drops what it remembers when `happened()`
 * says another process wrote, and drops it at once after its own writes.
 */
export function watchWrites(db: Handle): WriteWatch {
  return feedOf(db).watch();
}

/** A store calls this after each committed write that other processes' caches must hear of. */
export function announceWrite(db: Handle): void {
  feedOf(db).wrote();
}
