import { z } from "zod";

// What the media routes answer (`data` of the envelope).
/** An app's own LiveKit block, the secret never shown, and which server is in use. */
export const mediaServerResponse = z.strictObject({
  url: z.string(),
  wsUrl: z.string(),
  apiKey: z.string(),
  apiSecretSet: z.boolean(),
  source: z.enum(["app", "global", "none"]),
  effective: z.strictObject({ url: z.string(), wsUrl: z.string(), apiKey: z.string() }).nullable(),
});
/** A signed webhook is acknowledged; `duplicate` when LiveKit sent the same event before. */
export const webhookReceivedResponse = z.strictObject({ received: z.literal(true), duplicate: z.literal(true).optional() });
