import { appOf } from "../auth/caller.ts";
import { okOr, relayed } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { destinationListResponse, destinationParams, destinationResponse, startRestreamBody, streamParams } from "./schemas.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { RestreamService } from "./service.ts";

/** SPEC 4.14: a live stream's restream destinations. `{id}` is the stream's row id or its (URL-encoded) stream id. */
export function restreamRoutes(restream: RestreamService, streams: Pick<StreamsApi, "answeredAtCamera">): Route[] {
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/restream",
      auth: "any",
      app: true,
      permission: "broadcast:start",
      params: streamParams,
      body: startRestreamBody,
      response: destinationResponse,
      responseStatus: 201,
      errors: ["not_found", "conflict", "quota_exceeded", "bad_request", "egress_unavailable", "media_server_unavailable"],
      // A camera's stream is pushed from the node it is connected to.
      handler: async (ctx) => (await relayed(streams.answeredAtCamera(ctx, appOf(ctx), { streamId: ctx.params.id }))) ?? okOr(await restream.start(appOf(ctx), ctx.params.id, ctx.body), 201),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/streams/{id}/restream",
      auth: "any",
      app: true,
      permission: "broadcast:read",
      params: streamParams,
      response: destinationListResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await restream.list(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/streams/{id}/restream/{egressId}",
      auth: "any",
      app: true,
      permission: "broadcast:stop",
      params: destinationParams,
      response: destinationResponse,
      errors: ["not_found"],
      // The stopped record (200), also for one stopped before: stopping is idempotent.
      handler: async (ctx) => okOr(await restream.stop(appOf(ctx), ctx.params.id, ctx.params.egressId)),
    }),
  ];
}
