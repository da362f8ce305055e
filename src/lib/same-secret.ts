import { timingSafeEqual } from "node:crypto";

/** Compares a presented secret with the expected one in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
