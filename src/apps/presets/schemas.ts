import { z } from "zod";

// What the preset routes answer (`data` of the envelope).
/** `sets` is the part of the config a preset writes, in config.yaml's own shape. */
export const presetsResponse = z.array(z.strictObject({ id: z.string(), description: z.string(), sets: z.record(z.string(), z.unknown()) }));
export const presetAppliedResponse = z.strictObject({
  preset: z.string(),
  applied: z.literal(true),
  reloaded: z.literal(true),
  changed: z.array(z.string()),
  diff: z.string(),
  warnings: z.array(z.string()),
});
