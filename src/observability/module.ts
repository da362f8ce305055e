import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { Peers } from "../peers/service.ts";
import type { MediaApi } from "../media/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import { observabilityRoutes } from "./routes.ts";

/** How long a readiness check may take before its part counts as not answering. */
const READY_CHECK_MS = 1000;

/** Whether `check` says yes well within the load balancer's probe interval. */
async function answers(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_CHECK_MS)));
  try {
    return await Promise.race([check, late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** What operators read: /health, /ready, /metrics and /stats (SPEC 4.7). */
export function observabilityModule(core: Core, deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi; peers: Peers }): Module {
  const redis = core.redis;
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
      node: deps.peers.id,
      readiness: {
        database: () => answers(core.databases.reachable()),
        redis: redis ? () => answers(redis.ping()) : undefined,
        draining: () => deps.peers.isDraining,
      },
    }),
  };
}
