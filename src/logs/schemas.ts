import { z } from "zod";
import { LOG_LEVELS } from "../apps/config/schema.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { isoInstant } from "../lib/iso-instant.ts";
import { scope } from "../peers/ask.ts";

/**
 * Where a line stands in the cluster-wide order (newest first: `ts`, then `node`, then `id`,
 * each descending), carried as an opaque `cursor` on every line and taken back as `before`.
 */
export interface LogPosition {
  readonly ts: string;
  readonly node: string;
  readonly id: number;
}

/** A node's id may be its host name and port (SERVICE_NODE_ID's default), hence the room. */
const position = z.tuple([z.string().min(1).max(40), z.string().min(1).max(300), z.number().int().min(0)]);

export function cursorOf(p: LogPosition): string {
  return Buffer.from(JSON.stringify([p.ts, p.node, p.id])).toString("base64url");
}

/** A `before` the service handed out as some line's `cursor`; anything else is a 400. */
const cursor = z
  .string()
  .max(600)
  .transform((text, ctx): LogPosition => {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    } catch {
      decoded = undefined;
    }
    const parsed = position.safeParse(decoded);
    if (parsed.success) return { ts: parsed.data[0], node: parsed.data[1], id: parsed.data[2] };
    ctx.addIssue({ code: "custom", message: "not a line's cursor (pass the `cursor` of the last line of the page before)" });
    return z.NEVER;
  });

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
    /** Only lines after this one in the order (a line's `cursor`): the next page, however many lines came since. */
    before: cursor.optional(),
    limit: clampedLimit(100),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    scope,
  })
  .refine((q) => q.since === undefined || q.until === undefined || Date.parse(q.since) <= Date.parse(q.until), {
    path: ["until"],
    message: "until is before since",
  });

export type LogsQuery = z.output<typeof logsQuery>;

/** One stored line as the routes answer it. */
export const logLine = z.strictObject({
  id: z.number().int(),
  /** The node whose store holds the line, the one that logged it. */
  node: z.string(),
  ts: z.string(),
  level: z.string(),
  app: z.string().nullable(),
  source: z.string(),
  message: z.string(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  /** Pass as `before` to list the lines after this one. */
  cursor: z.string(),
});

export type LogLine = z.output<typeof logLine>;

/** What the log routes answer: a page of `LogLine`. */
export const logLinesResponse = z.array(logLine);
