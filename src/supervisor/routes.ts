import { z } from "zod";
import { problem } from "../http/problem.ts";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { Supervisor } from "./supervisor.ts";

export function supervisorRoutes(deps: { supervisor: Supervisor; enabled: boolean }): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/debug/actors",
      auth: "global",
      query: z.object({ prefix: z.string().max(200).optional() }),
      handler: async ({ query }) => {
        if (!deps.enabled) {
          return problem("not_found", "debug endpoints are off; set SERVICE_DEBUG_ENDPOINTS=on to enable them");
        }
        return ok(deps.supervisor.list(query.prefix));
      },
    }),
  ];
}
