import { z } from "zod";

// What the config routes answer (`data` of the envelope), as `AppConfigService` builds it.
const warnings = z.array(z.string());
export const reloadedResponse = z.strictObject({ reloaded: z.literal(true), warnings });
export const validatedResponse = z.strictObject({ valid: z.literal(true), warnings, diff: z.string() });
export const backupsResponse = z.array(z.strictObject({ ts: z.string(), sizeBytes: z.number().int() }));
export const backupResponse = z.strictObject({ ts: z.string(), yaml: z.string() });
