import { z } from "zod";
import { appOf } from "../auth/caller.ts";
import { bare, noContent, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import type { StreamControl } from "./control.ts";

const streamParams = appParams.extend({ id: z.string().min(1).max(300) });

/** POST /streams/{id}/data: a chat line or a reaction, sent into the room as the server. */
const dataBody = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("chat"), message: z.string().min(1).max(2000), from: z.string().min(1).max(120).default("server") }),
  z.strictObject({ type: z.literal("reaction"), reaction: z.string().min(1).max(32), from: z.string().min(1).max(120).default("server") }),
]);

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
      handler: async (ctx) => bare(control.active(appOf(ctx))),
    }),
    defineRoute({
      ...common,
      method: "GET",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:read",
      handler: async (ctx) => okOr(await control.detail(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      ...common,
      method: "DELETE",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:stop",
      handler: async (ctx) => (await control.stop(appOf(ctx), ctx.params.id)) ?? noContent(),
    }),
    defineRoute({
      ...common,
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/data",
      permission: "stream:write",
      body: dataBody,
      handler: async (ctx) => okOr(await control.send(appOf(ctx), ctx.params.id, ctx.body)),
    }),
  ];
}
