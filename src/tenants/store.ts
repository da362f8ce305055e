import type { Db } from "../db/open.ts";

/** Expired reservations are harmless (reads filter them), so deleting them can wait this long. */
const PRUNE_EVERY_SECONDS = 60;

/** Publisher slots held by minted tokens that are not live yet (global database). */
export class ReservationStore {
  private prunedAt = 0;
  private readonly upsert;
  private readonly live;
  private readonly prune;

  constructor(db: Db) {
    this.upsert = db.prepare<[number, string, string, number]>(
      `INSERT INTO stream_reservations (team_id, app, identity, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id, app, identity) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
    );
    this.live = db.prepare<[number, number], { app: string; identity: string }>(
      "SELECT app, identity FROM stream_reservations WHERE team_id = ? AND expires_at > ?",
    );
    this.prune = db.prepare<[number]>("DELETE FROM stream_reservations WHERE expires_at <= ?");
  }

  /** Takes the slot until `expiresAt`, or extends one already held. */
  hold(teamId: number, app: string, identity: string, expiresAt: number): void {
    this.upsert.run(teamId, app, identity, expiresAt);
  }

  /** The team's unexpired reservations. Expired rows are deleted now and then, off the read. */
  liveFor(teamId: number, now: number): { app: string; identity: string }[] {
    if (now - this.prunedAt >= PRUNE_EVERY_SECONDS) {
      this.prune.run(now);
      this.prunedAt = now;
    }
    return this.live.all(teamId, now);
  }
}
