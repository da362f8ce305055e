import type { Db } from "../db/open.ts";

/** Publisher slots held by minted tokens that are not live yet (global database). */
export class ReservationStore {
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

  /** The team's unexpired reservations, after dropping every expired one. */
  liveFor(teamId: number, now: number): { app: string; identity: string }[] {
    this.prune.run(now);
    return this.live.all(teamId, now);
  }
}
