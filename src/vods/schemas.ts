import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { isoInstant } from "../lib/iso-instant.ts";

export const VOD_STATUSES = ["recording", "uploading", "ready", "failed"] as const;
export type VodStatus = (typeof VOD_STATUSES)[number];


/** `GET /apps/{app}/vods` (SPEC 4.12); since/until bound started_at, both inclusive. */
export const listVodsQuery = z
  .object({
    room: z.string().min(1).max(200).optional(),
    status: z.enum(VOD_STATUSES).optional(),
    since: isoInstant.optional(),
    until: isoInstant.optional(),
    order: z.enum(["started_at", "size_bytes", "id"]).default("id"),
    dir: z.enum(["asc", "desc"]).default("desc"),
    all: z.literal("1", { message: "all takes the value 1" }).optional(),
    limit: clampedLimit(200),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((q) => q.since === undefined || q.until === undefined || Date.parse(q.since) <= Date.parse(q.until), {
    path: ["until"],
    message: "until is before since",
  });

export const vodParams = appParams.extend({ id: z.coerce.number().int().positive({ message: "a VOD id is a positive integer" }) });

export type ListVodsQuery = z.output<typeof listVodsQuery>;

/** A VOD as the API shows it (SPEC 2.7); the URL fields are null until its file is in S3. */
export const vodResponse = z.strictObject({
  id: z.number().int(),
  room: z.string(),
  streamId: z.string().nullable(),
  status: z.enum(VOD_STATUSES),
  part: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  durationS: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  format: z.string().nullable(),
  codec: z.string().nullable(),
  fileKey: z.string().nullable(),
  s3Url: z.string().nullable(),
  snapshotKey: z.string().nullable(),
  /** `publicUrl` when the app has a public URL, else `presignedUrl`. */
  url: z.string().nullable(),
  /** Only in the detail: a list presigns nothing. */
  presignedUrl: z.string().nullable(),
  publicUrl: z.string().nullable(),
  failure: z.strictObject({ reason: z.string(), detail: z.string().nullable() }).nullable(),
  /** The HLS ladder when one was asked for; `masterUrl` needs the app's public URL. */
  adaptive: z.strictObject({ status: z.enum(["pending", "ready", "failed"]), masterUrl: z.string().nullable() }).nullable(),
  variants: z.array(z.strictObject({ name: z.string(), height: z.number().int(), bitrateKbps: z.number(), url: z.string().nullable() })),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
});

/** A page of VODs: this is its `data`. */
export const vodListResponse = z.array(vodResponse);

/** Where to download a ready VOD from (SPEC 4.12). */
export const vodDownloadResponse = z.strictObject({
  url: z.string(),
  filename: z.string(),
  /** Null for a public or local URL, which does not expire. */
  expiresInSeconds: z.number().int().nullable(),
});

/** A recording's state after a start (`recording`) or a stop or retry (`uploading`): its VOD and recorder. */
export const recordingStateResponse = z.strictObject({
  vodId: z.number().int(),
  egressId: z.string(),
  status: z.enum(["recording", "uploading"]),
});
