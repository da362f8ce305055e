import { z } from "zod";
import { STREAM_TYPES } from "../streams/view.ts";
import { EVENT_KINDS } from "../timeline/schemas.ts";

/** The MQTT topic group of each event (SPEC 6.5). */
export type EventCategory = "connection" | "vod" | "plugin" | "interaction" | "alert";

/** A flat data object, for the events whose payload the spec leaves open. */
const flat = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]));


/**
 * Every event of SPEC 6.2 with its category and, where SPEC 6.3 gives one, its data shape. The
 * dispatcher's `emit` is typed from this table, so an emitter cannot send a misspelt event or a
 * payload of the wrong shape; the shapes are also checked at run time, because data can be built
 * from values TypeScript cannot see into.
 */
export const EVENTS = {
  room_started: { category: "connection", data: flat },
  room_finished: { category: "connection", data: flat },
  participant_joined: { category: "connection", data: flat },
  participant_left: { category: "connection", data: flat },
  track_published: { category: "connection", data: flat },
  track_unpublished: { category: "connection", data: flat },
  ingress_started: { category: "connection", data: flat },
  ingress_ended: { category: "connection", data: flat },
  /** Not in SPEC 6.2 (issue 29): an RTMP connection that did not validate its stream password in time was removed. */
  ingress_unauthorized: {
    category: "connection",
    data: z.strictObject({ ingressId: z.string(), room: z.string(), participant: z.string(), windowSeconds: z.number() }),
  },
  egress_started: { category: "vod", data: flat },
  egress_updated: { category: "vod", data: flat },
  egress_ended: { category: "vod", data: flat },
  stream_started: {
    category: "connection",
    data: z.strictObject({ streamId: z.string(), room: z.string(), type: z.enum(STREAM_TYPES), participant: z.string().optional() }),
  },
  stream_ended: {
    category: "connection",
    data: z.strictObject({ streamId: z.string(), room: z.string(), participant: z.string().optional() }),
  },
  recording_started: { category: "vod", data: flat },
  recording_part_ready: { category: "vod", data: flat },
  recording_ready: { category: "vod", data: flat },
  recording_failed: {
    category: "vod",
    data: z.strictObject({ vodId: z.number(), app: z.string(), room: z.string(), streamId: z.string(), reason: z.string(), detail: z.string() }),
  },
  snapshot_taken: { category: "vod", data: flat },
  vod_ready: {
    category: "vod",
    data: z.strictObject({
      vodId: z.number(),
      app: z.string(),
      room: z.string(),
      streamId: z.string(),
      fileKey: z.string(),
      s3Url: z.string(),
      publicUrl: z.string(),
      snapshotKey: z.string().nullable(),
      sizeBytes: z.number(),
      durationS: z.number(),
      width: z.number(),
      height: z.number(),
      format: z.string(),
    }),
  },
  vod_variants_ready: { category: "vod", data: flat },
  hls_started: { category: "connection", data: flat },
  hls_stopped: { category: "connection", data: flat },
  restream_started: { category: "connection", data: flat },
  restream_stopped: { category: "connection", data: flat },
  restream_failed: { category: "connection", data: flat },
  chat_message: {
    category: "interaction",
    data: z.strictObject({ room: z.string(), from: z.string(), message: z.string(), ts: z.string() }),
  },
  reaction: { category: "interaction", data: z.strictObject({ room: z.string(), from: z.string(), reaction: z.string() }) },
  plugin_worker_started: { category: "plugin", data: z.strictObject({ plugin: z.string(), pid: z.number() }) },
  plugin_worker_stopped: { category: "plugin", data: z.looseObject({ plugin: z.string() }) },
  plugin_worker_error: {
    category: "plugin",
    data: z.strictObject({ plugin: z.string(), exitCode: z.number().nullable(), signal: z.string().nullable() }),
  },
  /** Not in SPEC 6.2 (issue 34; docs/timeline.md): a camera room's timeline event began (a label seen, motion, the camera connecting). */
  camera_event: {
    category: "alert",
    data: z.strictObject({
      eventId: z.number(),
      room: z.string(),
      kind: z.enum(EVENT_KINDS),
      label: z.string(),
      score: z.number(),
      box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
      start: z.string(),
      thumbnailUrl: z.string().nullable(),
    }),
  },
  "stream.latency_high": {
    category: "alert",
    data: z.strictObject({
      room: z.string(),
      rttMs: z.number(),
      thresholdMs: z.number(),
      metric: z.literal("livekit_room_probe_rtt_ms"),
      participants: z.number(),
      publishers: z.number(),
    }),
  },
  "stream.latency_recovered": {
    category: "alert",
    data: z.strictObject({ room: z.string(), rttMs: z.number(), thresholdMs: z.number(), metric: z.literal("livekit_room_probe_rtt_ms") }),
  },
} as const satisfies Record<string, { category: EventCategory; data: z.ZodType<Record<string, unknown>> }>;

export type EventName = keyof typeof EVENTS;
export type EventData<E extends EventName> = z.input<(typeof EVENTS)[E]["data"]>;

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

export function categoryOf(event: EventName): EventCategory {
  return EVENTS[event].category;
}
