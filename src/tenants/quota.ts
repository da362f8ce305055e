import type { AppRow, AppStore } from "../apps/store.ts";
import type { ClusterLock } from "../core/cluster-lock.ts";
import { InTurn } from "../lib/in-turn.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { quotasOf } from "./plans.ts";
import type { ReservationStore } from "./store.ts";

/** How long a minted publisher token holds a slot without its participant publishing. */
export const RESERVATION_SECONDS = 120;

export interface StreamQuotaOptions {
  readonly reservations: ReservationStore;
  readonly apps: AppStore;
  /** The plan of a team; an unknown team gets the free plan. */
  readonly planOf: (teamId: number) => Promise<string | undefined>;
  /** Who holds a slot in an app now: one key per live stream (its participant or stream id). */
  readonly holders: (app: AppRow) => Promise<readonly string[]>;
  /** Keeps other nodes from reserving for the same team between this one's check and its hold; unset: this node is alone. */
  readonly lock?: ClusterLock;
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
  /**
   * One reservation at a time per team: its check reads the live streams asynchronously before it
   * holds the slot. In this process by turns, across nodes under the team's cluster lock.
   */
  private readonly inTurn = new InTurn<number>();

  constructor(private readonly o: StreamQuotaOptions) {
    this.now = o.now ?? (() => Math.floor(Date.now() / 1000));
  }

  /** Takes (or refreshes) a slot for `identity` in `app`, or answers 429 quota_exceeded. */
  reserve(app: AppRow, identity: string, ttlSeconds: number): Promise<Problem | undefined> {
    const teamId = app.teamId;
    if (teamId === null) return Promise.resolve(undefined);
    const reserve = () => this.reserveNow(app, teamId, identity, ttlSeconds);
    const lock = this.o.lock;
    return this.inTurn.run(teamId, lock ? () => lock.run(`streams:team:${teamId}`, reserve) : reserve);
  }

  private async reserveNow(app: AppRow, teamId: number, identity: string, ttlSeconds: number): Promise<Problem | undefined> {
    const plan = (await this.o.planOf(teamId)) ?? "free";
    const limit = quotasOf(plan).maxConcurrentStreams;
    const now = this.now();
    const live = await this.live(teamId);
    const slot = { teamId, app: app.name, identity, expiresAt: now + Math.min(ttlSeconds, RESERVATION_SECONDS) };
    // The reservations are counted and the slot taken in one transaction (see `holdUnless`).
    return this.o.reservations.holdUnless(slot, now, (reserved) => {
      const held = withReserved(live, reserved);
      if (held.has(`${app.name}\u0000${identity}`) || held.size < limit) return undefined;
      return problem("quota_exceeded", `the ${plan} plan allows ${limit} concurrent streams and all are in use`, {
        details: { metric: "max_concurrent_streams", limit, used: held.size },
      });
    });
  }

  /** Slots in use by the tenant now: live streams and unexpired reservations, one per identity. */
  async holders(teamId: number): Promise<Set<string>> {
    return withReserved(await this.live(teamId), await this.o.reservations.liveFor(teamId, this.now()));
  }

  /** The tenant's live streams, one key per app and holder. */
  private async live(teamId: number): Promise<Set<string>> {
    const held = new Set<string>();
    const apps = this.o.apps.list({ teamId });
    const live = await Promise.all(apps.map((app) => this.o.holders(app)));
    apps.forEach((app, i) => {
      for (const holder of live[i] ?? []) held.add(`${app.name}\u0000${holder}`);
    });
    return held;
  }
}

function withReserved(live: ReadonlySet<string>, reserved: readonly { app: string; identity: string }[]): Set<string> {
  const held = new Set(live);
  for (const r of reserved) held.add(`${r.app}\u0000${r.identity}`);
  return held;
}
