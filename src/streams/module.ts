import type { AppsApi } from "../apps/module.ts";
import type { AppRow } from "../apps/store.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Problem } from "../lib/problem.ts";
import type { Relayed, RelayedStream, RelayRequest, Relays } from "../peers/relay.ts";
import type { Peers } from "../peers/service.ts";
import type { MediaApi } from "../media/module.ts";
import { StreamControl } from "./control.ts";
import { StreamDetails } from "./details.ts";
import { LocalSources } from "./local.ts";
import { registerStreamMetrics } from "./metrics.ts";
import { StreamReconciler } from "./reconciler.ts";
import { streamRoutes } from "./routes.ts";
import { streamStore } from "./store.ts";
import { StreamTracker } from "./tracker.ts";
import type { StreamView } from "./view.ts";

/** What later modules use of streams: the tracker, the local-source registry and live counts. */
/** A camera room named as a client names it, or by one of its streams. */
/** A camera room as a route names it (the app's prefix is added), as stored (`room`), or by a stream of it. */
export type CameraRoomOf = { readonly name: string } | { readonly room: string } | { readonly streamId: string };

export interface StreamsApi {
  readonly tracker: StreamTracker;
  /** Modules that serve streams in this process register their source here. */
  readonly local: LocalSources;
  /** Modules that add fields to a stream's detail register here. */
  readonly details: StreamDetails;
  /** Who holds a stream slot in the app now: each live stream's participant (or stream id). */
  holders(app: AppRow): Promise<string[]>;
  /** The app's live streams (none while its database is unavailable); from memory unless a write made them stale. */
  live(app: AppRow): Promise<readonly StreamView[]>;
  /** SPEC 4.13's `{id}`: the row id, or the stream id (its latest row); throws while the app's database is unavailable. */
  find(app: string, id: string): Promise<StreamView | undefined>;
  /**
   * The answer of the node a live camera of `room` is connected to, when that is another live node
   * (calls about a camera room are served where its frames are); undefined when this node answers.
   */
  answeredAtCamera(ctx: RelayRequest, app: AppRow, room: CameraRoomOf): Promise<Relayed | Problem | undefined>;
  /** The same, for an answer that streams (a viewer of the camera's live MJPEG). */
  streamedAtCamera(ctx: RelayRequest, app: AppRow, room: CameraRoomOf): Promise<RelayedStream | Problem | undefined>;
  /** The app's live streams in `room`, or in every room (none while its database is unavailable). */
  liveIn(app: string, room?: string): Promise<readonly StreamView[]>;
  /** Live streams across every app. */
  countActive(): Promise<number>;
  /** One reconciliation pass now; answers how many rows it ended. */
  reconcile(): Promise<number>;
}

/** Live streams (SPEC 2.8, 4.13): rows kept from media-server webhooks and local sources, reconciled. */
export function streamsModule(core: Core, deps: { apps: AppsApi; media: MediaApi; peers: Peers; relays: Relays }): Module<{ streams: StreamsApi }> {
  const { relays } = deps;
  const { logger, databases, events } = core;
  const { service: apps, store } = deps.apps;
  const { servers, webhooks } = deps.media;
  const tracker = new StreamTracker({ databases, events, logger, node: core.config.node.id });
  webhooks.onEvent((event, app) => tracker.handle(event, app));
  const local = new LocalSources();
  const details = new StreamDetails();
  const reconciler = new StreamReconciler({ servers, tracker, apps, store, local, logger, liveElsewhere: async (id) => (await deps.peers.other(id)) !== undefined });
  registerStreamMetrics(core.metrics.registry, store, tracker);
  const storeOf = (app: string) => streamStore(databases.appSql(app));
  // The room as the app names it (its prefix added), or the stream's own; a bad name is the route's to refuse.
  const cameraNodeOf = async (app: AppRow, of: CameraRoomOf): Promise<string | undefined> => {
    const room = "name" in of ? apps.roomOf(app, of.name) : "room" in of ? of.room : await unlessUnavailableAsync(undefined, async () => (await storeOf(app.name).find(of.streamId))?.room);
    return typeof room === "string" ? await unlessUnavailableAsync(undefined, async () => await storeOf(app.name).cameraNode(room)) : undefined;
  };
  const live = (app: AppRow) => unlessUnavailableAsync([], () => tracker.store(app).active());
  const api: StreamsApi = {
    tracker,
    local,
    details,
    holders: async (app) => (await live(app)).map((s) => s.participant ?? s.streamId),
    live,
    find: (app, id) => storeOf(app).find(id),
    answeredAtCamera: async (ctx, app, of) => relays.answerOn(await cameraNodeOf(app, of), ctx),
    streamedAtCamera: async (ctx, app, of) => relays.streamOn(await cameraNodeOf(app, of), ctx),
    liveIn: (app, room) => unlessUnavailableAsync([], () => (room === undefined ? storeOf(app).active() : storeOf(app).activeInRoom(room))),
    countActive: async () => (await Promise.all(store.list({ all: true }).map(async (app) => (await live(app)).length))).reduce((a, b) => a + b, 0),
    reconcile: () => reconciler.reconcile(),
  };
  return {
    name: "streams",
    provides: { streams: api },
    routes: streamRoutes(new StreamControl({ servers, tracker, apps, events, local, details, logger })),
    start: () => reconciler.start(),
    stop: () => reconciler.stop(),
  };
}
