import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { IngestApi } from "../ingest/module.ts";
import type { MediaApi } from "../media/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { TimelineStorageApi } from "../timeline/storage.ts";
import type { VodsApi } from "../vods/module.ts";
import { appStatsRoutes } from "./routes.ts";
import { AppStats } from "./service.ts";

/**
 * An app's stats snapshot (SPEC 4.7): read from the domains that own each part, so it is listed
 * after all of them.
 */
export function appStatsModule(core: Core, deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi; cameras: CameraRooms; vods: VodsApi; ingest: IngestApi; timeline: TimelineStorageApi }): Module {
  const stats = new AppStats({
    apps: deps.apps.service,
    streams: deps.streams,
    cameras: deps.cameras,
    servers: deps.media.servers,
    vods: deps.vods.service,
    ingress: deps.ingest.ingress,
    timeline: deps.timeline.retention,
    logger: core.logger,
  });
  return { name: "app-stats", routes: appStatsRoutes(stats), forgetApp: (app) => stats.forget(app) };
}
