import { z } from "zod";
import { roomName } from "../apps/schemas.ts";

const TTL = /^(\d{1,6})(s|m|h|d)$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
/** A join token lives at most a week. */
const MAX_TTL_SECONDS = 7 * 86400;

/** `10m`, `1h`, `30s`, `2d` as seconds. */
export const ttl = z
  .string()
  .regex(TTL, "a duration such as 30s, 10m, 1h or 2d")
  .transform((v) => Number(TTL.exec(v)?.[1]) * UNIT_SECONDS[(TTL.exec(v)?.[2] ?? "s") as keyof typeof UNIT_SECONDS])
  .refine((s) => s >= 1 && s <= MAX_TTL_SECONDS, "between 1 second and 7 days");


/** POST /apps/{app}/tokens (SPEC 4.8). */
export const joinTokenBody = z.strictObject({
  room: roomName.optional(),
  identity: z.string().min(1).max(120).optional(),
  name: z.string().max(120).optional(),
  canPublish: z.boolean().optional(),
  canSubscribe: z.boolean().default(true),
  ttl: ttl.default(6 * 3600),
  metadata: z.string().max(2000).optional(),
  hidden: z.boolean().default(false),
  recorder: z.boolean().default(false),
  audioOnly: z.boolean().default(false),
});

export type JoinTokenBody = z.output<typeof joinTokenBody>;

// What the routes answer (`data` of the envelope).
export const joinTokenResponse = z.strictObject({
  token: z.string(),
  app: z.string(),
  room: z.string(),
  identity: z.string(),
  wsUrl: z.string(),
  playUrl: z.string(),
  embedUrl: z.string(),
  iframe: z.string(),
});
export const viewerTokenResponse = z.strictObject({
  token: z.string(),
  app: z.string(),
  room: z.string(),
  wsUrl: z.string(),
  mode: z.enum(["viewer", "listener"]),
});
