import { hashSecret, secretFormat } from "../lib/secret-format.ts";

/** API tokens: `sk_` + 36 base62 characters + a CRC32 checksum. */
const API_TOKEN = secretFormat("sk_");

export const generateToken = (): string => API_TOKEN.generate();
export const isWellFormedToken = (token: string): boolean => API_TOKEN.isWellFormed(token);
export const hashToken = hashSecret;
export const tokenHint = (token: string): string => API_TOKEN.hint(token);
