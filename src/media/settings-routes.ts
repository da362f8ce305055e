import { z } from "zod";
import { appOf } from "../auth/caller.ts";
import { editsFrom, type AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { internalTarget } from "../lib/outbound.ts";
import { isProblem } from "../lib/problem.ts";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import type { MediaServers } from "./servers.ts";

/** PUT /apps/{app}/media-server: every field optional; an empty string clears it. */
const body = z.strictObject({
  url: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL" }).max(255)]).optional(),
  wsUrl: z.union([z.literal(""), z.url({ protocol: /^wss?$/, message: "a ws(s) URL" }).max(255)]).optional(),
  apiKey: z.string().max(255).optional(),
  apiSecret: z.string().max(512).optional(),
});

/** An app's own LiveKit (the per-app override of SERVICE_LIVEKIT_*); the secret is never shown. */
export function mediaSettingsRoutes(configs: AppConfigService, secrets: AppSecrets, servers: MediaServers): Route[] {
  const view = (app: string) => {
    const block = configs.get(app).media_server;
    const own = servers.override(app);
    const used = own ?? servers.global;
    return {
      url: block.url,
      wsUrl: block.ws_url,
      apiKey: block.api_key,
      apiSecretSet: secrets.has(app, "media_server.secret"),
      /** `app`: this block is complete and in use; `global`: SERVICE_LIVEKIT_*; `none`: neither. */
      source: own ? "app" : servers.global ? "global" : "none",
      effective: used ? { url: used.settings.url, wsUrl: used.settings.wsUrl, apiKey: used.settings.apiKey } : null,
    };
  };
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/media-server",
      auth: "any",
      app: true,
      permission: "config:read",
      params: appParams,
      handler: async (ctx) => ok(view(appOf(ctx).name)),
    }),
    defineRoute({
      method: "PUT",
      path: "/api/v1/apps/{app}/media-server",
      auth: "any",
      app: true,
      permission: "config:write",
      params: appParams,
      body,
      handler: async (ctx) => {
        const app = appOf(ctx).name;
        const b = ctx.body;
        for (const [field, url] of [["body.url", b.url], ["body.wsUrl", b.wsUrl]] as const) {
          const internal = url ? await internalTarget(field, url, servers.ssrf) : undefined;
          if (internal) return internal;
        }
        const edits = editsFrom([
          [["media_server", "url"], b.url],
          [["media_server", "ws_url"], b.wsUrl],
          [["media_server", "api_key"], b.apiKey],
        ]);
        if (edits.length > 0) {
          const updated = await configs.update(app, edits);
          if (isProblem(updated)) return updated;
        }
        if (b.apiSecret !== undefined) secrets.set(app, "media_server.secret", b.apiSecret === "" ? undefined : b.apiSecret);
        return ok(view(app));
      },
    }),
  ];
}
