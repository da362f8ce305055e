import type { Db } from "./open.ts";

/** How stale a cache may be about other processes' writes: it asks SQLite at most this often. */
export const EXTERNAL_CHECK_MS = 1000;

/**
 * Tells a cache over one database whether another connection (another process: the admin CLI, a
 * second instance on the same data dir) committed to it. SQLite's `PRAGMA data_version` changes
 * exactly then, and never for this connection's own commits, which the owning store handles itself
 * by dropping what it wrote. Asking is a read transaction (tens of microseconds in WAL mode), too
 * much for every request, so it is asked at most once per `EXTERNAL_CHECK_MS`: another process's
 * change is seen within a second, this process's at once.
 */
export class ExternalWrites {
  private readonly version;
  private seen: number;
  private checkedAt: number;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.version = db.prepare<[], number>("PRAGMA data_version").pluck();
    this.seen = this.current();
    this.checkedAt = now();
  }

  /** True once after other connections committed, noticed at the first call a second after the last check. */
  happened(): boolean {
    const now = this.now();
    if (now - this.checkedAt < EXTERNAL_CHECK_MS) return false;
    this.checkedAt = now;
    const version = this.current();
    if (version === this.seen) return false;
    this.seen = version;
    return true;
  }

  private current(): number {
    return this.version.get() ?? 0;
  }
}
