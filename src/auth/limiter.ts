import type { Logger } from "pino";
import type { RedisLink } from "../core/redis.ts";
import type { Problem } from "../lib/problem.ts";
import { RateLimiter, rateRefusal, type Limit } from "./rate-limit.ts";

/** Where a key's window stands after counting one request, for the `X-RateLimit-*` headers. */
export interface Taken {
  readonly allowed: boolean;
  readonly remaining: number;
  readonly resetAt: number;
}

/**
 * The fixed-window rate limits every caller uses (sign-in, 2FA, invites, viewer tokens, the API
 * limits). A key is always used with one limit; its name says which (`login:ip:1.2.3.4`).
 */
export interface Limiter {
  /** Counts one attempt; a 429 with Retry-After once `max` is exceeded within the window. */
  hit(key: string, limit: Limit, what: string): Promise<Problem | undefined>;
  /** Whether `key` is over its limit, without counting an attempt. */
  blocked(key: string, limit: Limit, what: string): Promise<Problem | undefined>;
  /** Counts one request and answers where its window stands. */
  take(key: string, limit: Limit): Promise<Taken>;
  reset(key: string): Promise<void>;
}

export interface LimiterOptions {
  /** Set: windows count in Redis, for every node together. */
  readonly redis: RedisLink | undefined;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** Counts in Redis when the node has one (nodes that share a database must), else in memory. */
export function createLimiter(o: LimiterOptions): Limiter {
  const now = o.now ?? Date.now;
  return o.redis ? new RedisLimiter(o.redis, o.logger, now) : new MemoryLimiter(new RateLimiter(now));
}

/** One node alone: the windows in this process's memory. */
class MemoryLimiter implements Limiter {
  constructor(private readonly windows: RateLimiter) {}

  async hit(key: string, limit: Limit, what: string): Promise<Problem | undefined> {
    return this.windows.hit(key, limit, what);
  }

  async blocked(key: string, limit: Limit, what: string): Promise<Problem | undefined> {
    return this.windows.blocked(key, limit, what);
  }

  async take(key: string, limit: Limit): Promise<Taken> {
    return this.windows.take(key, limit);
  }

  async reset(key: string): Promise<void> {
    this.windows.reset(key);
  }
}

/**
 * Counts and opens a window in one round trip: the first request's INCR sets the expiry, so a
 * window is never left without one (a node dying between two commands would leave a key that
 * never expires). Answers the count and the window's remaining milliseconds.
 */
const TAKE = `local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;
const PEEK = `local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
return {tonumber(n), redis.call('PTTL', KEYS[1])}`;

/** How often a Redis that does not answer is logged while requests keep failing open. */
const WARN_EVERY_MS = 10_000;

/**
 * Nodes that share a database: one window per key in Redis, so N nodes together allow what one
 * node allows. A Redis that fails mid-request lets that request through (a limit is a brake, not
 * an authorisation; a 500 would take the service down with Redis) and says so in the log.
 */
class RedisLimiter implements Limiter {
  private readonly failures: FailOpenLog;

  constructor(
    private readonly redis: RedisLink,
    logger: Logger,
    private readonly now: () => number,
  ) {
    this.failures = new FailOpenLog(logger, "Redis did not answer a rate-limit count; letting the request through", now);
  }

  async hit(key: string, limit: Limit, what: string): Promise<Problem | undefined> {
    const { allowed, resetAt } = await this.take(key, limit);
    return allowed ? undefined : rateRefusal(resetAt, this.now(), what);
  }

  async blocked(key: string, limit: Limit, what: string): Promise<Problem | undefined> {
    const window = await this.window(PEEK, key, limit);
    if (!window || window.count < limit.max) return undefined;
    return rateRefusal(window.resetAt, this.now(), what);
  }

  async take(key: string, limit: Limit): Promise<Taken> {
    const window = await this.window(TAKE, key, limit);
    if (!window) return { allowed: true, remaining: limit.max, resetAt: this.now() + limit.windowMs };
    return { allowed: window.count <= limit.max, remaining: Math.max(0, limit.max - window.count), resetAt: window.resetAt };
  }

  async reset(key: string): Promise<void> {
    await this.redis.command(["DEL", redisKey(key)]).catch((err: Error) => this.failures.failed(err));
  }

  /** The window after `script`, or undefined when Redis failed (the caller lets the request through). */
  private async window(script: string, key: string, limit: Limit): Promise<{ count: number; resetAt: number } | undefined> {
    try {
      const [count, ttl] = await this.redis.command<[number, number]>(["EVAL", script, "1", redisKey(key), String(limit.windowMs)]);
      return { count, resetAt: this.now() + Math.max(0, ttl) };
    } catch (err) {
      this.failures.failed(err as Error);
      return undefined;
    }
  }
}

/**
 * A Redis that keeps failing while requests go through (a limit is a brake, not an
 * authorisation): said once per WARN_EVERY_MS, with how many requests went through meanwhile.
 */
export class FailOpenLog {
  private readonly log: Logger;
  private warnedAt = Number.NEGATIVE_INFINITY;
  private unlogged = 0;

  constructor(
    logger: Logger,
    private readonly message: string,
    private readonly now: () => number,
  ) {
    this.log = logger.child({ component: "rate-limit" });
  }

  failed(err: Error, requests = 1): void {
    this.unlogged += requests;
    const now = this.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.log.warn({ err: err.message, requests: this.unlogged }, this.message);
    this.warnedAt = now;
    this.unlogged = 0;
  }
}

/**
 * Rate-limit windows under their own prefix, beside whatever else shares the Redis (LiveKit's
 * keys); the API's batched windows (`request-windows.ts`) use the same keys.
 */
export function redisKey(key: string): string {
  return `service-core:rate:${key}`;
}
