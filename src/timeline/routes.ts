import { appOf } from "../auth/caller.ts";
import { fileReply, relayedFileReply } from "../http/file-reply.ts";
import { ok, okOr, pagedOr, relayed } from "../http/reply.ts";
import { isProblem, problem } from "../lib/problem.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { Relays } from "../peers/relay.ts";
import { vodResponse } from "../vods/schemas.ts";
import type { TimelineClips } from "./clips.ts";
import { clipBody, eventParams, eventsQuery, eventsResponse, thumbnailParams, thumbnailsQuery, thumbnailsResponse, timelineParams, timelineQuery, timelineResponse } from "./schemas.ts";
import type { TimelineService } from "./service.ts";
import type { TimelineThumbnails } from "./thumbnails.ts";

/** A picture at one instant of one segment never changes: a browser keeps it (it is the caller's, behind its credential). */
const PICTURE_CACHE = "private, max-age=604800, immutable";

/**
 * The camera timeline's routes (issue 34), under the room. An event's thumbnail is on the disk of
 * the node that saw its event, and a segment not uploaded yet on the disk of the node that wrote
 * it: asked elsewhere, they are answered there.
 */
export function timelineRoutes(timeline: TimelineService, thumbnails: TimelineThumbnails, clips: TimelineClips, relays: Relays): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/cameras/{room}/timeline",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: timelineParams,
      query: timelineQuery,
      response: timelineResponse,
      errors: ["validation_failed", "conflict"],
      handler: async (ctx) => {
        const found = await timeline.timeline(appOf(ctx), ctx.params.room, ctx.query);
        return pagedOr(found, ctx.query);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/cameras/{room}/events",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: timelineParams,
      query: eventsQuery,
      response: eventsResponse,
      errors: ["validation_failed", "conflict"],
      handler: async (ctx) => {
        const found = await timeline.events(appOf(ctx), ctx.params.room, ctx.query);
        return pagedOr(found, ctx.query);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/cameras/{room}/events/{id}/thumbnail",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: eventParams,
      responseType: "image/jpeg",
      errors: ["not_found", "conflict", "service_unavailable"],
      handler: async (ctx) => {
        const there = await relays.streamOn(await timeline.thumbnailNode(appOf(ctx), ctx.params.room, ctx.params.id), ctx);
        if (there) return isProblem(there) ? there : relayedFileReply(there);
        const file = await timeline.thumbnail(appOf(ctx), ctx.params.room, ctx.params.id);
        return isProblem(file) ? file : fileReply({ ...file, contentType: "image/jpeg", filename: `event-${ctx.params.id}.jpg`, range: ctx.headers["range"] });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/cameras/{room}/thumbnails",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: timelineParams,
      query: thumbnailsQuery,
      response: thumbnailsResponse,
      errors: ["validation_failed", "conflict"],
      handler: async (ctx) => okOr(await thumbnails.list(appOf(ctx), ctx.params.room, ctx.query)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/cameras/{room}/thumbnails/{at}",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: thumbnailParams,
      responseType: "image/jpeg",
      responseHeaders: { "x-cache": "hit: read from this node's cache; miss: decoded now" },
      errors: ["not_found", "conflict", "bad_request", "service_unavailable"],
      handler: async (ctx) => {
        const found = await thumbnails.picture(appOf(ctx), ctx.params.room, ctx.params.at);
        if (isProblem(found)) return found;
        if ("node" in found) {
          const there = await relays.streamOn(found.node, ctx);
          if (there) return isProblem(there) ? there : relayedFileReply(there);
          return problem("service_unavailable", `the segment at ${ctx.params.at} is on node ${found.node}'s disk, and that node is not live; retry once it is, or once the segment is uploaded`, { headers: { "retry-after": "5" } });
        }
        return { kind: "reply", status: 200, body: found.body, contentType: "image/jpeg", headers: { "cache-control": PICTURE_CACHE, "x-cache": found.cached ? "hit" : "miss" } };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/cameras/{room}/clips",
      auth: "any",
      app: true,
      permission: "recording:start",
      params: timelineParams,
      body: clipBody,
      response: vodResponse,
      responseStatus: 202,
      errors: ["not_found", "conflict", "bad_request", "service_unavailable"],
      handler: async (ctx) => {
        const made = await clips.make(appOf(ctx), ctx.params.room, ctx.body);
        if (isProblem(made)) return made;
        if (!("node" in made)) return ok(made, 202);
        const there = await relayed(relays.answerOn(made.node, ctx));
        return there ?? problem("service_unavailable", `the range's segments are on node ${made.node}'s disk, and that node is not live; retry once it is, or once they are uploaded`, { headers: { "retry-after": "5" } });
      },
    }),
  ];
}
