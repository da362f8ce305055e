import { z } from "zod";

/** A query or body instant: ISO-8601 with a `Z` or an offset, as list filters take them. */
export const isoInstant = z.iso.datetime({ offset: true, message: "an ISO-8601 date-time such as 2026-01-31T12:00:00Z" });
