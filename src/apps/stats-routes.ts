import { appOf } from "../auth/caller.ts";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "./schemas.ts";
import type { AppService } from "./service.ts";

/** SPEC 8: an app's stats snapshot is recomputed at most every 5 seconds. */
export const APP_STATS_TTL_MS = 5_000;

/**
 * `GET /apps/{app}/stats`: what is known of the app now (storage and VOD totals), cached in
 * memory. Live streams and ingress figures join it as those domains land.
 */
export function appStatsRoutes(apps: AppService, now: () => number = Date.now): Route[] {
  const cache = new Map<string, { until: number; body: unknown }>();
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/stats",
      auth: "any",
      app: true,
      permission: "app:read",
      params: appParams,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const hit = cache.get(app.name);
        if (hit && hit.until > now()) return ok(hit.body);
        const sizes = apps.sizes(app);
        const body = {
          app: app.name,
          generatedAt: new Date(now()).toISOString(),
          vods: { count: sizes.vodCount, bytes: sizes.vodBytes },
          storage: { appDbBytes: sizes.appDbBytes },
        };
        cache.set(app.name, { until: now() + APP_STATS_TTL_MS, body });
        return ok(body);
      },
    }),
  ];
}
