import type { AppConfigService } from "../apps/config/service.ts";
import { appParams } from "../apps/schemas.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { appOf } from "../auth/caller.ts";
import { ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { MediaServers } from "./servers.ts";
import { mediaServerBody, mediaServerSettings } from "./settings.ts";
import { mediaServerResponse } from "./schemas.ts";

/** An app's own LiveKit (`SettingsBlock`); the secret is never shown. */
export function mediaSettingsRoutes(configs: AppConfigService, secrets: AppSecrets, servers: MediaServers): Route[] {
  const block = mediaServerSettings(configs, secrets, servers);
  const common = { path: "/api/v1/apps/{app}/media-server", auth: "any", app: true, params: appParams } as const;
  return [
    defineRoute({ ...common, method: "GET", permission: "config:read", response: mediaServerResponse, handler: async (ctx) => ok(block.view(appOf(ctx).name)) }),
    defineRoute({ ...common, method: "PUT", permission: "config:write", body: mediaServerBody, response: mediaServerResponse, errors: ["bad_request"], handler: async (ctx) => okOr(await block.update(appOf(ctx).name, ctx.body)) }),
  ];
}
