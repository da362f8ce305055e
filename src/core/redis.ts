import type { Logger } from "pino";
import { createClient } from "redis";

/** How long a node waits for its configured Redis at start before it refuses to start. */
const CONNECT_MS = 5000;
/**
 * How long one command may take. The request path waits on Redis (rate limits, quota locks), so a
 * Redis that stops answering must cost a request this long at most, never a hung request.
 */
const COMMAND_MS = 1000;
/** The longest pause between reconnection attempts once the connection dropped. */
const MAX_RECONNECT_MS = 2000;

/**
 * This node's connection to SERVICE_REDIS_URL, which coordinates the nodes that share a database
 * (docs/storage.md): cluster-wide rate-limit windows and the short per-team quota locks. It
 * reconnects on its own; while it is down commands fail at once (no offline queue to pile
 * requests up behind), and their callers decide what that means.
 */
export interface RedisLink {
  /** One command, as Redis spells it; rejects within a second when Redis does not answer. */
  command<T>(args: readonly string[]): Promise<T>;
  /** Whether Redis answers a PING now (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** `redis://user:secret@host` without its password, for messages and logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/** Connects, or throws once Redis has not answered for CONNECT_MS (the node then refuses to start). */
export async function connectRedis(url: string, logger: Logger): Promise<RedisLink> {
  const log = logger.child({ component: "redis" });
  const where = redactedRedisUrl(url);
  let up = false;
  let lastError: Error | undefined;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_MS, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_MS) },
  });
  // Without a listener an error event would throw and end the process; a dropped connection is
  // logged once, and its end once more, however many attempts it takes.
  client.on("error", (err: Error) => {
    lastError = err;
    if (!up) return;
    up = false;
    log.warn({ err: err.message, redis: where }, "lost the connection to Redis; reconnecting (rate limits fail open meanwhile)");
  });
  client.on("ready", () => {
    if (lastError && !up) log.info({ redis: where }, "connected to Redis again");
    up = true;
  });

  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(lastError ?? new Error(`no answer within ${CONNECT_MS / 1000} s`)), CONNECT_MS);
  });
  const connecting = client.connect();
  // Past the deadline the client is destroyed, and this attempt's rejection is the one already reported.
  connecting.catch(() => undefined);
  try {
    await Promise.race([connecting, late]);
  } catch (err) {
    if (client.isOpen) client.destroy();
    throw new Error(`cannot reach Redis at ${where} (SERVICE_REDIS_URL): ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  up = true;
  lastError = undefined;
  log.info({ redis: where }, "connected to Redis");

  const commands = client.withCommandOptions({ timeout: COMMAND_MS });
  let closed = false;
  return {
    command: <T>(args: readonly string[]) => commands.sendCommand<T>(args),
    ping: async () => (await commands.sendCommand<string>(["PING"])) === "PONG",
    async close() {
      if (closed) return;
      closed = true;
      // A clean close waits for the replies in flight; with Redis gone there is nothing to wait for.
      if (up) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}
