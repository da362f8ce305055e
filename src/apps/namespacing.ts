import { problem, type Problem } from "../lib/problem.ts";

/** SPEC 4.8: room names are letters, digits, dots, dashes and underscores, at most 120. */
export const ROOM_NAME = /^[A-Za-z0-9._-]{1,120}$/;
export const MAX_ROOM_LENGTH = 120;

/**
 * Whether a room is in a prefix's namespace: the prefix itself or `<prefix>-…`. The dash is the
 * boundary, so prefix `foo` owns `foo-x` but not `foobar-x`, which is prefix `foobar`'s.
 */
export function ownsRoom(prefix: string, room: string): boolean {
  return room === prefix || room.startsWith(`${prefix}-`);
}

/** Every prefix that owns a room, longest first: the room itself, then its starts before each dash. */
export function* prefixesOwning(room: string): Generator<string> {
  for (let end = room.length; end > 0; end = room.lastIndexOf("-", end - 1)) yield room.slice(0, end);
}

/**
 * Whether two prefixes claim a common room: equal, or one is a room of the other (`foo` and
 * `foo-bar` both own `foo-bar-1`; `foo` and `foobar` share nothing).
 */
export function prefixesOverlap(a: string, b: string): boolean {
  return ownsRoom(a, b) || ownsRoom(b, a);
}

/**
 * The room namespacing rule of SPEC 1, the one place every route applies it: no room means the
 * app's prefix itself; a room outside the prefix's namespace (see `ownsRoom`) becomes
 * `<prefix>-<room>`. The result is checked for characters and length.
 */
export function namespaceRoom(prefix: string, room: string | undefined, maxLength = MAX_ROOM_LENGTH): string | Problem {
  const requested = room === undefined || room === "" ? prefix : room;
  if (!ROOM_NAME.test(requested)) {
    return problem("validation_failed", "room: use letters, digits, dots, dashes and underscores only", {
      details: [{ path: "room", message: "invalid characters", code: "invalid_format" }],
    });
  }
  const full = ownsRoom(prefix, requested) ? requested : `${prefix}-${requested}`;
  if (full.length > maxLength) {
    return problem("validation_failed", `room: "${full}" is longer than ${maxLength} characters once prefixed`, {
      details: [{ path: "room", message: `longer than ${maxLength} characters with the prefix`, code: "too_big" }],
    });
  }
  return full;
}
