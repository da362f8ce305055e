import { z } from "zod";
import { ROLES } from "../auth/permissions.ts";

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "expected an email address" }));
/** Long passphrases welcome; the upper bound only keeps hashing cheap to refuse. */
const password = z.string().min(10, "use at least 10 characters").max(200);
const totpCode = z.string().max(16);

export const signupBody = z.object({
  email,
  password,
  teamName: z.string().trim().min(1).max(100).optional(),
  /** The code from an invite mail. */
  invite: z.string().min(16).max(100).optional(),
});
export const loginBody = z.object({ user: z.string().trim().min(1).max(254), password: z.string().min(1).max(200), code: totpCode.optional() });
export const magicRequestBody = z.object({ email });
export const magicVerifyBody = z.object({ token: z.string().min(16).max(200), code: totpCode.optional() });
export const passwordBody = z.object({ currentPassword: z.string().min(1).max(200), newPassword: password });
export const codeBody = z.object({ code: totpCode });
export const inviteBody = z.object({ email, role: z.enum(["admin", "member"]).default("member") });
export const sessionParams = z.object({ id: z.string().min(1).max(100) });

export type SignupBody = z.infer<typeof signupBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type MagicVerifyBody = z.infer<typeof magicVerifyBody>;
export type PasswordBody = z.infer<typeof passwordBody>;
export type InviteBody = z.infer<typeof inviteBody>;

// What the routes answer (`data` of the envelope), as the service's views build it.
const timestamp = z.string();
export const authConfigResponse = z.strictObject({ allowSignup: z.boolean() });
export const signedInResponse = z.strictObject({ token: z.string() });
export const magicRequestedResponse = z.strictObject({ requested: z.literal(true) });
export const sessionsResponse = z.array(
  z.strictObject({ id: z.string(), ip: z.string(), userAgent: z.string(), createdAt: timestamp, lastSeen: timestamp, current: z.boolean() }),
);
export const revokedResponse = z.strictObject({ revoked: z.number().int().min(0) });
export const accountResponse = z.strictObject({
  id: z.number().int(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  superadmin: z.boolean(),
  teamId: z.number().int().nullable(),
  role: z.enum(ROLES).nullable(),
  twoFactorEnabled: z.boolean(),
});
export const passwordChangedResponse = z.strictObject({ revokedSessions: z.number().int().min(0) });
export const twoFactorSetupResponse = z.strictObject({ secret: z.string(), otpauthUri: z.string(), qrDataUri: z.string() });
export const twoFactorResponse = z.strictObject({ twoFactorEnabled: z.boolean(), revokedSessions: z.number().int().min(0) });
export const tenantResponse = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  plan: z.string(),
  role: z.enum(ROLES).nullable(),
  createdAt: timestamp,
  quotas: z.strictObject({ maxConcurrentStreams: z.number().int(), maxConcurrentEgress: z.number().int() }),
});
export const inviteResponse = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(["admin", "member"]),
  teamId: z.number().int(),
  expiresAt: timestamp,
});
