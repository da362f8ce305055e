import { z } from "zod";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { Reply, StreamReply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appRoomParams } from "../apps/schemas.ts";
import type { MjpegHub } from "./hub.ts";
import { STREAM_CONTENT_TYPE, type Part } from "./part.ts";
import type { OriginalGuards } from "./originals.ts";
import type { PlayAccess } from "./play-access.ts";
import type { Relay } from "./relay.ts";

const playQuery = z.object({
  token: z.string().max(8192).optional(),
  /** A processed version of the room's frames, made by a plugin (`deface`); absent for the original. */
  variant: z.string().regex(/^[a-z0-9-]{1,32}$/, "a variant name such as deface").optional(),
  /** The key that opens a room's original frames while a plugin hides them from the public. */
  key: z.string().max(2000).optional(),
});
type PlayQuery = z.infer<typeof playQuery>;

/** A live image must never be served from a cache without asking. */
const LIVE_HEADERS = {
  "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
  pragma: "no-cache",
  "access-control-allow-origin": "*",
  "x-content-type-options": "nosniff",
};

export interface PlaybackDeps {
  readonly hub: MjpegHub;
  readonly apps: AppService;
  readonly access: PlayAccess;
  readonly originals: OriginalGuards;
}

/**
 * SPEC 4.10's playback, outside /api/v1: the multipart MJPEG stream and the last frame as a JPEG
 * (the player pages that show them are in src/player/). An unknown app and a room without a live
 * camera are both 404.
 */
export function playbackRoutes(d: PlaybackDeps): Route[] {
  /** The relay to serve (the room's, or its rendition's with `?variant=`) and its newest frame. */
  const liveRelay = async (appName: string, room: string, q: PlayQuery): Promise<{ app: AppRow; room: Relay; relay: Relay; part: Part } | Problem> => {
    const app = d.apps.findByName(appName);
    if (!app) return problem("not_found", `no app ${appName}`);
    const grant = await d.access.check(app, room, q.token);
    if (isProblem(grant)) return grant;
    const camera = d.hub.relay(app.name, room);
    if (!camera?.live || !camera.latest) return problem("not_found", `no camera is live in room ${room}`);
    if (q.variant === undefined) {
      const refused = d.originals.refusal(app.name, room, grant, q.key);
      return refused ?? { app, room: camera, relay: camera, part: camera.latest };
    }
    const rendition = camera.renditions.get(q.variant);
    if (!rendition) return problem("not_found", `room ${room} has no ${q.variant} variant: the plugin that makes it is not enabled for this room`);
    if (!rendition.latest) return problem("service_unavailable", `room ${room}'s ${q.variant} variant has no frame yet; retry in a moment`, { headers: { "retry-after": "2" } });
    return { app, room: camera, relay: rendition, part: rendition.latest };
  };
  return [
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/mjpeg",
      auth: "public",
      params: appRoomParams,
      query: playQuery,
      handler: async (ctx): Promise<StreamReply | Problem> => {
        const found = await liveRelay(ctx.params.app, ctx.params.room, ctx.query);
        if (isProblem(found)) return found;
        const { app, room, relay } = found;
        const max = d.apps.config(app).ws_ingest.max_viewers;
        if (room.viewerCount >= max) {
          return problem("service_unavailable", `room ${relay.room} has its maximum of ${max} viewers; retry later`, { headers: { "retry-after": "10" } });
        }
        const headers = { ...LIVE_HEADERS, "content-type": STREAM_CONTENT_TYPE };
        return { kind: "stream", headers, start: (res, onGone, sent) => d.hub.watch(relay, res, sent, onGone) };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/frame.jpg",
      auth: "public",
      params: appRoomParams,
      query: playQuery,
      handler: async (ctx): Promise<Reply | Problem> => {
        const found = await liveRelay(ctx.params.app, ctx.params.room, ctx.query);
        if (isProblem(found)) return found;
        // Not held: the reply is rendered and handed to uWS within this macrotask (see `Part`).
        const { part } = found;
        // `no-cache` plus a validator: pollers revalidate every time and get 304 until a new frame.
        const etag = `"${ctx.query.variant === undefined ? "" : `${ctx.query.variant}-`}${part.at.toString(36)}-${part.seq}"`;
        const headers = { ...LIVE_HEADERS, "cache-control": "no-cache, max-age=0", etag, "last-modified": new Date(part.at).toUTCString() };
        if (ctx.headers["if-none-match"] === etag) return { kind: "reply", status: 304, headers };
        return { kind: "reply", status: 200, body: part.jpeg, contentType: "image/jpeg", headers };
      },
    }),
  ];
}
