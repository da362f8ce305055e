import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { IngestApi } from "../ingest/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { Relays } from "../peers/relay.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { DetectionsFeed } from "../plugins/module.ts";
import { isCameraStream } from "../streams/view.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { VodsApi } from "../vods/module.ts";
import { CameraEvents } from "./events.ts";
import { MotionDetector } from "./motion.ts";
import { TimelineSettings } from "./settings.ts";
import { ContinuousRecorder } from "./continuous.ts";
import { MjpegContinuousRecorder } from "./continuous-mjpeg.ts";
import { SegmentWriter } from "./segment-writer.ts";
import { timelineRoutes } from "./routes.ts";
import { DvrService } from "./dvr.ts";
import { dvrRoutes } from "./dvr-routes.ts";
import { DvrTails } from "./dvr-tail.ts";
import { TimelineService } from "./service.ts";
import { TimelineClips } from "./clips.ts";
import { TimelineThumbnails } from "./thumbnails.ts";
import { timelineStorage, type TimelineStorageApi } from "./storage.ts";

/**
 * The camera timeline (issue 34; docs/timeline.md): pulled and WebSocket cameras recorded
 * continuously in segments while the app's `timeline` config says so, events from the plugins' detections, the
 * motion detector and cameras connecting, and each room's segments, gaps and events over the
 * API; segments uploaded to the app's S3 and pruned by its retention (storage.ts). After ingest,
 * whose pulled cameras it records, the plugins, whose detections it hears, and VODs, whose
 * uploader it shares.
 */
export function timelineModule(core: Core, deps: { apps: AppsApi; ingest: IngestApi; cameras: CameraRooms; detections: DetectionsFeed; relays: Relays; vods: VodsApi; ownership: Ownership; streams: StreamsApi }): Module<{ timeline: TimelineStorageApi }> {
  const storage = timelineStorage(core, deps);
  const settings = new TimelineSettings({ configs: deps.apps.configs, apps: deps.apps.service });
  const events = new CameraEvents({
    databases: core.databases,
    settings,
    apps: deps.apps.service,
    events: core.events,
    frames: core.pools.cameraFrames,
    dataDir: core.config.dataDir,
    node: core.config.node.id,
    registry: core.metrics.registry,
    logger: core.logger,
  });
  const motion = new MotionDetector({ cameras: deps.cameras, settings, events, frames: core.pools.cameraFrames, logger: core.logger });
  deps.detections.onDetected((app, message, frame) => events.detections(app, message, frame));
  // A camera room's stream on this node (its frames are here): watched for motion, its connecting an event.
  core.events.onEvent((event) => {
    if (event.event === "stream_started" && isCameraStream({ type: String(event.data["type"]), streamId: String(event.data["streamId"]) }) && deps.cameras.live(event.app, event.room)) {
      motion.started(event.app, event.room);
      events.connection(event.app, event.room, "connected");
    } else if (event.event === "stream_ended" && motion.ended(event.app, event.room)) {
      events.connection(event.app, event.room, "disconnected");
    }
  });
  const segments = new SegmentWriter({
    apps: deps.apps.service,
    databases: core.databases,
    dataDir: core.config.dataDir,
    node: core.config.node.id,
    written: (app, row) => storage.uploads.written(app, row),
    logger: core.logger,
  });
  const continuous = new ContinuousRecorder({ pulled: deps.ingest.pulled, settings, segments, logger: core.logger });
  const continuousMjpeg = new MjpegContinuousRecorder({ cameras: deps.cameras, settings, segments, logger: core.logger });
  // Segments are read here when uploaded, or when this node wrote them (on SQLite every row is this node's).
  const reader = { s3: deps.apps.s3, here: (node: string) => core.databases.dialect === "sqlite" || node === core.config.node.id };
  const thumbnails = new TimelineThumbnails({ databases: core.databases, apps: deps.apps.service, reader, dataDir: core.config.dataDir, registry: core.metrics.registry, logger: core.logger });
  const clips = new TimelineClips({ databases: core.databases, apps: deps.apps.service, reader, vods: deps.vods, retention: storage.retention, dataDir: core.config.dataDir, logger: core.logger });
  // The rewind playlist's live tails, of the cameras pulled here (dvr-tail.ts).
  const tails = new DvrTails(deps.ingest.pulled);
  const dvr = new DvrService({ databases: core.databases, settings, tails, s3: deps.apps.s3, relays: deps.relays, here: reader.here });
  return {
    name: "timeline",
    provides: { timeline: { retention: storage.retention } },
    start: () => {
      storage.start();
      thumbnails.start();
    },
    configChanged: ({ app, secret }) => {
      if (secret === undefined) storage.retention.configChanged(app);
    },
    routes: [
      ...timelineRoutes(new TimelineService(core.databases, deps.apps.service), thumbnails, clips, deps.relays),
      ...dvrRoutes({ dvr, tails, apps: deps.apps.service, pulled: deps.ingest.pulled, cameras: deps.cameras, streams: deps.streams, relays: deps.relays }),
    ],
    // Before ingest drains its cameras: each segment being written ends with its row.
    drain: () => {
      motion.stop();
      void continuous.stop();
      void continuousMjpeg.stop();
    },
    stop: async () => {
      motion.stop();
      tails.close();
      thumbnails.stop();
      await clips.stop();
      await Promise.all([continuous.stop(), continuousMjpeg.stop(), events.stop()]);
      // After the last segments' rows: their uploads run before the pools close.
      await storage.stop();
    },
    forgetApp: async (app) => {
      motion.forgetApp(app);
      thumbnails.forgetApp(app);
      await Promise.all([continuous.forgetApp(app), continuousMjpeg.forgetApp(app), events.forgetApp(app)]);
      await storage.forgetApp(app);
    },
  };
}
