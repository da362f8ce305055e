import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { scope } from "../peers/ask.ts";
import { pluginManifest } from "./manifests.ts";

/** `{id}`: any slug; an id no manifest has is a 404, not a validation error. */
export const pluginParams = appParams.extend({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, "a plugin id such as yolo or deface") });

/**
 * PATCH /plugins/{id}: `config` is checked against the plugin's manifest in the service (its
 * schema depends on `{id}`), so only its shape is fixed here.
 */
export const patchPluginBody = z.strictObject({
  enabled: z.boolean().optional(),
  config: z.record(z.string().max(64), z.unknown()).optional(),
});
export type PatchPluginBody = z.infer<typeof patchPluginBody>;

/** The worker and detections reads answer for every node unless `scope=node`. */
export const pluginScopeQuery = z.object({ scope });

/** SPEC 8: plugin logs `limit` is clamped to 1..1000, default 200 (for the cluster's lines together). */
export const pluginLogsQuery = pluginScopeQuery.extend({ limit: clampedLimit(200) });

/** The node a worker, a log line or a room's detections are on (SERVICE_NODE_ID). */
const node = z.string();

const configValue = z.union([z.string(), z.number(), z.boolean()]);

/** A worker plugin's worker (`GET /plugins/{id}/worker/status`, and what start and stop answer). */
export const workerStatusResponse = z.strictObject({
  plugin: z.string(),
  state: z.enum(["stopped", "starting", "running", "stopping", "crashed", "failed"]),
  pid: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  model: z.string().nullable(),
  crashes: z.number().int(),
  lastExit: z.strictObject({ exitCode: z.number().int().nullable(), signal: z.string().nullable(), error: z.string().nullable() }).nullable(),
  /** Per room, over the worker's last report: frames analysed per second and the time each took. */
  rooms: z.record(z.string(), z.strictObject({ fps: z.number(), latencyMs: z.number(), analysed: z.number().int(), skipped: z.number().int() })),
  rssBytes: z.number().nullable(),
});

/** A plugin as the API shows it: its manifest and its state in the app (secret fields masked). */
/** One node's worker of the plugin. */
const nodeWorkerStatus = workerStatusResponse.extend({ node });

/**
 * `GET /plugins/{id}/worker/status`: the answering node's worker as before (`node` names it), and
 * in `nodes` the worker of every node that answered, this one included, by node id: each works on
 * the camera rooms connected to its node, and one of them on the app's LiveKit rooms.
 */
export const clusterWorkerStatusResponse = nodeWorkerStatus.extend({ nodes: z.array(nodeWorkerStatus) });

export const pluginView = pluginManifest.extend({
  installed: z.boolean(),
  enabled: z.boolean(),
  config: z.record(z.string(), configValue),
  worker: workerStatusResponse.nullable(),
});

export const pluginListResponse = z.array(pluginView);

/** `GET /plugins/{id}`: the plugin, and the rooms its worker works on now. */
export const pluginDetailResponse = pluginView.extend({ rooms: z.array(z.string()) });

/** `GET /plugins/public`: enabled player overlays, with only what a player needs. */
export const publicPluginsResponse = z.array(
  z.strictObject({ id: z.string(), name: z.string(), version: z.string(), overlay: z.strictObject({ topic: z.string() }) }),
);

export const pluginRemovedResponse = z.strictObject({ removed: z.literal(true) });

/** The newest lines of every node's worker together, oldest first; each names its node. */
export const pluginLogsResponse = z.strictObject({
  lines: z.array(z.strictObject({ ts: z.string(), stream: z.enum(["stdout", "stderr"]), line: z.string(), node })),
});

/** A room's newest detections (what yolo publishes on topic `detections`); boxes normalized to 0..1. */
const detections = z.strictObject({
  type: z.literal("detections"),
  room: z.string(),
  /** Capture time of the analysed frame, in ms since the epoch. */
  at: z.number(),
  width: z.number(),
  height: z.number(),
  model: z.string(),
  objects: z.array(
    z.strictObject({
      label: z.string(),
      score: z.number(),
      box: z.strictObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    }),
  ),
});

/** `GET /plugins/{id}/detections`: the newest of each room the plugin works on, on any node (which each names). */
export const pluginDetectionsResponse = z.array(detections.extend({ node }));

/** `/live/{app}/{room}/detections.json`: null while the room has none. */
export const roomDetectionsResponse = detections.nullable();
