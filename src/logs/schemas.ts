import { z } from "zod";
import { LOG_LEVELS } from "../apps/config/schema.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { isoInstant } from "../lib/iso-instant.ts";

/** `GET /logs` and `GET /apps/{app}/logs` (SPEC 4.7). `limit` is clamped, not refused, as for VODs. */
export const logsQuery = z
  .object({
    app: z.string().min(1).max(64).optional(),
    /** The minimum level: `warn` lists warn, error and fatal. */
    level: z.enum(LOG_LEVELS).optional(),
    source: z.string().min(1).max(100).optional(),
    /** Words to find in the message, all of them (full-text, any order). */
    q: z.string().max(200).optional(),
    since: isoInstant.optional(),
    until: isoInstant.optional(),
    limit: clampedLimit(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .refine((q) => q.since === undefined || q.until === undefined || Date.parse(q.since) <= Date.parse(q.until), {
    path: ["until"],
    message: "until is before since",
  });

export type LogsQuery = z.output<typeof logsQuery>;

/** What the log routes answer: a page of `LogLine`. */
export const logLinesResponse = z.array(
  z.strictObject({
    id: z.number().int(),
    ts: z.string(),
    level: z.string(),
    app: z.string().nullable(),
    source: z.string(),
    message: z.string(),
    meta: z.record(z.string(), z.unknown()).nullable(),
  }),
);
