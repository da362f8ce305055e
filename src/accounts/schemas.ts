import { z } from "zod";

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
