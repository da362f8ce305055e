import { z } from "zod";

/** `GET /health` (SPEC 4.1), a bare body. */
export const healthResponse = z.strictObject({
  status: z.literal("ok"),
  version: z.string(),
  instanceId: z.string(),
  uptimeSeconds: z.number().int(),
});

/**
 * `GET /ready`: this node may take traffic (its database, and Redis when configured, answer, and
 * it is not draining). Not ready is a 503 `service_unavailable` naming the failed checks.
 */
export const readyResponse = z.strictObject({
  status: z.literal("ready"),
  node: z.string(),
  checks: z.strictObject({ database: z.literal("ok"), redis: z.enum(["ok", "off"]) }),
});

/** What the media server reports of its egress or ingress workers. */
const mediaWorkers = z.strictObject({ reachable: z.boolean(), active: z.number().int(), total: z.number().int() });

/**
 * `GET /api/v1/stats` (SPEC 4.2), a bare body. `node` is the node that answered: its uptime,
 * version, CPU and memory are that node's; the counts and the media server's figures are the
 * cluster's (the shared database and LiveKit), the same through any node.
 */
export const statsResponse = z.strictObject({
  ts: z.string(),
  node: z.string(),
  uptimeSeconds: z.number().int(),
  version: z.string(),
  cpu: z.strictObject({ loadAvg: z.array(z.number()), cores: z.number().int() }),
  memory: z.strictObject({ totalBytes: z.number(), freeBytes: z.number(), usedBytes: z.number() }),
  mediaServerReachable: z.boolean(),
  counts: z.strictObject({ apps: z.number().int(), rooms: z.number().int(), activeStreams: z.number().int() }),
  egress: mediaWorkers,
  ingress: mediaWorkers,
});
