import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { SystemApi } from "../system/module.ts";
import { AdaptiveLadders } from "./adaptive.ts";
import { VodMetrics } from "./metrics.ts";
import { Uploader } from "./uploader.ts";
import { vodRoutes } from "./routes.ts";
import { VodService, type MediaTasks } from "./service.ts";

/** What later modules use of VODs: the service, and the pool that probes and snapshots files. */
export interface VodsApi {
  readonly service: VodService;
  readonly media: TaskPool<MediaTasks>;
  readonly metrics: VodMetrics;
  readonly adaptive: AdaptiveLadders;
  readonly uploader: Uploader;
}

/** VOD records (SPEC 2.7, 4.12): what recordings became, with their S3 URLs and files. */
export function vodsModule(core: Core, deps: { apps: AppsApi; system: SystemApi }): Module<{ vods: VodsApi }> {
  const { config, databases, metrics: m, logger } = core;
  const { media, uploads } = core.pools;
  const service = new VodService({ databases, configs: deps.apps.configs, s3: deps.apps.s3, media, dataDir: config.dataDir, publicUrl: config.publicUrl });
  deps.apps.service.countVodsWith((app) => service.totals(app));
  const metrics = new VodMetrics({ registry: m.registry, apps: deps.apps.store, counts: (app) => service.counts(app) });
  const uploader = new Uploader({ pool: uploads, metrics, logger: logger.child({ component: "uploads" }) });
  const adaptive = new AdaptiveLadders({ uploader, databases, configs: deps.apps.configs, s3: deps.apps.s3, media, events: core.events, metrics, gpu: () => deps.system.gpu(), dataDir: config.dataDir, logger });
  return {
    name: "vods",
    provides: { vods: { service, media, metrics, adaptive, uploader } },
    start: () => adaptive.resume(deps.apps.store.list({ all: true }).map((app) => app.name)),
    forgetApp: (app, { deleteVods }) => {
      if (deleteVods) service.purgeObjects(app, logger);
      metrics.forgetApp(app);
    },
    routes: vodRoutes(service),
  };
}
