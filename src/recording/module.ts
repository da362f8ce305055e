import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { TaskPool } from "../lib/task-pool.ts";
import type { MediaApi } from "../media/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import { Finalizer, type MediaTasks } from "./finalize.ts";
import { recordingRoutes } from "./routes.ts";
import { RecordingService } from "./service.ts";

/** Recording rooms into VODs (SPEC 3.1, 4.11, 6.6): camera rooms by our own ffmpeg. */
export function recordingModule(core: Core, deps: { apps: AppsApi; media: MediaApi; cameras: CameraRooms }): Module {
  const { config, logger, databases, supervisor, events } = core;
  // Probes and snapshots are short ffmpeg runs; two threads keep one slow file from queueing the rest.
  const media = new TaskPool<MediaTasks>({ taskFile: new URL("../../workers/media-files.ts", import.meta.url), maxThreads: 2 });
  const finalizer = new Finalizer({ databases, configs: deps.apps.configs, s3: deps.apps.s3, events, media, dataDir: config.dataDir, logger });
  const recording = new RecordingService({
    databases,
    configs: deps.apps.configs,
    cameras: deps.cameras,
    servers: deps.media.servers,
    supervisor,
    events,
    finalizer,
    dataDir: config.dataDir,
    logger,
  });
  return {
    name: "recording",
    routes: recordingRoutes(recording),
    start: () => recording.resume(deps.apps.store.list({ all: true }).map((app) => app.name)),
    // Recorders end before the HTTP server stops, so every file gets its index written.
    drain: () => void recording.stopAll(),
    forgetApp: (app) => recording.forgetApp(app),
    stop: async () => {
      await recording.stopAll();
      await media.close();
    },
  };
}
