import { unlessUnavailable } from "../db/app-unavailable.ts";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { EgressApi } from "../egress/module.ts";
import { isProblem } from "../lib/problem.ts";
import type { MediaApi } from "../media/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { VodsApi } from "../vods/module.ts";
import { hlsRoutes } from "./routes.ts";
import { LiveHls } from "./service.ts";

/** Live HLS of media-server rooms for apps that distribute through a CDN (SPEC 2.12 mass-audience preset). */
export function hlsModule(core: Core, deps: { apps: AppsApi; media: MediaApi; egress: EgressApi; streams: StreamsApi; vods: VodsApi }): Module {
  const { configs, s3, store } = deps.apps;
  const hls = new LiveHls({
    egresses: deps.egress.egresses,
    configs,
    s3,
    uploader: deps.vods.uploader,
    events: core.events,
    dataDir: core.config.dataDir,
    publicUrl: core.config.publicUrl,
    logger: core.logger,
  });
  deps.media.webhooks.onEvent((event, app) => hls.mediaEvent(event, app.name));
  deps.streams.details.add((app, stream) => {
    const live = stream.status === "active" ? hls.view(app, stream.room) : undefined;
    return live && { hls: live };
  });
  return {
    name: "hls",
    routes: hlsRoutes(hls),
    start: async () => {
      for (const app of store.list({ all: true })) {
        // An app whose config.yaml is damaged was logged where it was found; the others resume.
        if (unlessUnavailable("", () => configs.get(app.name).transcoding.distribution) !== "cdn") continue;
        const active = await deps.egress.egresses.active(app.name);
        if (!isProblem(active)) hls.resumeFrom(app.name, active);
      }
    },
    forgetApp: (app) => hls.forgetApp(app),
    stop: () => hls.stop(),
  };
}
