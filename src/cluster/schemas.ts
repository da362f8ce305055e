import { isIP } from "node:net";
import { z } from "zod";

/** SPEC 4.6: a node name is its idempotency key. */
export const NODE_NAME = /^[a-zA-Z0-9._-]+$/;

/**
 * Node statuses. PATCH accepts values starting with `active` (SPEC 3.4): `active` takes new rooms,
 * `active-draining` keeps its rooms and takes no new ones, `active-maintenance` is up but being
 * worked on. A join makes a new node `active` and leaves an operator's status on a known one.
 */
export const NODE_STATUSES = ["active", "active-draining", "active-maintenance"] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** Heartbeat stats above this many bytes of JSON are refused with 413 (SPEC 8: about 4 KB). */
export const MAX_STATS_BYTES = 4096;

const name = z.string().min(1).max(64).regex(NODE_NAME, "letters, digits, dots, dashes and underscores");
const region = z.string().max(64);

export const joinBody = z.strictObject({
  name,
  ip: z.string().max(45).refine((v) => isIP(v) !== 0, "a valid IPv4 or IPv6 address"),
  region: region.optional(),
  url: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL" }).max(255)]).optional(),
});
export type JoinBody = z.infer<typeof joinBody>;

export const heartbeatBody = z.strictObject({
  nodeId: z.string().min(1).max(64),
  stats: z.record(z.string(), z.unknown()).optional(),
});
export type HeartbeatBody = z.infer<typeof heartbeatBody>;

export const patchNodeBody = z
  .strictObject({
    name: name.optional(),
    region: region.optional(),
    status: z.enum(NODE_STATUSES, { message: `one of ${NODE_STATUSES.join(", ")}` }).optional(),
  })
  .refine((b) => b.name !== undefined || b.region !== undefined || b.status !== undefined, "give at least one of name, region, status");
export type PatchNodeBody = z.infer<typeof patchNodeBody>;

export const nodeParams = z.object({ id: z.string().min(1).max(64) });

// What the routes answer (`data` of the envelope), as `ClusterService` builds it.
export const joinResponse = z.strictObject({
  nodeId: z.string(),
  name: z.string(),
  redisUrl: z.string().nullable(),
  publicWsUrl: z.string(),
  media_server: z.strictObject({ apiKey: z.string().nullable(), apiSecret: z.string().nullable(), wsUrl: z.string().nullable() }),
});
export const heartbeatResponse = z.strictObject({ nodeId: z.string(), status: z.string(), stale: z.literal(false) });
export const clusterInfoResponse = z.strictObject({
  enabled: z.boolean(),
  nodes: z.number().int(),
  stale: z.number().int(),
  clusterToken: z.string().nullable(),
  join: z.string().nullable(),
});
export const nodeResponse = z.strictObject({
  nodeId: z.string(),
  name: z.string(),
  ip: z.string(),
  region: z.string(),
  url: z.string(),
  status: z.string(),
  stats: z.record(z.string(), z.unknown()).nullable(),
  joinedAt: z.string(),
  lastHeartbeatAt: z.string(),
  stale: z.boolean(),
});
export const nodesResponse = z.array(nodeResponse);
