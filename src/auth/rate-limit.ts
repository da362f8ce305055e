import { problem, type Problem } from "../lib/problem.ts";

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Fixed-window counters in memory, keyed by whatever the caller chooses (`login:ip:1.2.3.4`,
 * `totp:user:7`). One process serves the API, so memory is the right place; a restart forgets,
 * which errs towards letting people in. Expired windows are swept as new ones open.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt; a Problem with Retry-After once `max` is exceeded within the window. */
  hit(key: string, limit: Limit, what: string): Problem | undefined {
    const { allowed, resetAt } = this.take(key, limit);
    return allowed ? undefined : this.refusal(resetAt, what);
  }

  /** Whether `key` is over its limit, without counting an attempt. */
  blocked(key: string, limit: Limit, what: string): Problem | undefined {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= this.now() || window.count < limit.max) return undefined;
    return this.refusal(window.resetAt, what);
  }

  private refusal(resetAt: number, what: string): Problem {
    const retryAfter = Math.max(1, Math.ceil((resetAt - this.now()) / 1000));
    return problem("rate_limited", `too many ${what}; try again in ${retryAfter} s`, {
      headers: { "retry-after": String(retryAfter) },
    });
  }

  /**
   * Counts one request against `key` and answers where its window stands, for the
   * `X-RateLimit-*` headers. `allowed` is false once `max` is exceeded within the window.
   */
  take(key: string, limit: Limit): { allowed: boolean; remaining: number; resetAt: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + limit.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { allowed: window.count <= limit.max, remaining: Math.max(0, limit.max - window.count), resetAt: window.resetAt };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
