import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { IngestApi } from "../ingest/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import { CameraHls } from "./camera-hls.ts";
import { PulledFrames } from "./frames.ts";
import { cameraLiveRoutes } from "./live-routes.ts";

/** What later modules use of pulled cameras' playback: the live window (the player page asks whether a room has one). */
export interface PulledPlaybackApi {
  readonly hls: CameraHls;
}

/**
 * The playback of cameras the service pulls (issue 33): their LL-HLS window, and their frames
 * decoded into the MJPEG relay of their room while someone takes them (MJPEG viewers, plugins).
 * After the MJPEG module, whose relays and playback rules (`publicPlayback`, play tokens) it uses.
 */
export function pullModule(core: Core, deps: { apps: AppsApi; ingest: IngestApi; cameras: CameraRooms; streams: StreamsApi }): Module<{ pulledPlayback: PulledPlaybackApi }> {
  const hls = new CameraHls(deps.ingest.pulled, core.logger.child({ component: "camera-hls" }));
  // Registered for its effect: each pulled camera's room relay gets decoded frames while someone takes them.
  new PulledFrames(deps.ingest.pulled, deps.cameras, core.logger.child({ component: "pulled-frames" }));
  return {
    name: "pull",
    provides: { pulledPlayback: { hls } },
    routes: cameraLiveRoutes({ hls, pulled: deps.ingest.pulled, apps: deps.apps.service, cameras: deps.cameras, streams: deps.streams }),
  };
}
