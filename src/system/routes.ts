import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appDbHealthResponse, globalDbHealthResponse, gpuQuery, gpuResponse, optimizeResponse, settingsResponse } from "./schemas.ts";
import type { SystemService } from "./service.ts";

/** SPEC 4.7's system routes: settings, hardware acceleration and database health. */
export function systemRoutes(system: SystemService): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/system/settings",
      auth: "global",
      response: settingsResponse,
      handler: async () => ok(system.settings()),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/system/gpu",
      auth: "any",
      query: gpuQuery,
      response: gpuResponse,
      handler: async (ctx) => ok(await system.gpu(ctx.query.refresh !== undefined && !["false", "0", "no"].includes(ctx.query.refresh))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/system/gpu/refresh",
      auth: "any",
      response: gpuResponse,
      handler: async () => ok(await system.gpu(true)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/system/db/health",
      auth: "global",
      response: globalDbHealthResponse,
      handler: async () => ok(await system.globalDbHealth()),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/db/health",
      auth: "any",
      app: true,
      permission: "usage:read",
      params: appParams,
      response: appDbHealthResponse,
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
      response: optimizeResponse,
      errors: ["conflict"],
      handler: async (ctx) => okOr(await system.optimizeAppDb(appOf(ctx).name)),
    }),
  ];
}
