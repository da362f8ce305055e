import type { Dispatcher } from "undici";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { guardedDispatcher } from "../lib/outbound.ts";
import type { SsrfAllowlist } from "../lib/ssrf.ts";
import { MediaServer } from "./server.ts";

export interface MediaServersOptions {
  /** SERVICE_LIVEKIT_*, when all four are set. */
  readonly global: MediaServer | undefined;
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  /** SERVICE_SSRF_ALLOWLIST: an app's own server is a tenant's target, so the outbound policy applies. */
  readonly ssrf: SsrfAllowlist;
}

/**
 * Which LiveKit an app uses: its own `media_server` block (with the API secret in its secrets
 * store) when complete, the SERVICE_LIVEKIT_* one otherwise. The answer is kept per app until the
 * block or the secret changes or the app is deleted (the media module calls `forget`), so a
 * lookup (every join token, every probe) reads and decrypts nothing.
 */
export class MediaServers {
  readonly global: MediaServer | undefined;
  /** Per app: its own server, or undefined when its block is incomplete (the global one applies). */
  private readonly perApp = new Map<string, MediaServer | undefined>();
  private readonly configs: AppConfigService;
  private readonly secrets: AppSecrets;
  readonly ssrf: SsrfAllowlist;
  /** One pool of checked connections for every app's own server. */
  private readonly guarded: Dispatcher;

  constructor(options: MediaServersOptions) {
    this.global = options.global;
    this.configs = options.configs;
    this.secrets = options.secrets;
    this.ssrf = options.ssrf;
    this.guarded = guardedDispatcher(options.ssrf);
  }

  /** The app's own settings when all four are set, else undefined. */
  override(app: string): MediaServer | undefined {
    if (this.perApp.has(app)) return this.perApp.get(app);
    const block = this.configs.get(app).media_server;
    const secret = this.secrets.get(app, "media_server.secret");
    const server =
      block.url && block.ws_url && block.api_key && secret
        ? new MediaServer({ url: block.url, wsUrl: block.ws_url, apiKey: block.api_key, apiSecret: secret }, this.guarded)
        : undefined;
    this.perApp.set(app, server);
    return server;
  }

  /** The app's settings changed or it is being deleted: the next lookup reads them again. */
  forget(app: string): void {
    this.perApp.delete(app);
  }

  forApp(app: string): MediaServer | undefined {
    return this.override(app) ?? this.global;
  }
}
