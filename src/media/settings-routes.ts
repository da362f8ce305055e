import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { settingsBlockRoutes } from "../apps/settings-routes.ts";
import type { Route } from "../http/route.ts";
import type { MediaServers } from "./servers.ts";
import { mediaServerBody, mediaServerSettings } from "./settings.ts";

/** GET and PUT /api/v1/apps/{app}/media-server. */
export function mediaSettingsRoutes(configs: AppConfigService, secrets: AppSecrets, servers: MediaServers): Route[] {
  const block = mediaServerSettings(configs, secrets, servers);
  return settingsBlockRoutes({ path: "/api/v1/apps/{app}/media-server", read: "config:read", write: "config:write", body: mediaServerBody, block });
}
