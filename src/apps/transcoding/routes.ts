import { appOf } from "../../auth/caller.ts";
import { ok, okOr } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import type { AppConfigService } from "../config/service.ts";
import { appParams } from "../schemas.ts";
import { transcodingBody, TranscodingSettings } from "./settings.ts";
import { layersResponse, transcodingResponse } from "./schemas.ts";

/** SPEC 4.15: the adaptive/transcoding slice of the config. */
export function transcodingRoutes(configs: AppConfigService): Route[] {
  const params = appParams;
  const settings = new TranscodingSettings(configs);
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/config",
      auth: "any",
      app: true,
      permission: "config:read",
      params,
      response: transcodingResponse,
      handler: async (ctx) => ok(settings.view(appOf(ctx).name)),
    }),
    defineRoute({
      method: "PATCH",
      path: "/api/v1/apps/{app}/config",
      auth: "any",
      app: true,
      permission: "config:write",
      params,
      body: transcodingBody,
      response: transcodingResponse,
      errors: ["bad_request"],
      handler: async (ctx) => okOr(await settings.update(appOf(ctx).name, ctx.body)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/transcoding/layers",
      auth: "any",
      app: true,
      permission: "config:read",
      params,
      response: layersResponse,
      handler: async (ctx) => ok(settings.layers(appOf(ctx).name)),
    }),
  ];
}
