import { Counter, Gauge } from "prom-client";
import { isCameraStream } from "../streams/view.ts";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { Peers } from "../peers/service.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import { ClusterPluginReads } from "./cluster.ts";
import { PluginDetections } from "./detections.ts";
import { manifestOf } from "./manifests.ts";
import { PluginRooms } from "./rooms.ts";
import { pluginRoutes } from "./routes.ts";
import { PluginService } from "./service.ts";
import { PluginSettings } from "./settings.ts";
import { PluginWorkers } from "./workers.ts";

const WORKER_STATES = ["stopped", "starting", "running", "stopping", "crashed", "failed"] as const;

/** What later modules hear of the plugins' work: every report of detections in a room, with the camera frame it was made of when it was one. */
export interface DetectionsFeed {
  onDetected(listener: (app: string, message: DetectionsMessage, frame: Uint8Array | undefined) => void): void;
}

/** Plugins (SPEC 2.10, 4.16): per-app state, supervised worker processes, and what they make of rooms. */
export function pluginsModule(
  core: Core,
  deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi; cameras: CameraRooms; ownership: Ownership; peers: Peers },
): Module<{ detections: DetectionsFeed }> {
  const { logger, metrics } = core;
  const { configs, secrets, store } = deps.apps;
  const detectionsTotal = new Counter({
    name: "service_plugin_detections_total",
    help: "Objects detected by plugin workers, by plugin and label",
    labelNames: ["plugin", "label"],
    registers: [metrics.registry],
  });
  // Built in dependency order: the settings and detections depend on nothing here, the workers on
  // the settings, the rooms on the workers (and hear them by subscribing), the service on all.
  const settings = new PluginSettings({ configs, secrets });
  const detections = new PluginDetections();
  const listeners: Array<Parameters<DetectionsFeed["onDetected"]>[0]> = [];
  const workers = new PluginWorkers({
    supervisor: core.supervisor,
    events: core.events,
    logger,
    entryOf: (plugin) => new URL(`../../workers/plugins/${plugin}.ts`, import.meta.url),
    settings,
  });
  const rooms = new PluginRooms({
    streams: deps.streams,
    cameras: deps.cameras,
    servers: deps.media.servers,
    workers,
    ownership: deps.ownership,
    scopeOf: (app, plugin) => ({ camerasOnly: !manifestOf(plugin)?.sources.includes("livekit"), rooms: settings.namedRooms(app, plugin) }),
    detected: (app, plugin, message, frame) => {
      for (const object of message.objects) detectionsTotal.labels(plugin, object.label).inc();
      detections.record(app, plugin, message);
      for (const listener of listeners) listener(app, message, frame);
    },
    logger,
  });
  workers.subscribe(rooms);
  const plugins = new PluginService({ configs, secrets, settings, detections, workers, roomsOf: (app, plugin) => rooms.roomsOf(app, plugin), logger });

  // deface hides a camera room's original frames from public viewers unless told otherwise. Asked on
  // every request for an original, so the sealed key is only opened when a viewer presents one.
  deps.cameras.guardOriginals((app, room) => {
    const state = settings.state(app, "deface");
    if (!state.enabled || state.config["publicOriginal"] === true) return undefined;
    const named = settings.namedRooms(app, "deface");
    if (named && !named.has(room)) return undefined;
    return {
      variant: "deface",
      key: () => {
        const key = String(settings.configOf(app, "deface")["originalKey"] ?? "");
        return key === "" ? undefined : key;
      },
    };
  });
  core.events.onEvent((event) => {
    // A camera room (a WebSocket camera, or a camera the service pulls) is read from its relay; any other from LiveKit.
    if (event.event === "stream_started") rooms.streamStarted(event.app, event.room, isCameraStream({ type: String(event.data["type"]), streamId: String(event.data["streamId"]) }));
    else if (event.event === "stream_ended") rooms.streamEnded(event.app, event.room);
  });

  new Gauge({
    name: "service_plugin_workers",
    help: "Plugin workers by state",
    labelNames: ["state"],
    registers: [metrics.registry],
    collect() {
      const counts: Record<string, number> = Object.fromEntries(WORKER_STATES.map((s) => [s, 0]));
      for (const state of workers.states()) counts[state] = (counts[state] ?? 0) + 1;
      for (const [state, n] of Object.entries(counts)) this.labels(state).set(n);
    },
  });
  new Gauge({
    name: "service_plugin_worker_fps",
    help: "Frames a plugin worker analysed per second over its last report, all rooms together",
    labelNames: ["app", "plugin"],
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const w of workers.stats()) this.labels(w.app, w.plugin).set(Object.values(w.rooms).reduce((sum, r) => sum + r.fps, 0));
    },
  });
  new Gauge({
    name: "service_plugin_worker_frame_ms",
    help: "Time a plugin worker spent per analysed frame over its last report (mean over its rooms)",
    labelNames: ["app", "plugin"],
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const w of workers.stats()) {
        const busy = Object.values(w.rooms).filter((r) => r.analysed > 0);
        if (busy.length > 0) this.labels(w.app, w.plugin).set(busy.reduce((sum, r) => sum + r.latencyMs, 0) / busy.length);
      }
    },
  });

  return {
    name: "plugins",
    provides: { detections: { onDetected: (listener) => void listeners.push(listener) } },
    routes: pluginRoutes(plugins, new ClusterPluginReads({ plugins, peers: deps.peers, cameras: deps.cameras, streams: deps.streams }), deps.apps.service, deps.cameras.access),
    start: () => plugins.resume(store.list({ all: true }).map((app) => app.name)),
    stop: () => workers.shutdown(),
    forgetApp: (app) => plugins.forgetApp(app),
    configChanged: ({ app }) => {
      if (store.findByName(app)) plugins.reconcile(app);
    },
  };
}
