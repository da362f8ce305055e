import { z } from "zod";
import { noContent, ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { isProblem } from "../lib/problem.ts";
import {
  clusterInfoResponse,
  heartbeatBody,
  heartbeatResponse,
  joinBody,
  joinResponse,
  nodeParams,
  nodeResponse,
  nodesResponse,
  patchNodeBody,
} from "./schemas.ts";
import type { ClusterService } from "./service.ts";

/** SPEC 4.6: edge nodes join and heartbeat with the cluster token; operators manage them with a global credential. */
export function clusterRoutes(cluster: ClusterService): Route[] {
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/cluster/join",
      auth: "cluster",
      body: joinBody,
      response: joinResponse,
      handler: async (ctx) => ok(await cluster.join(ctx.body)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/cluster/heartbeat",
      auth: "cluster",
      body: heartbeatBody,
      response: heartbeatResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await cluster.heartbeat(ctx.body)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/cluster/info",
      auth: "global",
      response: clusterInfoResponse,
      handler: async () => ok(await cluster.info()),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/cluster/nodes",
      auth: "global",
      response: nodesResponse,
      handler: async () => ok(await cluster.list()),
    }),
    defineRoute({
      method: "PATCH",
      path: "/api/v1/cluster/nodes/{id}",
      auth: "global",
      params: nodeParams,
      body: patchNodeBody,
      response: nodeResponse,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(await cluster.patch(ctx.params.id, ctx.body)),
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/cluster/nodes/{id}",
      auth: "global",
      params: nodeParams,
      response: z.undefined(),
      responseStatus: 204,
      errors: ["not_found"],
      handler: async (ctx) => {
        const removed = await cluster.remove(ctx.params.id);
        return isProblem(removed) ? removed : noContent();
      },
    }),
  ];
}
