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
