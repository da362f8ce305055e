import type { Logger } from "pino";
import type { RedisLink } from "../core/redis.ts";
import { FailOpenLog, redisKey, type Limiter, type Taken } from "./limiter.ts";
import type { Limit } from "./rate-limit.ts";

/** How often counts taken on this node are added to Redis's windows. */
export const SYNC_MS = 100;
/**
 * A window is counted exactly (each request a round trip to Redis) once it is this far used, or
 * when its limit is this small: batching only ever decides for windows far from their limit.
 */
const EXACT_FROM = 0.5;
const EXACT_BELOW_MAX = 50;

/**
 * Adds `ARGV[1]` to a window and opens it when it is new (the expiry set in the same script, so a
 * window never outlives its length); answers its count and remaining milliseconds.
 */
const ADD = `local n = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {n, ttl}`;

/** One window as this node sees it: the count Redis last answered, and what this node took since. */
interface Seen {
  known: number;
  pending: number;
  /** Being added to Redis now. */
  sending: number;
  resetAt: number;
  readonly windowMs: number;
  readonly key: string;
}

/**
 * The API's request windows on nodes that share Redis (`ApiRateLimits`): every authenticated
 * request is counted, so a round trip per request would put Redis on every request's path. A
 * window far from its limit is counted here and added to Redis in one batch every SYNC_MS; one
 * at half its limit or more (or with a limit under 50) is counted exactly, as the sign-in limits
 * always are. So nodes together may let through what the others took in their last SYNC_MS
 * beyond a limit, never more; a Redis that fails lets requests through, as `RedisLimiter` does.
 */
export class SharedRequestWindows implements Pick<Limiter, "take"> {
  private readonly windows = new Map<string, Seen>();
  private timer: NodeJS.Timeout | undefined;
  private readonly failures: FailOpenLog;

  constructor(
    private readonly redis: RedisLink,
    logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.failures = new FailOpenLog(logger, "Redis did not take the request counts; letting requests through", now);
  }

  async take(key: string, limit: Limit): Promise<Taken> {
    const now = this.now();
    let seen = this.windows.get(key);
    if (!seen || now >= seen.resetAt) {
      seen = { key, known: 0, pending: 0, sending: 0, resetAt: now + limit.windowMs, windowMs: limit.windowMs };
      this.windows.set(key, seen);
    }
    const estimate = seen.known + seen.pending + seen.sending + 1;
    if (limit.max < EXACT_BELOW_MAX || estimate > limit.max * EXACT_FROM) return this.exactly(seen, limit);
    seen.pending++;
    this.timer ??= setTimeout(() => void this.sync(), SYNC_MS);
    return { allowed: true, remaining: Math.max(0, limit.max - estimate), resetAt: seen.resetAt };
  }

  /** Stops the batches; what was not sent is dropped (a window's count is a brake, not a record). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** This request and what waits here are added now, and the window's count decides. */
  private async exactly(seen: Seen, limit: Limit): Promise<Taken> {
    seen.pending++;
    const count = await this.send(seen);
    if (count === undefined) return { allowed: true, remaining: limit.max, resetAt: seen.resetAt };
    return { allowed: count <= limit.max, remaining: Math.max(0, limit.max - count), resetAt: seen.resetAt };
  }

  /** Adds every window's pending count to Redis, and forgets the windows that ended. */
  private async sync(): Promise<void> {
    this.timer = undefined;
    const now = this.now();
    const sends: Promise<void>[] = [];
    for (const seen of this.windows.values()) {
      if (now >= seen.resetAt && seen.pending === 0 && seen.sending === 0) {
        this.windows.delete(seen.key);
        continue;
      }
      if (seen.pending === 0) continue;
      sends.push(this.send(seen).then(() => undefined));
    }
    await Promise.all(sends);
  }

  /** Adds the window's pending count to Redis; answers the window's count after it, or undefined when Redis failed. */
  private async send(seen: Seen): Promise<number | undefined> {
    const n = seen.pending;
    seen.pending = 0;
    seen.sending += n;
    try {
      const [count, ttl] = await this.redis.command<[number, number]>(["EVAL", ADD, "1", redisKey(seen.key), String(n), String(seen.windowMs)]);
      // Redis's count holds this batch and every node's before it; a reply that overtook this one may have said more.
      seen.known = Math.max(seen.known, count);
      seen.resetAt = this.now() + Math.max(0, ttl);
      return count;
    } catch (err) {
      this.failures.failed(err as Error, n);
      return undefined;
    } finally {
      seen.sending -= n;
    }
  }
}
