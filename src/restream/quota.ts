import type { AppStore } from "../apps/store.ts";
import type { ClusterLock } from "../core/cluster-lock.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { quotasOf } from "../tenants/plans.ts";
import { restreamStore } from "./store.ts";

export interface EgressQuotaOptions {
  readonly databases: Databases;
  readonly apps: AppStore;
  readonly planOf: (teamId: number) => Promise<string | undefined>;
  /** Keeps other nodes' starts for the same team out from this one's quota check until its row exists. */
  readonly lock: ClusterLock;
}

/** A team's concurrent restream destinations against its plan's `max_concurrent_egress` (SPEC 2.15). */
export class EgressQuota {
  /** Starts per team between their quota check and their row: counted against the quota too. */
  private readonly pending = new Map<number, number>();

  constructor(private readonly o: EgressQuotaOptions) {}

  /**
   * Runs `start` when the team has a place left, else answers `quota_exceeded`. The place is held
   * from the check until `start` resolves (its row then exists), so starts racing through its
   * awaits are counted: this process's in `pending`, other nodes' kept out by the team's cluster
   * lock (held through the first push, a few seconds at most, well within the lock's expiry).
   */
  run<T>(team: number, start: () => Promise<T | Problem>): Promise<T | Problem> {
    return this.o.lock.run(`egress:team:${team}`, async () => {
      const refused = await this.reserve(team);
      if (refused) return refused;
      try {
        return await start();
      } finally {
        this.pending.set(team, (this.pending.get(team) ?? 1) - 1);
      }
    });
  }

  /** Destinations that have not stopped across every app of the team: what its egress quota counts. */
  async inUse(teamId: number): Promise<number> {
    const counts = await Promise.all(
      this.o.apps.list({ teamId }).map((a) => unlessUnavailableAsync(0, async () => (await restreamStore(this.o.databases.appSql(a.name)).allLive()).length)),
    );
    return counts.reduce((n, c) => n + c, 0);
  }

  /**
   * Live destinations, and starts not yet stored, against the quota; a start let through takes a
   * place in `pending`. The count and the place are taken with no await between them, so two
   * starts racing past the read cannot both take the last place.
   */
  private async reserve(team: number): Promise<Problem | undefined> {
    const plan = (await this.o.planOf(team)) ?? "free";
    const limit = quotasOf(plan).maxConcurrentEgress;
    const live = await this.inUse(team);
    const used = live + (this.pending.get(team) ?? 0);
    if (used < limit) {
      this.pending.set(team, (this.pending.get(team) ?? 0) + 1);
      return undefined;
    }
    return problem("quota_exceeded", `the ${plan} plan allows ${limit} concurrent restream destinations and all are in use; stop one first`, {
      details: { metric: "max_concurrent_egress", limit, used },
    });
  }
}
