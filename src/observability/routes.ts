import os from "node:os";
import { z } from "zod";
import { problem } from "../lib/problem.ts";
import { bare, text } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { sameSecret } from "../lib/same-secret.ts";
import { VERSION } from "../lib/version.ts";
import type { MediaStats } from "../media/stats.ts";
import type { Metrics } from "./metrics.ts";

export interface ObservabilityDeps {
  readonly metrics: Metrics;
  readonly metricsToken: string | undefined;
  readonly instanceId: string;
  readonly startedAt: number;
  readonly countApps: () => number;
  /** Live streams across every app. */
  readonly countActiveStreams: () => number;
  readonly media: () => Promise<MediaStats>;
}

function uptimeSeconds(startedAt: number): number {
  return Math.floor((Date.now() - startedAt) / 1000);
}

export function observabilityRoutes(deps: ObservabilityDeps): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/health",
      auth: "public",
      handler: async () =>
        bare({ status: "ok", version: VERSION, instanceId: deps.instanceId, uptimeSeconds: uptimeSeconds(deps.startedAt) }),
    }),
    defineRoute({
      method: "GET",
      path: "/metrics",
      // Public unless METRICS_TOKEN is set; the token is checked here, not by the session guard.
      auth: "public",
      query: z.object({ token: z.string().optional() }),
      handler: async ({ query, headers }) => {
        if (deps.metricsToken !== undefined) {
          const bearer = /^Bearer\s+(.+)$/i.exec(headers["authorization"] ?? "")?.[1];
          const given = bearer ?? query.token;
          if (given === undefined || !sameSecret(given, deps.metricsToken)) {
            return problem("unauthorized", "metrics need the METRICS_TOKEN as a Bearer token or ?token=", {
              headers: { "www-authenticate": 'Bearer realm="metrics"' },
            });
          }
        }
        return text(await deps.metrics.registry.metrics(), deps.metrics.registry.contentType);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/stats",
      auth: "any",
      handler: async () => {
        const total = os.totalmem();
        const free = os.freemem();
        const media = await deps.media();
        return bare({
          ts: new Date().toISOString(),
          uptimeSeconds: uptimeSeconds(deps.startedAt),
          version: VERSION,
          cpu: { loadAvg: os.loadavg(), cores: os.availableParallelism() },
          memory: { totalBytes: total, freeBytes: free, usedBytes: total - free },
          mediaServerReachable: media.mediaServerReachable,
          counts: { apps: deps.countApps(), rooms: media.rooms, activeStreams: deps.countActiveStreams() },
          egress: media.egress,
          ingress: media.ingress,
        });
      },
    }),
  ];
}
