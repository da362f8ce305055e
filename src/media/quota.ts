import type { AccountStore } from "../accounts/store.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import type { Db } from "../db/open.ts";
import { problem, type Problem } from "../http/problem.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import { quotasOf } from "../tenants/plans.ts";

/** How long a minted publisher token holds a slot without its participant publishing. */
export const RESERVATION_SECONDS = 120;

/**
 * The tenant's `max_concurrent_streams`. A slot is held by each live stream of the tenant's apps
 * (a publishing participant or an ingress, as webhooks report them), and for two minutes by each
 * publisher token minted for an identity that is not live yet. Minting again for an identity
 * that already holds a slot takes no second one. Platform-owned apps have no quota.
 */
export class StreamQuota {
  private readonly upsert;
  private readonly reserved;
  private readonly prune;

  constructor(
    db: Db,
    private readonly apps: AppStore,
    private readonly accounts: AccountStore,
    private readonly tracker: StreamTracker,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.upsert = db.prepare<[number, string, string, number]>(
      `INSERT INTO stream_reservations (team_id, app, identity, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id, app, identity) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
    );
    this.reserved = db.prepare<[number, number], { app: string; identity: string }>(
      "SELECT app, identity FROM stream_reservations WHERE team_id = ? AND expires_at > ?",
    );
    this.prune = db.prepare<[number]>("DELETE FROM stream_reservations WHERE expires_at <= ?");
  }

  /** Takes (or refreshes) a slot for `identity` in `app`, or answers 429 quota_exceeded. */
  reserve(app: AppRow, identity: string, ttlSeconds: number): Problem | undefined {
    if (app.teamId === null) return undefined;
    const team = this.accounts.teamById(app.teamId);
    const limit = quotasOf(team?.plan ?? "free").maxConcurrentStreams;
    const held = this.holders(app.teamId);
    const key = `${app.name}\u0000${identity}`;
    if (!held.has(key) && held.size >= limit) {
      return problem("quota_exceeded", `the ${team?.plan ?? "free"} plan allows ${limit} concurrent streams and all are in use`, {
        details: { metric: "max_concurrent_streams", limit, used: held.size },
      });
    }
    this.upsert.run(app.teamId, app.name, identity, this.now() + Math.min(ttlSeconds, RESERVATION_SECONDS));
    return undefined;
  }

  /** Slots in use by the tenant now: live streams and unexpired reservations, one per identity. */
  holders(teamId: number): Set<string> {
    const now = this.now();
    this.prune.run(now);
    const held = new Set<string>();
    for (const app of this.apps.list({ teamId })) {
      for (const s of this.tracker.store(app).active()) held.add(`${app.name}\u0000${s.participant ?? s.streamId}`);
    }
    for (const r of this.reserved.all(teamId, now)) held.add(`${r.app}\u0000${r.identity}`);
    return held;
  }
}
