import { z } from "zod";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { SettingsBlock } from "../apps/settings-block.ts";
import type { MediaServers } from "./servers.ts";

/** PUT /apps/{app}/media-server: every field optional; an empty string clears it. */
export const mediaServerBody = z.strictObject({
  url: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL" }).max(255)]).optional(),
  wsUrl: z.union([z.literal(""), z.url({ protocol: /^wss?$/, message: "a ws(s) URL" }).max(255)]).optional(),
  apiKey: z.string().max(255).optional(),
  apiSecret: z.string().max(512).optional(),
});

/**
 * An app's own LiveKit (the per-app override of SERVICE_LIVEKIT_*); the secret is never
 * shown. The media module forgets the app's server on every config or secret change, so a write
 * needs no reset here.
 */
export function mediaServerSettings(configs: AppConfigService, secrets: AppSecrets, servers: MediaServers) {
  return new SettingsBlock({
    configs,
    secrets,
    ssrf: servers.ssrf,
    spec: {
      view: (app: string) => {
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
      },
      endpoints: (b: z.infer<typeof mediaServerBody>) => [
        ["body.url", b.url],
        ["body.wsUrl", b.wsUrl],
      ],
      edits: (b) => [
        [["media_server", "url"], b.url],
        [["media_server", "ws_url"], b.wsUrl],
        [["media_server", "api_key"], b.apiKey],
      ],
      secrets: (b) => [["media_server.secret", b.apiSecret]],
    },
  });
}
