import { z } from "zod";

/**
 * A `limit` query parameter that is clamped to 1..1000 instead of refused (SPEC 8: 0 lists one,
 * 5000 lists 1000), with the route's own default.
 */
export const clampedLimit = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .default(fallback)
    .transform((n) => Math.min(1000, Math.max(1, n)));
