import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 36;
const CHECK_LENGTH = 6;

function base62(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** `length` characters drawn uniformly (rejection sampling) from base62: about 5.95 bits each. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECK_LENGTH);
}

/** A kind of bearer secret, recognisable by its prefix. */
export interface SecretFormat {
  generate(): string;
  isWellFormed(secret: string): boolean;
  /** What lists show so people can tell their secrets apart: the prefix and the last four characters. */
  hint(secret: string): string;
}

/**
 * `<prefix>` + 36 random base62 characters (about 214 bits) + a 6-character CRC32 checksum, as
 * GitHub's tokens do: a secret scanner can recognise a leaked one offline, and a mistyped one is
 * refused without a database lookup.
 */
export function secretFormat(prefix: string): SecretFormat {
  const shape = new RegExp(`^${prefix}[0-9A-Za-z]{${BODY_LENGTH + CHECK_LENGTH}}$`);
  return {
    generate() {
      const body = randomBase62(BODY_LENGTH);
      return `${prefix}${body}${checksum(body)}`;
    },
    isWellFormed(secret) {
      if (!shape.test(secret)) return false;
      const body = secret.slice(prefix.length, prefix.length + BODY_LENGTH);
      return checksum(body) === secret.slice(prefix.length + BODY_LENGTH);
    },
    hint: (secret) => `${prefix}…${secret.slice(-4)}`,
  };
}

/** Only this is stored: a secret is never kept in plaintext. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
