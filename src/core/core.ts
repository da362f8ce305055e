import type { Logger } from "pino";
import { AppStore } from "../apps/store.ts";
import type { Config } from "../config.ts";
import { openDatabases, type Databases } from "../db/databases.ts";
import { EventDispatcher } from "../events/dispatcher.ts";
import { parseSsrfAllowlist, type SsrfAllowlist } from "../lib/ssrf.ts";
import { createLogging, type Logging } from "../logging.ts";
import { Metrics } from "../observability/metrics.ts";
import { buildPools, poolMetrics, type Pools } from "./pools.ts";
import { connectRedis, type RedisLink } from "./redis.ts";
import { SecretBox } from "../secrets/box.ts";
import { requireConfiguredSecrets, resolvePersistentSecret } from "../secrets/persistent-secret.ts";
import { Supervisor, type SupervisorOptions } from "../supervisor/supervisor.ts";

/**
 * What every module may use: the service config, logging and metrics, the databases, the actor
 * supervisor, the worker-thread pools, the event dispatcher, the master-key box and the registry
 * of apps (the tenants everything else hangs off). Nothing here knows about a domain's own services.
 */
export interface Core {
  readonly config: Config;
  readonly logging: Logging;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly databases: Databases;
  /** SERVICE_REDIS_URL's connection, coordinating the nodes that share a database; undefined when unset. */
  readonly redis: RedisLink | undefined;
  readonly supervisor: Supervisor;
  /** Every worker-thread pool, bounded and measured; `app.ts` closes them after the actors. */
  readonly pools: Pools;
  readonly events: EventDispatcher;
  /** Seals per-app secrets and 2FA seeds under the master key. */
  readonly box: SecretBox;
  readonly registry: AppStore;
  /**
   * SERVICE_SSRF_ALLOWLIST: what connections made for tenants (webhooks, MQTT brokers, S3
   * endpoints, an app's own LiveKit, restream and ingress URLs) may reach despite the outbound
   * policy (`lib/outbound.ts`).
   */
  readonly ssrf: SsrfAllowlist;
  /** A secret kept in the data dir unless configured (`jwt-secret`, `master-key`); always configured on PostgreSQL. */
  persistentSecret(file: string, configured: string | undefined, variable: string): string;
}

export interface CoreOptions {
  readonly clock?: SupervisorOptions["clock"];
  /** Read at scrape time: the HTTP pipeline's requests in flight. */
  readonly inFlight: () => number;
}

/**
 * Opens the databases and Redis (a node that cannot reach its configured Redis refuses to start)
 * and builds the shared parts; on failure nothing stays open.
 */
export async function buildCore(config: Config, options: CoreOptions): Promise<Core> {
  const logging = createLogging({ ...config.log, dir: config.dataDir, node: config.node.id });
  const logger = logging.logger;
  try {
    requireConfiguredSecrets({ databaseUrl: config.database.url, masterKey: config.masterKey, jwtSecret: config.jwtSecret });
    const databases = await openDatabases({ dataDir: config.dataDir, url: config.database.url, logger });
    const persistentSecret = (file: string, configured: string | undefined, variable: string): string =>
      resolvePersistentSecret({ file, configured, variable }, config.dataDir, logger);
    let redis: RedisLink | undefined;
    try {
      if (config.database.redisUrl !== undefined) redis = await connectRedis(config.database.redisUrl, logger);
      const registry = new AppStore({ db: databases.sql, logger });
      // Read synchronously from here on (the guard, `events.appExists`), so loaded before anything asks.
      await registry.load();
      const metrics = new Metrics({ defaultMetrics: config.metrics.defaultMetrics, inFlight: options.inFlight, node: config.node.id });
      return {
        config,
        logging,
        logger,
        metrics,
        databases,
        redis,
        supervisor: new Supervisor({ logger, clock: options.clock }),
        pools: buildPools(config, poolMetrics(metrics.registry)),
        events: new EventDispatcher({ appExists: (app) => registry.findByName(app) !== undefined, logger }),
        box: new SecretBox(persistentSecret("master-key", config.masterKey, "SERVICE_MASTER_KEY")),
        registry,
        ssrf: parseSsrfAllowlist(config.ssrfAllowlist),
        persistentSecret,
      };
    } catch (err) {
      await redis?.close();
      await databases.close();
      throw err;
    }
  } catch (err) {
    await logging.close();
    throw err;
  }
}
