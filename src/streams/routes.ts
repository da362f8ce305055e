import { z } from "zod";
import { appOf } from "../auth/caller.ts";
import { bare, noContent, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import type { StreamControl } from "./control.ts";
import { activeStreamsResponse, dataBody, dataSentResponse, streamDetailResponse, streamParams } from "./schemas.ts";

/** SPEC 4.13: live streams of an app. `{id}` is the row id or the (URL-encoded) stream id. */
export function streamRoutes(control: StreamControl): Route[] {
  const common = { auth: "any", app: true, params: streamParams } as const;
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/streams",
      auth: "any",
      app: true,
      permission: "stream:read",
      params: appParams,
      response: activeStreamsResponse,
      handler: async (ctx) => bare(await control.active(appOf(ctx))),
    }),
    defineRoute({
      ...common,
      method: "GET",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:read",
      response: streamDetailResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await control.detail(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      ...common,
      method: "DELETE",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:stop",
      response: z.undefined(),
      responseStatus: 204,
      errors: ["not_found"],
      handler: async (ctx) => (await control.stop(appOf(ctx), ctx.params.id)) ?? noContent(),
    }),
    defineRoute({
      ...common,
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/data",
      permission: "stream:write",
      body: dataBody,
      response: dataSentResponse,
      errors: ["not_found", "bad_request", "media_server_unavailable"],
      handler: async (ctx) => okOr(await control.send(appOf(ctx), ctx.params.id, ctx.body)),
    }),
  ];
}
