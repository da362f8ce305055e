import type { AppsApi } from "../apps/module.ts";
import type { AppRow } from "../apps/store.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { Peers } from "../peers/service.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import { MjpegHub } from "./hub.ts";
import { registerMjpegMetrics } from "./metrics.ts";
import { OriginalGuards, type OriginalPolicy } from "./originals.ts";
import { PlayAccess } from "./play-access.ts";
import { playbackRoutes } from "./playback-routes.ts";
import { cameraKeyRoutes } from "./routes.ts";
import { cameraSocket } from "./socket.ts";
import { CAMERA_PATH } from "./urls.ts";

/** What later modules use of the camera rooms: recordings tap their frames, plugins add renditions. */
export interface CameraRooms {
  /** Whether a camera is live in the room now. */
  live(app: string, room: string): boolean;
  /** The rooms whose WebSocket camera is connected to this node now (pulled cameras, which publish frames here too, are not). */
  connectedCameras(): Array<{ readonly app: string; readonly room: string }>;
  /** Whether the room is a camera room: a camera is live there, or an unrevoked camera key names it. */
  cameraRoom(app: AppRow, room: string): Promise<boolean>;
  /** A copy of the room's newest frame (a JPEG), while its camera is live. */
  latestFrame(app: string, room: string): Buffer | undefined;
  tap: MjpegHub["tap"];
  /** A processed frame for the room's `?variant=` stream (false once its camera is gone), and that variant's end. */
  publishRendition: MjpegHub["publishRendition"];
  endRendition: MjpegHub["endRendition"];
  /** A pulled camera publishing into its room's relay: its decoded frames, made while someone takes them. */
  attachSource: MjpegHub["attachSource"];
  detachSource: MjpegHub["detachSource"];
  publishSource: MjpegHub["publishSource"];
  /** Registers who hides a room's original frames from public viewers. */
  guardOriginals(policy: OriginalPolicy): void;
  /** MJPEG viewers connected to the app's camera rooms now, every variant included. */
  viewers(app: string): number;
  /** Whether a viewer may watch the room (public playback, or a play token): what else a player reads of it follows the same rule. */
  access: PlayAccess["check"];
}

/** WebSocket MJPEG cameras, served by this process: keys, the camera socket, fan-out and playback (SPEC 4.10). */
export function mjpegModule(core: Core, deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi; quota: StreamQuota; peers: Peers }): Module<{ cameras: CameraRooms }> {
  const { config, logger, databases, metrics } = core;
  const apps = deps.apps.service;
  const hub = new MjpegHub({ apps, databases, tracker: deps.streams.tracker, quota: deps.quota, logger });
  registerMjpegMetrics(metrics.registry, hub);
  deps.streams.local.add(hub);
  const originals = new OriginalGuards();
  const access = new PlayAccess({ apps, servers: deps.media.servers });
  let accepting = true;
  return {
    name: "mjpeg",
    provides: {
      cameras: {
        live: (app, room) => hub.relay(app, room)?.live === true,
        connectedCameras: () => [...hub.snapshot().relays].filter((relay) => relay.camera !== undefined).map(({ app, room }) => ({ app, room })),
        cameraRoom: async (app, room) => hub.relay(app.name, room)?.live === true || (await hub.keys(app).list()).some((k) => k.room === room),
        latestFrame: (app, room) => {
          const relay = hub.relay(app, room);
          // A copy: the part's buffer goes back to its pool for a later frame.
          return relay?.live && relay.latest ? Buffer.from(relay.latest.jpeg) : undefined;
        },
        tap: (app, room, tap) => hub.tap(app, room, tap),
        publishRendition: (app, room, variant, jpeg, at) => hub.publishRendition(app, room, variant, jpeg, at),
        endRendition: (app, room, variant) => hub.endRendition(app, room, variant),
        attachSource: (app, room, source) => hub.attachSource(app, room, source),
        detachSource: (app, room, source) => hub.detachSource(app, room, source),
        publishSource: (app, room, source, jpeg, at) => hub.publishSource(app, room, source, jpeg, at),
        guardOriginals: (policy) => originals.add(policy),
        access: (app, room, token) => access.check(app, room, token),
        viewers: (app) => {
          let n = 0;
          for (const relay of hub.snapshot().relays) if (relay.app === app) n += relay.viewerCount;
          return n;
        },
      },
    },
    routes: [
      ...cameraKeyRoutes({ hub, apps, quota: deps.quota, publicUrl: config.publicUrl, originals, peers: deps.peers }, deps.streams),
      ...playbackRoutes({ hub, apps, access, originals, streams: deps.streams }),
    ],
    sockets: [{ path: CAMERA_PATH, behavior: cameraSocket(hub, apps, () => accepting, logger.child({ component: "mjpeg" })) }],
    start: () => hub.start(),
    // Live streams never finish on their own: they end first, then requests get their grace.
    drain: () => {
      accepting = false;
      hub.shutdown();
    },
    // The rows of the streams `drain` ended are written before the databases close.
    stop: () => hub.tracked(),
    forgetApp: (app) => hub.closeApp(app),
    configChanged: ({ app, secret }) => {
      const row = secret === undefined ? apps.findByName(app) : undefined;
      if (row) hub.reconfigure(row);
    },
  };
}
