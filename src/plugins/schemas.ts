import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";

/** `{id}`: any slug; an id no manifest has is a 404, not a validation error. */
export const pluginParams = appParams.extend({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, "a plugin id such as yolo or deface") });

/**
 * PATCH /plugins/{id}: `config` is checked against the plugin's manifest in the service (its
 * schema depends on `{id}`), so only its shape is fixed here.
 */
export const patchPluginBody = z.strictObject({
  enabled: z.boolean().optional(),
  config: z.record(z.string().max(64), z.unknown()).optional(),
});
export type PatchPluginBody = z.infer<typeof patchPluginBody>;

/** SPEC 8: plugin logs `limit` is clamped to 1..1000, default 200. */
export const pluginLogsQuery = z.object({ limit: clampedLimit(200) });
