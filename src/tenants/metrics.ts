import type { Registry } from "prom-client";
import type { AppStore } from "../apps/store.ts";
import { scrapeMetric, type Sample } from "../observability/scrape-metric.ts";
import { quotasOf, type Quotas } from "./plans.ts";
import type { StreamQuota } from "./quota.ts";
import type { EgressUsage } from "./usage.ts";

/** Tenants listed one by one; the rest are left out of the per-tenant series (label values stay bounded). */
export const MAX_TENANT_SERIES = 1000;

/** Quota names as the `metric` label spells them (SPEC 8). */
const QUOTA_METRICS: ReadonlyArray<readonly [string, keyof Quotas]> = [
  ["max_concurrent_streams", "maxConcurrentStreams"],
  ["max_concurrent_egress", "maxConcurrentEgress"],
];

export interface TenantMetricsOptions {
  readonly registry: Registry;
  readonly apps: AppStore;
  readonly teams: (limit: number) => Promise<readonly { id: number; plan: string }[]>;
  readonly quota: StreamQuota;
  readonly egress: EgressUsage;
}

/**
 * `service_apps{tenant}`, `service_tenant_quota{tenant,metric}` and
 * `service_tenant_usage{tenant,metric}`, recomputed at every scrape from the databases. `tenant`
 * is the team id (`platform` for apps no team owns).
 */
export function registerTenantMetrics(o: TenantMetricsOptions): void {
  o.registry.registerMetric(
    scrapeMetric("service_apps", "Apps, by the tenant (team id) that owns them", "gauge", () => {
      const counts = new Map<string, number>();
      for (const app of o.apps.list({ all: true })) {
        const tenant = app.teamId === null ? "platform" : String(app.teamId);
        counts.set(tenant, (counts.get(tenant) ?? 0) + 1);
      }
      return [...counts].slice(0, MAX_TENANT_SERIES).map(([tenant, value]) => ({ labels: { tenant }, value }));
    }),
  );
  // Usage is read from the database at scrape time, so the tenants are walked one after another.
  const perTenant = (value: (team: { id: number; plan: string }, metric: keyof Quotas) => number | Promise<number>) => async (): Promise<Sample[]> => {
    const samples: Sample[] = [];
    for (const team of await o.teams(MAX_TENANT_SERIES)) {
      for (const [label, key] of QUOTA_METRICS) samples.push({ labels: { tenant: String(team.id), metric: label }, value: await value(team, key) });
    }
    return samples;
  };
  o.registry.registerMetric(
    scrapeMetric("service_tenant_quota", "What each tenant's plan allows", "gauge", perTenant((team, key) => quotasOf(team.plan)[key])),
  );
  o.registry.registerMetric(
    scrapeMetric("service_tenant_usage", "What each tenant uses of its quota now", "gauge", perTenant(async (team, key) => (key === "maxConcurrentStreams" ? (await o.quota.holders(team.id)).size : o.egress.of(team.id)))),
  );
}
