import type { AppRow, AppStore } from "../apps/store.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { quotasOf } from "./plans.ts";
import type { ReservationStore } from "./store.ts";

/** How long a minted publisher token holds a slot without its participant publishing. */
export const RESERVATION_SECONDS = 120;

export interface StreamQuotaOptions {
  readonly reservations: ReservationStore;
  readonly apps: AppStore;
  /** The plan of a team; an unknown team gets the free plan. */
  readonly planOf: (teamId: number) => string | undefined;
  /** Who holds a slot in an app now: one key per live stream (its participant or stream id). */
  readonly holders: (app: AppRow) => readonly string[];
  readonly now?: () => number;
}

/**
 * The tenant's `max_concurrent_streams`. A slot is held by each live stream of the tenant's apps
 * (a publishing participant or an ingress, as webhooks report them), and for two minutes by each
 * publisher token minted for an identity that is not live yet. Minting again for an identity
 * that already holds a slot takes no second one. Platform-owned apps have no quota.
 */
export class StreamQuota {
  private readonly now: () => number;

  constructor(private readonly o: StreamQuotaOptions) {
    this.now = o.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** Takes (or refreshes) a slot for `identity` in `app`, or answers 429 quota_exceeded. */
  reserve(app: AppRow, identity: string, ttlSeconds: number): Problem | undefined {
    if (app.teamId === null) return undefined;
    const plan = this.o.planOf(app.teamId) ?? "free";
    const limit = quotasOf(plan).maxConcurrentStreams;
    const held = this.holders(app.teamId);
    const key = `${app.name}\u0000${identity}`;
    if (!held.has(key) && held.size >= limit) {
      return problem("quota_exceeded", `the ${plan} plan allows ${limit} concurrent streams and all are in use`, {
        details: { metric: "max_concurrent_streams", limit, used: held.size },
      });
    }
    this.o.reservations.hold(app.teamId, app.name, identity, this.now() + Math.min(ttlSeconds, RESERVATION_SECONDS));
    return undefined;
  }

  /** Slots in use by the tenant now: live streams and unexpired reservations, one per identity. */
  holders(teamId: number): Set<string> {
    const held = new Set<string>();
    for (const app of this.o.apps.list({ teamId })) {
      for (const holder of this.o.holders(app)) held.add(`${app.name}\u0000${holder}`);
    }
    for (const r of this.o.reservations.liveFor(teamId, this.now())) held.add(`${r.app}\u0000${r.identity}`);
    return held;
  }
}
