import { z } from "zod";

export const assetParams = z.object({ file: z.string().max(100) });

/** `?v=`: the content version the shell puts in its URLs; a matching one may be cached for a year. */
export const assetQuery = z.object({ v: z.string().max(64).optional() });
