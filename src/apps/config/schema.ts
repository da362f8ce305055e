import { z } from "zod";
import { configPatchSchema, manifests } from "../../plugins/manifests.ts";

/** SPEC 2.1: an app name is a slug of 3 to 32 characters. */
export const APP_NAME = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
/** SPEC 4.1: a room prefix (PATCH rule; create allows up to 40 as well). */
export const ROOM_PREFIX = /^[a-z0-9][a-z0-9-]{0,39}$/;

const rendition = z.strictObject({
  height: z.number().int().min(144).max(4320),
  bitrate_kbps: z.number().int().min(64).max(100_000),
});

/** The largest camera frame any app may allow; the WebSocket refuses bigger messages outright. */
export const MAX_CAMERA_FRAME_BYTES = 16 * 1024 * 1024;
export const MQTT_EVENTS_ALL = "all";
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;

/** The default WebRTC simulcast ladder (SPEC 4.15). */
export const DEFAULT_LAYERS = [
  { height: 720, bitrate_kbps: 2500 },
  { height: 480, bitrate_kbps: 1000 },
  { height: 240, bitrate_kbps: 300 },
] as const;

/** A rectangle of the picture, as fractions of its width and height: [x, y, width, height]. */
const region = z
  .tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)])
  .refine(([x, y, w, h]) => w > 0 && h > 0 && x + w <= 1.000001 && y + h <= 1.000001, "[x, y, width, height] as fractions of the picture, inside it");

/** Which detections become timeline events, and how often one is announced (issue 34). */
const timelineEvents = z.strictObject({
  /** Detector labels that make events (yolo's COCO names, or a custom model's). */
  labels: z.array(z.string().min(1).max(64)).max(100).default(["person"]),
  /** Detections scoring less are not events. */
  min_score: z.number().min(0).max(1).default(0.5),
  /** Detections of a label this many seconds apart or less are one event. */
  merge_seconds: z.number().min(0).max(600).default(5),
  /** After a room's `camera_event` of a label, another of it is announced only this long after (the event is still recorded). */
  cooldown_seconds: z.number().int().min(0).max(86_400).default(60),
});

/** The frame-difference motion detector on a camera's low-rate feed (issue 34). */
const timelineMotion = z.strictObject({
  enabled: z.boolean().default(false),
  /** Frames a second it compares. */
  fps: z.number().min(0.2).max(10).default(2),
  /** How much a pixel's brightness must change (of 255) to count as moved: lower is more sensitive. */
  threshold: z.number().int().min(1).max(255).default(25),
  /** The share of the picture that must move for motion: lower is more sensitive. */
  min_area: z.number().min(0.0001).max(1).default(0.01),
  /** Regions never looked at (a tree, a clock, a road). */
  masks: z.array(region).max(32).default([]),
});

/**
 * The whole per-app `config.yaml`, snake_case as written by people. Every key has a default, so
 * an empty file is a valid config. Unknown keys are refused: a typo must not silently do nothing.
 * Secrets are never here: S3 keys, the callback secret and the MQTT password live in the secrets
 * store; `mqtt.password_env` only names where the password comes from.
 */
export const appConfigSchema = z.strictObject({
  display_name: z.string().max(100).default(""),
  room_prefix: z.string().regex(ROOM_PREFIX, "lowercase letters, digits and dashes, starting with a letter or digit, at most 40").optional(),
  recording: z
    .strictObject({
      enabled: z.boolean().default(false),
      mode: z.enum(["room-composite", "participant"]).default("room-composite"),
      layout: z.string().max(100).default("grid"),
      split_minutes: z.number().int().min(0).max(24 * 60).default(0),
      snapshot_seconds: z.number().int().min(0).max(3600).default(0),
      delete_local_after_upload: z.boolean().default(false),
    })
    .prefault({}),
  features: z
    .strictObject({
      publicPlayback: z.boolean().default(false),
      hiddenQc: z.boolean().default(false),
      rtmpPassword: z.boolean().default(false),
      chat: z.boolean().default(false),
      reactions: z.boolean().default(false),
    })
    .prefault({}),
  callbacks: z
    .strictObject({
      url: z.union([z.literal(""), z.url({ protocol: /^https?$/ }).max(2048)]).default(""),
      /** Opt-in: keep retrying failed deliveries for hours, beyond the spec's three attempts. */
      extended_retries: z.boolean().default(false),
    })
    .prefault({}),
  s3: z
    .strictObject({
      provider: z.enum(["aws", "s3-compatible"]).default("aws"),
      bucket: z.string().max(255).default(""),
      region: z.string().max(64).default("us-east-1"),
      endpoint: z.string().max(255).default(""),
      force_path_style: z.boolean().default(false),
      prefix: z.string().max(255).default(""),
      public_url: z.string().max(255).default(""),
    })
    .prefault({}),
  mqtt: z
    .strictObject({
      enabled: z.boolean().default(false),
      url: z
        .string()
        .max(2048)
        .refine((v) => v === "" || /^(mqtts?|wss?):\/\/[^\s]+$/.test(v), "expected an mqtt://, mqtts://, ws:// or wss:// URL, or empty")
        .default(""),
      username: z.string().max(255).default(""),
      password_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "an environment variable name").max(128).optional(),
      topic_prefix: z.string().max(255).optional(),
      qos: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
      tls: z.boolean().default(false),
      events: z.array(z.string().min(1).max(64)).max(100).default([MQTT_EVENTS_ALL]),
      logs: z
        .strictObject({ enabled: z.boolean().default(false), level: z.enum(LOG_LEVELS).default("info") })
        .prefault({}),
    })
    .prefault({}),
  latency_alert: z
    .strictObject({
      enabled: z.boolean().default(false),
      threshold_ms: z.number().int().min(1).max(60_000).default(1000),
      cooldown_seconds: z.number().int().min(0).max(86_400).default(60),
      interval_seconds: z.number().int().min(2).max(3600).default(10),
    })
    .prefault({}),
  transcoding: z
    .strictObject({
      enabled: z.boolean().default(false),
      encoding: z.string().regex(/^[a-z0-9]+(\+[a-z0-9]+)*$/, "codecs joined by +, e.g. h264+vp8").max(64).default("h264"),
      layers: z.array(rendition).min(1).max(8).optional(),
      vod_adaptive: z.boolean().default(false),
      vod_renditions: z.array(rendition).max(8).default([]),
      distribution: z.enum(["edge", "cdn", "sfu"]).default("sfu"),
      hls_segment_seconds: z.number().int().min(1).max(30).default(4),
      hls_window_segments: z.number().int().min(3).max(1000).default(6),
    })
    .prefault({}),
  rtmp: z.strictObject({ transcode: z.boolean().default(false) }).prefault({}),
  /** WebSocket MJPEG cameras (SPEC 4.10): limits that protect the relay and the other viewers. */
  ws_ingest: z
    .strictObject({
      /** Larger frames are dropped and counted. */
      max_frame_bytes: z.number().int().min(1024).max(MAX_CAMERA_FRAME_BYTES).default(2 * 1024 * 1024),
      /** Frames above this rate are dropped; a camera sending at twice the rate is disconnected. */
      max_fps: z.number().int().min(1).max(240).default(60),
      /** Viewers per room; one more is answered 503 with Retry-After. */
      max_viewers: z.number().int().min(1).max(100_000).default(5000),
      /**
       * Browsers paint a multipart frame only once the next part begins, so a frame not followed
       * by another within this many ms is sent again; 0 turns it off (see docs/cameras.md).
       */
      repaint_ms: z.number().int().min(0).max(1000).default(150),
    })
    .prefault({}),
  /**
   * The camera timeline (issue 34; docs/timeline.md): camera rooms recorded continuously, in
   * segments of `segment_seconds` (each ends at the first keyframe at or after it), events from
   * detections, motion and the camera connecting, and how long each is kept. Off unless enabled;
   * `rooms` turns it on or off, or sets the length or the motion detector, for one room.
   */
  timeline: z
    .strictObject({
      enabled: z.boolean().default(false),
      segment_seconds: z.number().int().min(2).max(600).default(60),
      /** Segments go to the app's S3 when it has one; false keeps them on the node that wrote them. */
      upload: z.boolean().default(true),
      /** Days a segment no event covers is kept; fractions are allowed (a test's compressed day). */
      continuous_days: z.number().positive().max(3650).default(7),
      /** Days a segment under an event (with its padding) is kept, when longer than continuous_days. */
      events_days: z.number().positive().max(3650).default(30),
      /** Seconds before and after an event whose segments are kept with it. */
      event_padding_seconds: z.number().int().min(0).max(600).default(10),
      /** The most bytes of segments the app keeps; the oldest go first past it. 0: no cap. */
      max_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
      events: timelineEvents.prefault({}),
      motion: timelineMotion.prefault({}),
      rooms: z
        .record(
          z.string().max(120).regex(/^[A-Za-z0-9._-]+$/, "a room name: letters, digits, dots, dashes and underscores"),
          z.strictObject({
            enabled: z.boolean().optional(),
            segment_seconds: z.number().int().min(2).max(600).optional(),
            /** The room's own motion detector settings, over the app's. */
            motion: timelineMotion.partial().optional(),
          }),
        )
        .refine((rooms) => Object.keys(rooms).length <= 1000, "at most 1000 rooms")
        .default({}),
    })
    .prefault({}),
  /** This app's own LiveKit, instead of the SERVICE_LIVEKIT_* one; the API secret is in the secrets store. */
  media_server: z
    .strictObject({
      url: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL" }).max(255)]).default(""),
      ws_url: z.union([z.literal(""), z.url({ protocol: /^wss?$/, message: "a ws(s) URL" }).max(255)]).default(""),
      api_key: z.string().max(255).default(""),
    })
    .prefault({}),
  /** Per plugin (SPEC 2.10): whether it is installed and enabled, and its config (secrets live in the secrets store). */
  plugins: z
    .strictObject(
      Object.fromEntries(
        manifests.map((m) => [
          m.id,
          z
            .strictObject({
              installed: z.boolean().default(true),
              enabled: z.boolean().default(false),
              config: configPatchSchema(m, { secrets: false }).default({}),
            })
            .optional(),
        ]),
      ),
    )
    .default({}),
});

/** The parsed, defaulted config the service acts on. */
export type AppConfig = z.output<typeof appConfigSchema>;
export type AppConfigInput = z.input<typeof appConfigSchema>;
