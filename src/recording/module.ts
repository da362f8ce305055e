import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { EgressApi } from "../egress/module.ts";
import type { IngestApi } from "../ingest/module.ts";
import type { MediaApi } from "../media/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { VodsApi } from "../vods/module.ts";
import { EgressRecorder } from "./egress-recorder.ts";
import { recordingRoutes } from "./routes.ts";
import { RecordingService } from "./service.ts";
import { Snapshots } from "./snapshots.ts";

/** How often egress VODs still recording are checked against the media server (a missed egress end). */
const RECONCILE_EVERY_MS = 15_000;

/** Recording rooms into VODs (SPEC 3.1, 4.11, 6.6): camera rooms by our own ffmpeg or by copy (pulled cameras), media-server rooms by LiveKit's egress. */
export function recordingModule(
  core: Core,
  deps: { apps: AppsApi; media: MediaApi; egress: EgressApi; streams: StreamsApi; cameras: CameraRooms; vods: VodsApi; ingest: IngestApi },
): Module {
  const { config, logger, events } = core;
  const snapshots = new Snapshots({
    cameras: deps.cameras,
    pulled: deps.ingest.pulled,
    media: core.pools.media,
    servers: deps.media.servers,
    egresses: deps.egress.egresses,
    configs: deps.apps.configs,
    apps: deps.apps.service,
    s3: deps.apps.s3,
    vods: deps.vods,
    events,
    dataDir: config.dataDir,
    logger,
  });
  const recording = new RecordingService({
    configs: deps.apps.configs,
    apps: deps.apps.service,
    cameras: deps.cameras,
    pulled: deps.ingest.pulled,
    servers: deps.media.servers,
    events,
    egressRecorder: new EgressRecorder({ egresses: deps.egress.egresses, servers: deps.media.servers, configs: deps.apps.configs, streams: deps.streams }),
    streams: deps.streams,
    snapshots,
    vods: deps.vods,
    dataDir: config.dataDir,
    logger,
    splitMinuteMs: config.splitMinuteMs,
  });
  // The VODs' actors (vods, listed before) ask this service to end the files it writes.
  deps.vods.recordings.register(recording);
  deps.media.webhooks.onEvent((event, app) => recording.egressEvent(event, app));
  const apps = () => deps.apps.store.list({ all: true }).map((app) => app.name);
  let reconciling: NodeJS.Timeout | undefined;
  return {
    name: "recording",
    routes: recordingRoutes(recording, deps.vods.recordings, snapshots, deps.streams),
    // The vods module has resumed the unfinished VODs already (and this service's splits with them).
    start: () => {
      const reconcile = () => recording.reconcile(apps()).catch((err: Error) => logger.error({ err: err.message }, "could not reconcile egress recordings"));
      void reconcile();
      reconciling = setInterval(() => void reconcile(), RECONCILE_EVERY_MS).unref();
    },
    // Recorders end before the HTTP server stops, so every file gets its index written.
    drain: () => void recording.stopAll(),
    forgetApp: (app) => recording.forgetApp(app),
    stop: () => {
      clearInterval(reconciling);
      return recording.stopAll();
    },
  };
}
