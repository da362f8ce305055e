import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { Relays } from "../peers/relay.ts";
import type { SystemApi } from "../system/module.ts";
import { AdaptiveLadders } from "./adaptive.ts";
import { VodFileNodes } from "./file-node.ts";
import { Finalizer } from "./finalize.ts";
import { VodMetrics } from "./metrics.ts";
import { VodRecordings } from "./recordings.ts";
import { UploadSlots } from "./upload-slots.ts";
import { Uploader } from "./uploader.ts";
import { vodRoutes } from "./routes.ts";
import { VodService, type MediaTasks } from "./service.ts";

/**
 * What later modules use of VODs: the service, the recordings (what the recording module tells
 * about the files it writes), the pools and uploader its snapshots share, and the upload slots
 * the timeline's segments share with VODs.
 */
export interface VodsApi {
  readonly service: VodService;
  readonly recordings: VodRecordings;
  readonly media: TaskPool<MediaTasks>;
  readonly metrics: VodMetrics;
  readonly adaptive: AdaptiveLadders;
  readonly uploader: Uploader;
  readonly slots: UploadSlots;
}

/** VOD records (SPEC 2.7, 4.12): what recordings became, with their S3 URLs and files. */
export function vodsModule(core: Core, deps: { apps: AppsApi; system: SystemApi; ownership: Ownership; relays: Relays }): Module<{ vods: VodsApi }> {
  const { config, databases, metrics: m, logger } = core;
  const { media, uploads } = core.pools;
  const service = new VodService({ databases, configs: deps.apps.configs, s3: deps.apps.s3, media, dataDir: config.dataDir, publicUrl: config.publicUrl, node: config.node.id });
  deps.apps.service.countVodsWith((app) => service.totals(app));
  const metrics = new VodMetrics({ registry: m.registry, apps: deps.apps.store, counts: (app) => service.counts(app) });
  const uploader = new Uploader({ pool: uploads, metrics, logger: logger.child({ component: "uploads" }) });
  const slots = new UploadSlots(config.uploads.concurrency, config.uploads.concurrencyPerApp);
  const adaptive = new AdaptiveLadders({ uploader, databases, configs: deps.apps.configs, s3: deps.apps.s3, media, events: core.events, metrics, gpu: () => deps.system.gpu(), dataDir: config.dataDir, logger });
  const finalizer = new Finalizer({
    databases,
    configs: deps.apps.configs,
    s3: deps.apps.s3,
    events: core.events,
    service,
    media,
    metrics,
    adaptive,
    uploader,
    logger,
    uploadAttempts: config.uploads.attempts,
    uploadFirstDelayMs: config.uploads.retryMs,
    slots,
  });
  const recordings = new VodRecordings({ databases, supervisor: core.supervisor, ownership: deps.ownership, node: config.node.id, events: core.events, finalizer, metrics, logger });
  return {
    name: "vods",
    provides: { vods: { service, recordings, media, metrics, adaptive, uploader, slots } },
    start: async () => {
      const apps = deps.apps.store.list({ all: true }).map((app) => app.name);
      await adaptive.resume(apps);
      await recordings.resume(apps);
    },
    // Before the recorders end their files (the recording module drains first): what fails from here is the shutdown's.
    drain: () => recordings.close(),
    // Awaited before the app's database closes: the purge reads its VODs' keys from it first.
    forgetApp: async (app, { deleteVods }) => {
      recordings.forgetApp(app);
      metrics.forgetApp(app);
      if (deleteVods) await service.purgeObjects(app, logger);
    },
    routes: vodRoutes(service, recordings, new VodFileNodes(databases, deps.relays)),
  };
}
