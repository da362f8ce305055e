import { z } from "zod";
import { isProblem, type Problem } from "../lib/problem.ts";
import { relayed, type Reply, type StreamReply } from "../http/reply.ts";
import { relayedStream } from "../http/relay-stream.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appRoomParams } from "../apps/schemas.ts";
import type { StreamsApi } from "../streams/module.ts";
import { STREAM_CONTENT_TYPE } from "./part.ts";
import { MjpegPlayback, type PlaybackDeps } from "./playback.ts";

const playQuery = z.object({
  token: z.string().max(8192).optional(),
  /** A processed version of the room's frames, made by a plugin (`deface`); absent for the original. */
  variant: z.string().regex(/^[a-z0-9-]{1,32}$/, "a variant name such as deface").optional(),
  /** The key that opens a room's original frames while a plugin hides them from the public. */
  key: z.string().max(2000).optional(),
});

/** A live image must never be served from a cache without asking. */
const LIVE_HEADERS = {
  "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
  pragma: "no-cache",
  "access-control-allow-origin": "*",
  "x-content-type-options": "nosniff",
};

/**
 * SPEC 4.10's playback, outside /api/v1: the multipart MJPEG stream and the last frame as a JPEG
 * (the player pages that show them are in src/player/).
 */
export function playbackRoutes(d: PlaybackDeps, streams: Pick<StreamsApi, "answeredAtCamera" | "streamedAtCamera">): Route[] {
  const playback = new MjpegPlayback(d);
  /** The app, when the room's camera is not connected here (another node may serve it). */
  const notHere = (app: string, room: string) => (d.hub.relay(app, room)?.camera ? undefined : d.apps.findByName(app));
  return [
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/mjpeg",
      auth: "public",
      params: appRoomParams,
      query: playQuery,
      responseType: STREAM_CONTENT_TYPE,
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx): Promise<StreamReply | Problem> => {
        const app = notHere(ctx.params.app, ctx.params.room);
        const elsewhere = app && (await streams.streamedAtCamera(ctx, app, { name: ctx.params.room }));
        if (elsewhere) return isProblem(elsewhere) ? elsewhere : relayedStream(elsewhere);
        const relay = await playback.watch(ctx.params.app, ctx.params.room, ctx.query);
        if (isProblem(relay)) return relay;
        return { kind: "stream", headers: { ...LIVE_HEADERS, "content-type": STREAM_CONTENT_TYPE }, start: (res, onGone, sent) => d.hub.watch(relay, res, sent, onGone) };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/frame.jpg",
      auth: "public",
      params: appRoomParams,
      query: playQuery,
      responseType: "image/jpeg",
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx): Promise<Reply | Problem> => {
        const app = notHere(ctx.params.app, ctx.params.room);
        const elsewhere = app && (await relayed(streams.answeredAtCamera(ctx, app, { name: ctx.params.room })));
        if (elsewhere) return elsewhere;
        // Not held: the reply is rendered and handed to uWS within this macrotask (see `Part`).
        const part = await playback.frame(ctx.params.app, ctx.params.room, ctx.query);
        if (isProblem(part)) return part;
        // `no-cache` plus a validator: pollers revalidate every time and get 304 until a new frame.
        const etag = `"${ctx.query.variant === undefined ? "" : `${ctx.query.variant}-`}${part.at.toString(36)}-${part.seq}"`;
        const headers = { ...LIVE_HEADERS, "cache-control": "no-cache, max-age=0", etag, "last-modified": new Date(part.at).toUTCString() };
        return ctx.headers["if-none-match"] === etag ? { kind: "reply", status: 304, headers } : { kind: "reply", status: 200, body: part.jpeg, contentType: "image/jpeg", headers };
      },
    }),
  ];
}
