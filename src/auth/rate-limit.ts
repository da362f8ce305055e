import { problem, type Problem } from "../lib/problem.ts";

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

interface Window {
  count: number;
  readonly resetAt: number;
}

/**
 * Fixed-window counters in memory, keyed by whatever the caller chooses (`login:ip:1.2.3.4`,
 * `totp:user:7`): the limits of a node without Redis (`limiter.ts` picks), which serves the API
 * alone, so memory is the right place; a restart forgets, which errs towards letting people in.
 *
 * Windows of one length are kept in one map in the order they opened (a renewed window is moved
 * to the end), so they also expire in that order: each new window first drops the expired ones at
 * the front and stops at the first live one. Every window is dropped once, so keeping memory to
 * the live windows costs O(1) amortized per request however many keys there are, where a sweep
 * of every window on each new key would cost O(live windows) and find nothing to drop while an
 * attacker keeps them all live. A key is always used with one limit (its name says which).
 */
export class RateLimiter {
  /** Window length in ms -> windows of that length, oldest first. */
  private readonly byLength = new Map<number, Map<string, Window>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt; a Problem with Retry-After once `max` is exceeded within the window. */
  hit(key: string, limit: Limit, what: string): Problem | undefined {
    const { allowed, resetAt } = this.take(key, limit);
    return allowed ? undefined : this.refusal(resetAt, what);
  }

  /** Whether `key` is over its limit, without counting an attempt. */
  blocked(key: string, limit: Limit, what: string): Problem | undefined {
    const window = this.byLength.get(limit.windowMs)?.get(key);
    if (!window || window.resetAt <= this.now() || window.count < limit.max) return undefined;
    return this.refusal(window.resetAt, what);
  }

  private refusal(resetAt: number, what: string): Problem {
    return rateRefusal(resetAt, this.now(), what);
  }

  /**
   * Counts one request against `key` and answers where its window stands, for the
   * `X-RateLimit-*` headers. `allowed` is false once `max` is exceeded within the window.
   */
  take(key: string, limit: Limit): { allowed: boolean; remaining: number; resetAt: number } {
    const now = this.now();
    let windows = this.byLength.get(limit.windowMs);
    if (!windows) this.byLength.set(limit.windowMs, (windows = new Map()));
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      dropExpired(windows, now);
      windows.delete(key);
      window = { count: 0, resetAt: now + limit.windowMs };
      windows.set(key, window);
    }
    window.count++;
    return { allowed: window.count <= limit.max, remaining: Math.max(0, limit.max - window.count), resetAt: window.resetAt };
  }

  reset(key: string): void {
    for (const windows of this.byLength.values()) windows.delete(key);
  }

  /** Windows held now, live or not yet dropped. */
  get size(): number {
    let n = 0;
    for (const windows of this.byLength.values()) n += windows.size;
    return n;
  }
}

/** The 429 for `what` (sign-in attempts from this address...) whose window ends at `resetAt`. */
export function rateRefusal(resetAt: number, now: number, what: string): Problem {
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return problem("rate_limited", `too many ${what}; try again in ${retryAfter} s`, {
    headers: { "retry-after": String(retryAfter) },
  });
}

/** Drops the expired windows at the front of `windows` (oldest first), up to the first live one. */
function dropExpired(windows: Map<string, Window>, now: number): void {
  for (const [key, window] of windows) {
    if (window.resetAt > now) return;
    windows.delete(key);
  }
}
