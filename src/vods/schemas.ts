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
