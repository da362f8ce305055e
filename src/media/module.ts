import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { mediaServerFrom } from "./server.ts";
import { MediaServers } from "./servers.ts";
import { mediaSettingsRoutes } from "./settings-routes.ts";
import { mediaStats, type MediaStats } from "./stats.ts";
import { WebhookEventStore } from "./store.ts";
import { webhookRoutes } from "./webhook-routes.ts";
import { MediaWebhooks } from "./webhooks.ts";

/** What later modules use of the media server: who serves an app, its verified events, its health. */
export interface MediaApi {
  readonly servers: MediaServers;
  readonly webhooks: MediaWebhooks;
  readonly stats: () => Promise<MediaStats>;
}

/** The LiveKit media plane: the global and per-app servers, and the webhooks they send us. */
export function mediaModule(core: Core, deps: { apps: AppsApi }): Module<{ media: MediaApi }> {
  const { configs, secrets, store } = deps.apps;
  const servers = new MediaServers({ global: mediaServerFrom(core.config.livekit), configs, secrets, ssrf: core.ssrf });
  const webhooks = new MediaWebhooks({ servers, apps: deps.apps.service, registry: store, store: new WebhookEventStore(core.databases.sql), logger: core.logger });
  return {
    name: "media",
    provides: { media: { servers, webhooks, stats: mediaStats(servers.global) } },
    routes: [...webhookRoutes(webhooks), ...mediaSettingsRoutes(configs, secrets, servers)],
    configChanged: ({ app, secret }) => {
      if (secret === undefined || secret === "media_server.secret") servers.forget(app);
    },
    forgetApp: (app) => servers.forget(app),
  };
}
