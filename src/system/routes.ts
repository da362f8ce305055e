import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { SystemService } from "./service.ts";

/** `?refresh`, `?refresh=true` or `?refresh=1` ask for a new probe; `?refresh=false` does not. */
const gpuQuery = z.object({ refresh: z.string().max(10).optional() });

/** SPEC 4.7's system routes: settings, hardware acceleration and database health. */
export function systemRoutes(system: SystemService): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/system/settings",
      auth: "global",
      handler: async () => ok(system.settings()),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/system/gpu",
      auth: "any",
      query: gpuQuery,
      handler: async (ctx) => ok(await system.gpu(ctx.query.refresh !== undefined && !["false", "0", "no"].includes(ctx.query.refresh))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/system/gpu/refresh",
      auth: "any",
      handler: async () => ok(await system.gpu(true)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/system/db/health",
      auth: "global",
      handler: async () => ok(await system.globalDbHealth()),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/db/health",
      auth: "any",
      app: true,
      permission: "usage:read",
      params: appParams,
      handler: async (ctx) => ok(await system.appDbHealth(appOf(ctx).name)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/db/optimize",
      auth: "any",
      app: true,
      // Reaches its handler during an optimize, so a second one is told 409, not the app's 503.
      maintenance: true,
      permission: "config:write",
      params: appParams,
      handler: async (ctx) => okOr(await system.optimizeAppDb(appOf(ctx).name)),
    }),
  ];
}
