import { Counter, Gauge } from "prom-client";
import type { AccountsApi } from "../accounts/module.ts";
import type { AppsApi } from "../apps/module.ts";
import { clusterLock } from "../core/cluster-lock.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { EgressApi } from "../egress/module.ts";
import type { MediaApi } from "../media/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { SystemApi } from "../system/module.ts";
import type { EgressUsage } from "../tenants/usage.ts";
import { h264Encoder } from "../vods/encoders.ts";
import type { Ownership } from "../peers/ownership.ts";
import { restreamRoutes } from "./routes.ts";
import { PLATFORM_NAMES } from "./schemas.ts";
import { EgressQuota } from "./quota.ts";
import { RestreamService } from "./service.ts";
import { restreamStore } from "./store.ts";

/** Restreaming live streams to RTMP(S) destinations (SPEC 2.15, 4.14). */
export function restreamModule(
  core: Core,
  deps: { accounts: AccountsApi; apps: AppsApi; media: MediaApi; egress: EgressApi; streams: StreamsApi; cameras: CameraRooms; system: SystemApi; egressUsage: EgressUsage; ownership: Ownership },
): Module {
  const { databases, logger, metrics } = core;
  const failures = new Counter({
    name: "service_restream_failures_total",
    help: "Restream pushes that died (each one is retried while its stream is live), by platform",
    labelNames: ["platform"],
    registers: [metrics.registry],
  });
  for (const platform of PLATFORM_NAMES) failures.labels(platform).inc(0);
  const quota = new EgressQuota({ databases, apps: deps.apps.store, planOf: (teamId) => deps.accounts.store.planOf(teamId), lock: clusterLock(core.redis, logger) });
  const restream = new RestreamService({
    databases,
    streams: deps.streams,
    apps: deps.apps.store,
    cameras: deps.cameras,
    egresses: deps.egress.egresses,
    supervisor: core.supervisor,
    ownership: deps.ownership,
    events: core.events,
    box: core.box,
    ssrf: core.ssrf,
    quota,
    encoder: async () => h264Encoder(await deps.system.gpu().catch(() => undefined)),
    failed: (platform) => failures.labels(platform).inc(),
    logger,
  });
  new Gauge({
    name: "service_restream_destinations",
    help: "Restream destinations that have not stopped, by state (starting, active, failed)",
    labelNames: ["state"],
    registers: [metrics.registry],
    async collect() {
      const counts = { starting: 0, active: 0, failed: 0 } as Record<string, number>;
      for (const app of deps.apps.store.list({ all: true })) {
        for (const row of await unlessUnavailableAsync([], () => restreamStore(databases.appSql(app.name)).allLive())) counts[row.state] = (counts[row.state] ?? 0) + 1;
      }
      for (const [state, n] of Object.entries(counts)) this.labels(state).set(n);
    },
  });
  deps.egressUsage.countWith((teamId) => quota.inUse(teamId));
  deps.media.webhooks.onEvent((event, app) => restream.mediaEvent(event, app.name));
  return {
    name: "restream",
    routes: restreamRoutes(restream, deps.streams),
    start: () => restream.resume(deps.apps.store.list({ all: true }).map((app) => app.name)),
    drain: () => restream.shutdown(),
  };
}
