import { z } from "zod";
import { isProblem, type Problem } from "../lib/problem.ts";
import { relayed, type Reply, type StreamReply } from "../http/reply.ts";
import { relayedStream } from "../http/relay-stream.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appRoomParams } from "../apps/schemas.ts";
import { STREAM_CONTENT_TYPE, type Part } from "./part.ts";
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
export function playbackRoutes(d: PlaybackDeps): Route[] {
  const playback = new MjpegPlayback(d);
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
        const elsewhere = await playback.streamElsewhere(ctx, ctx.params.app, ctx.params.room);
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
        const elsewhere = await relayed(playback.answerElsewhere(ctx, ctx.params.app, ctx.params.room));
        if (elsewhere) return elsewhere;
        // Not held: the reply is rendered and handed to uWS within this macrotask (see `Part`).
        const part = await playback.frame(ctx.params.app, ctx.params.room, ctx.query);
        return isProblem(part) ? part : frameReply(part, ctx.query.variant, ctx.headers["if-none-match"]);
      },
    }),
  ];
}

/** The frame as a JPEG with `no-cache` and a validator: pollers revalidate every time and get 304 until a new frame. */
function frameReply(part: Part, variant: string | undefined, ifNoneMatch: string | undefined): Reply {
  const etag = `"${variant === undefined ? "" : `${variant}-`}${part.at.toString(36)}-${part.seq}"`;
  const headers = { ...LIVE_HEADERS, "cache-control": "no-cache, max-age=0", etag, "last-modified": new Date(part.at).toUTCString() };
  return ifNoneMatch === etag ? { kind: "reply", status: 304, headers } : { kind: "reply", status: 200, body: part.jpeg, contentType: "image/jpeg", headers };
}
