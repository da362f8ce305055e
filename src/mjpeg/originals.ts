import { problem, type Problem } from "../lib/problem.ts";
import { sameSecret } from "../lib/same-secret.ts";
import type { PlayGrant } from "./play-access.ts";

/**
 * Whether public viewers are kept from a camera room's original frames now (the deface plugin,
 * while enabled for the room and not told otherwise): undefined when the original is public,
 * else the variant to watch and how to read the key that still opens it (`?key=`; undefined
 * when only a play token does), read only when a viewer presents one: it is a sealed secret.
 */
export type OriginalPolicy = (app: string, room: string) => { readonly key: () => string | undefined; readonly variant: string } | undefined;

/**
 * The policies later modules register (plugins come after the MJPEG module), asked whenever a
 * room's original stream or frame is requested.
 */
export class OriginalGuards {
  private readonly policies: OriginalPolicy[] = [];

  add(policy: OriginalPolicy): void {
    this.policies.push(policy);
  }

  /** The variant public viewers are sent to instead of the room's original, or undefined when the original is public. */
  publicVariant(app: string, room: string): string | undefined {
    for (const policy of this.policies) {
      const hidden = policy(app, room);
      if (hidden) return hidden.variant;
    }
    return undefined;
  }

  /** The refusal of a room's original for this viewer, or undefined. A play token always opens it. */
  refusal(app: string, room: string, grant: PlayGrant, key: string | undefined): Problem | undefined {
    if (grant === "token") return undefined;
    for (const policy of this.policies) {
      const hidden = policy(app, room);
      if (!hidden) continue;
      const expected = key === undefined ? undefined : hidden.key();
      if (key !== undefined && expected !== undefined && sameSecret(key, expected)) continue;
      return problem(
        "forbidden",
        `room ${room}'s original frames are not public while ${hidden.variant} is on: watch ?variant=${hidden.variant}, or add ?token=<play token> (or the room's original key as ?key=)`,
      );
    }
    return undefined;
  }
}
