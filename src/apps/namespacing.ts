import { problem, type Problem } from "../lib/problem.ts";

/** SPEC 4.8: room names are letters, digits, dots, dashes and underscores, at most 120. */
export const ROOM_NAME = /^[A-Za-z0-9._-]{1,120}$/;
export const MAX_ROOM_LENGTH = 120;

/**
 * The room namespacing rule of SPEC 1, the one place every route applies it: no room means the
 * app's prefix itself; a room that does not already start with the prefix becomes
 * `<prefix>-<room>`. The result is checked for characters and length.
 */
export function namespaceRoom(prefix: string, room: string | undefined, maxLength = MAX_ROOM_LENGTH): string | Problem {
  const requested = room === undefined || room === "" ? prefix : room;
  if (!ROOM_NAME.test(requested)) {
    return problem("validation_failed", "room: use letters, digits, dots, dashes and underscores only", {
      details: [{ path: "room", message: "invalid characters", code: "invalid_format" }],
    });
  }
  const full = requested.startsWith(prefix) ? requested : `${prefix}-${requested}`;
  if (full.length > maxLength) {
    return problem("validation_failed", `room: "${full}" is longer than ${maxLength} characters once prefixed`, {
      details: [{ path: "room", message: `longer than ${maxLength} characters with the prefix`, code: "too_big" }],
    });
  }
  return full;
}
