import { z } from "zod";

/** `?limit=&offset=` of a paged list route; routes extend it with their filters. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
