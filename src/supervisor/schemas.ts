import { z } from "zod";

/**
 * One supervised actor as `GET /debug/actors` shows it. `state` is XState's state value (a name,
 * or an object for nested states) and `context` a redacted, bounded summary of any shape, so both
 * are documented as free-form JSON.
 */
const actorInfo = z.strictObject({
  id: z.string(),
  machine: z.string(),
  state: z.unknown(),
  status: z.string(),
  startedAt: z.string(),
  lastEvent: z.strictObject({ type: z.string(), at: z.string() }).nullable(),
  since: z.string(),
  transitions: z.array(z.strictObject({ from: z.unknown(), to: z.unknown(), event: z.string(), at: z.string() })),
  context: z.unknown(),
});

export const actorsResponse = z.array(actorInfo);
