import type { AccountsApi } from "../accounts/module.ts";
import type { AppsApi } from "../apps/module.ts";
import { clusterLock } from "../core/cluster-lock.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { StreamsApi } from "../streams/module.ts";
import { registerTenantMetrics } from "./metrics.ts";
import { StreamQuota } from "./quota.ts";
import { ReservationStore } from "./store.ts";
import { EgressUsage } from "./usage.ts";

/** Tenants' plans and what they allow: the concurrent-stream quota, and what each tenant uses (SPEC 8). */
export function tenantsModule(core: Core, deps: { accounts: AccountsApi; apps: AppsApi; streams: StreamsApi }): Module<{ quota: StreamQuota; egressUsage: EgressUsage }> {
  const quota = new StreamQuota({
    reservations: new ReservationStore(core.databases.sql),
    apps: deps.apps.store,
    planOf: (teamId) => deps.accounts.store.planOf(teamId),
    holders: (app) => deps.streams.holders(app),
    lock: clusterLock(core.redis, core.logger),
  });
  const egressUsage = new EgressUsage();
  registerTenantMetrics({ registry: core.metrics.registry, apps: deps.apps.store, teams: (limit) => deps.accounts.store.teams(limit), quota, egress: egressUsage });
  return { name: "tenants", provides: { quota, egressUsage } };
}
