import { z } from "zod";
import { parseCidr } from "../lib/cidr.ts";

const allowedIp = z.string().refine((v) => parseCidr(v) !== undefined, {
  message: "expected an IPv4 or IPv6 address or CIDR range, e.g. 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32",
});

const common = {
  name: z.string().trim().min(1).max(100),
  allowedIps: z.array(allowedIp).max(100).default([]),
};

/** POST /tokens: `appId` is required for app scope and refused for global scope. */
export const createTokenBody = z.discriminatedUnion("scope", [
  z.strictObject({ ...common, scope: z.literal("global") }),
  z.object({ ...common, scope: z.literal("app"), appId: z.number().int().positive() }),
]);

export type CreateTokenBody = z.infer<typeof createTokenBody>;

export const tokenIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A token as lists show it: never its hash, never its plaintext. */
export const tokenListResponse = z.array(
  z.strictObject({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(["global", "app"]),
    appId: z.number().int().nullable(),
    allowedIps: z.array(z.string()),
    /** Enough of the token to tell it apart. */
    hint: z.string(),
    createdBy: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  }),
);

/** POST /tokens, a bare body (SPEC 4.5): the plaintext is in this answer and nowhere else, ever. */
export const createdTokenResponse = z.strictObject({ id: z.number().int(), token: z.string() });
