import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import type { AppStore } from "../apps/store.ts";
import { MediaServer } from "./server.ts";

/**
 * Which LiveKit an app uses: its own `media_server` block (with the API secret in its secrets
 * store) when complete, the SERVICE_LIVEKIT_* one otherwise. Per-app clients are rebuilt after any
 * change to the block or the secret.
 */
export class MediaServers {
  private readonly perApp = new Map<string, { signature: string; server: MediaServer }>();

  constructor(
    readonly global: MediaServer | undefined,
    private readonly configs: AppConfigService,
    private readonly secrets: AppSecrets,
    private readonly apps: AppStore,
  ) {
    configs.onChange((app) => this.perApp.delete(app));
  }

  /** The app's own settings when all four are set, else undefined. */
  override(app: string): MediaServer | undefined {
    const block = this.configs.get(app).media_server;
    const secret = this.secrets.get(app, "media_server.secret");
    if (!block.url || !block.ws_url || !block.api_key || !secret) {
      this.perApp.delete(app);
      return undefined;
    }
    const signature = `${block.url}|${block.ws_url}|${block.api_key}|${secret}`;
    const cached = this.perApp.get(app);
    if (cached?.signature === signature) return cached.server;
    const server = new MediaServer({ url: block.url, wsUrl: block.ws_url, apiKey: block.api_key, apiSecret: secret });
    this.perApp.set(app, { signature, server });
    return server;
  }

  forApp(app: string): MediaServer | undefined {
    return this.override(app) ?? this.global;
  }

  /** The server whose API key signed a webhook (its JWT's issuer): the global one or an app's own. */
  forApiKey(apiKey: string): MediaServer | undefined {
    if (this.global?.settings.apiKey === apiKey) return this.global;
    for (const app of this.apps.list({ all: true })) {
      if (this.configs.get(app.name).media_server.api_key === apiKey) {
        const server = this.override(app.name);
        if (server) return server;
      }
    }
    return undefined;
  }
}
