import { z } from "zod";
import { appOf } from "../../auth/caller.ts";
import { ok, okOr } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import type { AppConfigService } from "../config/service.ts";
import { appParams } from "../schemas.ts";
import { PresetService } from "./service.ts";
import { presetAppliedResponse, presetsResponse } from "./schemas.ts";

/** SPEC 4.3: list the built-in presets; apply one over the current config. */
export function presetRoutes(configs: AppConfigService): Route[] {
  const presets = new PresetService(configs);
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/presets",
      auth: "any",
      app: true,
      permission: "config:read",
      params: appParams,
      response: presetsResponse,
      handler: async () => ok(presets.list()),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/presets/{preset}/apply",
      auth: "any",
      app: true,
      permission: "config:write",
      params: appParams.extend({ preset: z.string().max(64) }),
      response: presetAppliedResponse,
      errors: ["not_found", "bad_request"],
      handler: async (ctx) => okOr(await presets.apply(appOf(ctx).name, ctx.params.preset)),
    }),
  ];
}
