import { z } from "zod";

/** What the S3 routes answer (`data` of the envelope): the settings, never the credentials. */
export const s3Response = z.strictObject({
  provider: z.enum(["aws", "s3-compatible"]),
  bucket: z.string(),
  region: z.string(),
  endpoint: z.string(),
  forcePathStyle: z.boolean(),
  prefix: z.string(),
  public_url: z.string(),
  keySet: z.boolean(),
  secretSet: z.boolean(),
  configured: z.boolean(),
});
