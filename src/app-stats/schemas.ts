import { z } from "zod";

const counts = z.record(z.string(), z.number().int());

/** What `GET /apps/{app}/stats` answers (`data` of the envelope): `AppStatsSnapshot`. */
export const appStatsResponse = z.strictObject({
  app: z.string(),
  generatedAt: z.string(),
  live: z.strictObject({ rooms: z.number().int(), streams: z.number().int(), byType: counts, viewers: z.number().int().nullable() }),
  vods: z.strictObject({ count: z.number().int(), bytes: z.number().int(), byStatus: counts }),
  storage: z.strictObject({ appDbBytes: z.number().int() }),
  timeline: z.strictObject({ segments: z.number().int(), bytes: z.number().int(), oldest: z.string().nullable(), events: z.number().int() }),
  ingresses: z.strictObject({ reachable: z.boolean(), total: z.number().int().nullable(), byState: counts }),
});
