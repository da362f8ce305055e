import type { ClusterLock } from "../core/cluster-lock.ts";
import { AppUnavailableError } from "../db/app-unavailable.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { AppConfigService } from "./config/service.ts";
import { prefixesOverlap } from "./namespacing.ts";
import type { AppStore } from "./store.ts";

/** An app's room prefix, as known, stored or being written. */
export interface PrefixHeld {
  readonly app: string;
  readonly prefix: string;
}

/** What a write asks for: `app` to have `prefix`; `field` names it in a refusal. */
export interface PrefixRequest extends PrefixHeld {
  readonly field: string;
  /** The app exists already: a write that leaves its prefix as it is is never refused. */
  readonly existing: boolean;
}

/** One lock for every prefix change on the platform: the rule is platform-wide, and prefix changes are rare. */
const LOCK = "room-prefix";

export interface PrefixAdmissionOptions {
  /** Every app's prefix as this node holds it (its registry snapshot and live configs), damaged apps left out. */
  readonly known: () => readonly PrefixHeld[];
  readonly store: AppStore;
  readonly configs: AppConfigService;
  /**
   * Set when nodes share the database (Redis configured): every prefix write on every node takes
   * it, and checks against the database as it is then rather than this node's caches, which may
   * not show another node's write yet.
   */
  readonly lock?: ClusterLock;
}

/**
 * The rule that no two apps' room prefixes overlap (see `prefixesOverlap`), for every write that
 * can set one: a create, and every config write (PATCH, raw PUT, presets, reverts, reloads).
 * Alone, a write is checked against what this node knows in one synchronous step with marking its
 * prefix as being written, so two writes that interleave at their awaits cannot both pass. With
 * Redis, under the cluster lock `room-prefix` and against the database, so two nodes cannot
 * either; when the lock cannot be taken, `ClusterLock` runs the write anyway (the quotas'
 * fallback), still checked against the database and this node's own writes in flight.
 */
export class PrefixAdmission {
  /** Prefixes being written on this node, from their check until this node's caches show them. */
  private readonly writing = new Set<PrefixHeld>();

  constructor(private readonly o: PrefixAdmissionOptions) {}

  /** 409 when the request overlaps another app's prefix as this node knows them: dry runs, reloads, early checks. */
  check(request: PrefixRequest): Problem | undefined {
    const known = this.o.known();
    if (request.existing && request.prefix === known.find((held) => held.app === request.app)?.prefix) return undefined;
    return overlapping(request, [...known, ...this.writing]);
  }

  /**
   * Runs `write` once the request is admitted, or answers the 409 and writes nothing. `write` must
   * store the prefix and make this node's caches show it before it resolves.
   */
  admit<T>(request: PrefixRequest, write: () => Promise<T>): Promise<T | Problem> {
    const lock = this.o.lock;
    if (!lock) return this.hold(request, this.check(request), write);
    return lock.run(LOCK, async () => {
      // The app's own stored prefix first: most config writes leave it as it is, and need no more.
      if (request.existing && request.prefix === (await this.storedPrefix(request.app))) return this.hold(request, undefined, write);
      return this.hold(request, overlapping(request, [...(await this.stored()), ...this.writing]), write);
    });
  }

  /** Marks the prefix as being written for as long as `write` runs, unless refused. */
  private async hold<T>(request: PrefixRequest, refused: Problem | undefined, write: () => Promise<T>): Promise<T | Problem> {
    if (refused) return refused;
    const held = { app: request.app, prefix: request.prefix };
    this.writing.add(held);
    try {
      return await write();
    } finally {
      this.writing.delete(held);
    }
  }

  /** Every app's prefix as the database holds it now. */
  private async stored(): Promise<PrefixHeld[]> {
    const names = await this.o.store.storedNames();
    const held = await Promise.all(names.map(async (app) => ({ app, prefix: await this.storedPrefix(app) })));
    return held.filter((h): h is PrefixHeld => h.prefix !== undefined);
  }

  /** The app's prefix as stored now; undefined, as in `known`, when its config or database cannot be used. */
  private async storedPrefix(app: string): Promise<string | undefined> {
    try {
      const config = await this.o.configs.stored(app);
      return config && (config.room_prefix ?? app);
    } catch (err) {
      if (err instanceof AppUnavailableError) return undefined;
      throw err;
    }
  }
}

/**
 * 409 when the request's prefix overlaps that of any app other than its own. Enforced across the
 * platform, not per media server: simpler, and apps may move between servers. The message names
 * no app: the other one may be another tenant's.
 */
function overlapping(request: PrefixRequest, taken: readonly PrefixHeld[]): Problem | undefined {
  if (!taken.some((other) => other.app !== request.app && prefixesOverlap(other.prefix, request.prefix))) return undefined;
  return prefixConflict(request.prefix, request.field);
}

/** The refusal of a prefix that overlaps one in use, on `field`. */
export function prefixConflict(prefix: string, field: string): Problem {
  return problem("conflict", `room prefix "${prefix}" overlaps a prefix already in use; choose another roomPrefix`, {
    details: [{ path: field, message: "overlaps a room prefix already in use" }],
  });
}
