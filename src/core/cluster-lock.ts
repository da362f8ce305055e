import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { RedisLink } from "./redis.ts";

/**
 * Runs a check-then-hold (a quota read, then the reservation) with no other node running one for
 * the same name at the same time. Within one process the callers keep their own guard (`InTurn`);
 * this adds the nodes that share a database.
 */
export interface ClusterLock {
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** A lock expires after this long even if its holder died holding it: the longest a dead node blocks a team. */
const LOCK_MS = 15_000;
/** Pause between attempts while another node holds the lock, with jitter so waiters do not move in step. */
const RETRY_MS = 15;

/** Deletes the lock only if it still holds this holder's token: an expired lock now held by another node stays. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Without Redis the node is alone: its in-process guard is the whole lock. */
export function clusterLock(redis: RedisLink | undefined, logger: Logger): ClusterLock {
  if (!redis) return { run: (_name, work) => work() };
  const log = logger.child({ component: "cluster-lock" });
  return {
    async run(name, work) {
      const key = `service-core:lock:${name}`;
      const token = randomBytes(12).toString("base64url");
      const held = await acquire(redis, key, token).catch((err: Error) => err);
      if (held !== true) {
        // As the rate limits do: a Redis that fails must not take quota or room-prefix checks down
        // with it; they then hold for this node alone (its in-process guard still holds) until Redis is back.
        log.warn({ lock: name, err: held === false ? "still held by another node" : held.message }, "could not take the cluster lock; checking on this node alone");
        return work();
      }
      try {
        return await work();
      } finally {
        await redis.command(["EVAL", RELEASE, "1", key, token]).catch((err: Error) => log.warn({ lock: name, err: err.message }, "could not release the cluster lock; it expires on its own"));
      }
    },
  };
}

/**
 * SET NX PX until it succeeds, for as long as a holder may keep it: past that, the holder is gone or
 * stuck and the lock has expired, so a `false` here means Redis keeps answering but never frees it.
 */
async function acquire(redis: RedisLink, key: string, token: string): Promise<boolean> {
  const deadline = Date.now() + LOCK_MS + 1000;
  while (Date.now() < deadline) {
    if ((await redis.command<string | null>(["SET", key, token, "NX", "PX", String(LOCK_MS)])) === "OK") return true;
    await sleep(RETRY_MS + Math.random() * RETRY_MS);
  }
  return false;
}
