import { Registry } from "prom-client";
import { z } from "zod";
import { isProblem } from "../lib/problem.ts";
import { bare, text } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { healthResponse, readyResponse, statsResponse } from "./schemas.ts";
import { ObservabilityService, type ObservabilityDeps } from "./service.ts";

export function observabilityRoutes(deps: ObservabilityDeps): Route[] {
  const service = new ObservabilityService(deps);
  return [
    defineRoute({
      method: "GET",
      path: "/health",
      auth: "public",
      response: healthResponse,
      handler: async () => bare(service.health()),
    }),
    defineRoute({
      method: "GET",
      path: "/ready",
      auth: "public",
      response: readyResponse,
      errors: ["service_unavailable"],
      handler: async () => {
        const ready = await service.ready();
        return isProblem(ready) ? ready : bare(ready);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/metrics",
      // Public unless METRICS_TOKEN is set; the token is checked by the service, not by the session guard.
      auth: "public",
      query: z.object({ token: z.string().optional() }),
      responseType: Registry.PROMETHEUS_CONTENT_TYPE,
      handler: async ({ query, headers }) => {
        const bearer = /^Bearer\s+(.+)$/i.exec(headers["authorization"] ?? "")?.[1];
        const scraped = await service.scrape(bearer ?? query.token);
        return isProblem(scraped) ? scraped : text(scraped.body, scraped.contentType);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/stats",
      auth: "any",
      response: statsResponse,
      handler: async () => bare(await service.stats()),
    }),
  ];
}
