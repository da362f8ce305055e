import { z } from "zod";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { actorsResponse } from "./schemas.ts";
import type { Supervisor } from "./supervisor.ts";

/** Operators' view of every supervised actor; global credentials only, as it spans all tenants. */
export function supervisorRoutes(supervisor: Supervisor): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/debug/actors",
      auth: "global",
      query: z.object({ prefix: z.string().max(200).optional() }),
      response: actorsResponse,
      handler: async ({ query }) => ok(supervisor.list(query.prefix)),
    }),
  ];
}
