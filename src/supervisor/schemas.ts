import { z } from "zod";
import { scope } from "../peers/ask.ts";

/**
 * One supervised actor as `GET /debug/actors` shows it. `state` is XState's state value (a name,
 * or an object for nested states) and `context` a redacted, bounded summary of any shape, so both
 * are documented as free-form JSON.
 */
const actorInfo = z.strictObject({
  id: z.string(),
  /** The node the actor runs on (SERVICE_NODE_ID). */
  node: z.string(),
  machine: z.string(),
  state: z.unknown(),
  status: z.string(),
  startedAt: z.string(),
  lastEvent: z.strictObject({ type: z.string(), at: z.string() }).nullable(),
  since: z.string(),
  transitions: z.array(z.strictObject({ from: z.unknown(), to: z.unknown(), event: z.string(), at: z.string() })).readonly(),
  context: z.unknown(),
});

export const actorsResponse = z.array(actorInfo);

export const actorsQuery = z.object({
  prefix: z.string().max(200).optional(),
  scope,
});
