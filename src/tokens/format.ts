import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const PREFIX = "sk_";
const BODY_LENGTH = 36;
const CHECK_LENGTH = 6;
const SHAPE = new RegExp(`^${PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECK_LENGTH}}$`);

function base62(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** 36 characters drawn uniformly (rejection sampling) from base62: about 214 bits. */
function randomBody(): string {
  let out = "";
  while (out.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH * 2)) {
      if (byte < 248 && out.length < BODY_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECK_LENGTH);
}

/**
 * `sk_` + 36 random base62 characters + a 6-character CRC32 checksum, as GitHub's tokens do: a
 * secret scanner can recognise a leaked token offline, and a mistyped one is refused without a
 * database lookup.
 */
export function generateToken(): string {
  const body = randomBody();
  return `${PREFIX}${body}${checksum(body)}`;
}

export function isWellFormedToken(token: string): boolean {
  if (!SHAPE.test(token)) return false;
  const body = token.slice(PREFIX.length, PREFIX.length + BODY_LENGTH);
  return checksum(body) === token.slice(PREFIX.length + BODY_LENGTH);
}

/** Only this is stored: a token is never kept in plaintext. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What lists show so people can tell their tokens apart: the prefix and the last four characters. */
export function tokenHint(token: string): string {
  return `${PREFIX}…${token.slice(-4)}`;
}
