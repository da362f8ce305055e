import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { CLUSTER_MISSING, missingHeader } from "../peers/ask.ts";
import type { ClusterActors } from "./cluster-actors.ts";
import { actorsQuery, actorsResponse } from "./schemas.ts";

/** Operators' view of every supervised actor; global credentials only, as it spans all tenants. */
export function supervisorRoutes(actors: ClusterActors): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/debug/actors",
      auth: "global",
      query: actorsQuery,
      response: actorsResponse,
      responseHeaders: CLUSTER_MISSING,
      handler: async ({ query, headers }) => {
        const { items, missing } = await actors.list(query.prefix, query.scope, headers["authorization"]);
        return ok(items, 200, missingHeader(missing));
      },
    }),
  ];
}
