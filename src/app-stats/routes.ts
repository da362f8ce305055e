import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { AppStats } from "./service.ts";
import { appStatsResponse } from "./schemas.ts";

/** `GET /apps/{app}/stats` (SPEC 4.7): the app's live / VOD / storage / ingress snapshot. */
export function appStatsRoutes(stats: AppStats): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/stats",
      auth: "any",
      app: true,
      permission: "app:read",
      params: appParams,
      response: appStatsResponse,
      handler: async (ctx) => ok(await stats.cached(appOf(ctx))),
    }),
  ];
}
