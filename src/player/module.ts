import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { IngestApi } from "../ingest/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import { playerRoutes } from "./routes.ts";
import { loadSdkFiles } from "./sdk-files.ts";
import { PlayerService } from "./service.ts";

/** The player and embed pages for every kind of room, and the browser SDK files (SPEC 4.19). */
export function playerModule(core: Core, deps: { apps: AppsApi; media: MediaApi; cameras: CameraRooms; ingest: IngestApi }): Module {
  const pulled = deps.ingest.pulled;
  const player = new PlayerService({ apps: deps.apps.service, cameras: deps.cameras, servers: deps.media.servers, pulledIn: (app, room) => pulled.inRoom(app, room) });
  return { name: "player", routes: playerRoutes({ player, sdk: loadSdkFiles(), publicUrl: core.config.publicUrl }) };
}
