import { z } from "zod";
import { APP_NAME, ROOM_PREFIX } from "./config/schema.ts";

const roomPrefix = z.string().max(40).regex(ROOM_PREFIX, "lowercase letters, digits and dashes, starting with a letter or digit");

/** The one name of the app path segment, `{app}`, in every route. */
export const appParams = z.object({
  app: z.string().regex(APP_NAME, "an app name is 3-32 lowercase letters, digits and dashes, not starting or ending with a dash"),
});

export const roomName = z.string().max(120).regex(/^[A-Za-z0-9._-]+$/, "letters, digits, dots, dashes and underscores");
export const appRoomParams = appParams.extend({ room: roomName });

/** POST /apps (SPEC 4.1). */
export const createAppBody = z.strictObject({
  name: z.string().regex(APP_NAME, "3-32 lowercase letters, digits and dashes, not starting or ending with a dash"),
  displayName: z.string().max(100).optional(),
  roomPrefix: roomPrefix.optional(),
});

/** PATCH /apps/{app}: every field optional; S3 credentials are refused here as unknown keys. */
export const patchAppBody = z.strictObject({
  displayName: z.string().max(100).optional(),
  roomPrefix: roomPrefix.optional(),
  recordingEnabled: z.boolean().optional(),
  splitMinutes: z.number().int().min(0).max(1440).optional(),
  snapshotSeconds: z.number().int().min(0).max(3600).optional(),
  callbackUrl: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL, or empty to turn callbacks off" })]).optional()
    .refine((v) => v === undefined || v.length <= 2048, "at most 2048 characters"),
  /** An HMAC key; empty removes it. */
  callbackSecret: z.string().max(256).optional(),
  features: z
    .strictObject({
      publicPlayback: z.boolean().optional(),
      hiddenQc: z.boolean().optional(),
      rtmpPassword: z.boolean().optional(),
      chat: z.boolean().optional(),
      reactions: z.boolean().optional(),
    })
    .optional(),
});

export const deleteAppQuery = z.object({ deleteVods: z.enum(["true", "false"]).optional() });

export type CreateAppBody = z.infer<typeof createAppBody>;
export type PatchAppBody = z.infer<typeof patchAppBody>;

// What the routes answer (`data` of the envelope), as `AppService` builds it.
export const appResponse = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  roomPrefix: z.string(),
  tenantId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  recordingEnabled: z.boolean(),
  splitMinutes: z.number(),
  snapshotSeconds: z.number(),
  features: z.record(z.string(), z.boolean()),
  callbackUrl: z.string(),
  callbackSecretSet: z.boolean(),
});
/** An app whose database or config is damaged is still listed, with why, and no settings. */
const unavailableAppResponse = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  unavailable: z.strictObject({ check: z.string(), message: z.string() }),
});
export const appListResponse = z.array(z.union([appResponse, unavailableAppResponse]));
export const appSizesResponse = z.strictObject({ appDbBytes: z.number().int(), vodBytes: z.number().int(), vodCount: z.number().int() });
export const appDeletedResponse = z.strictObject({ deleted: z.literal(true), name: z.string() });
