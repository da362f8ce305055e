import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import { observabilityRoutes } from "./routes.ts";

/** What operators read: /health, /metrics and /stats (SPEC 4.7). */
export function observabilityModule(core: Core, deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi }): Module {
  return {
    name: "observability",
    routes: observabilityRoutes({
      metrics: core.metrics,
      metricsToken: core.config.metrics.token,
      instanceId: core.databases.instanceId,
      startedAt: Date.now(),
      countApps: () => deps.apps.store.count(),
      countActiveStreams: () => deps.streams.countActive(),
      media: deps.media.stats,
    }),
  };
}
