import type { Logger } from "pino";
import { resolveJwtSecret } from "./auth/jwt-secret.ts";
import type { Config } from "./config.ts";
import { Databases } from "./db/databases.ts";
import { Pipeline } from "./http/pipeline.ts";
import type { Route } from "./http/route.ts";
import { Router } from "./http/router.ts";
import { HttpServer } from "./http/server.ts";
import { requireNativeUws } from "./http/uws.ts";
import { createLogging, type Logging } from "./logging.ts";
import { Metrics } from "./observability/metrics.ts";
import { observabilityRoutes } from "./observability/routes.ts";
import { supervisorRoutes } from "./supervisor/routes.ts";
import { Supervisor, type SupervisorOptions } from "./supervisor/supervisor.ts";

export interface BuildOptions {
  /** Extra routes mounted beside the service's own (embedding, tests). */
  readonly routes?: readonly Route[];
  readonly clock?: SupervisorOptions["clock"];
}

/** The wired service. `listen()` opens the port; `stop()` shuts down in a fixed order. */
export interface App {
  readonly config: Config;
  readonly logger: Logger;
  readonly logging: Logging;
  readonly metrics: Metrics;
  readonly databases: Databases;
  readonly supervisor: Supervisor;
  readonly jwtSecret: string;
  listen(): Promise<number>;
  stop(): Promise<void>;
}

/** Builds every component from the config; listens nowhere until `listen()`. */
export function buildApp(config: Config, options: BuildOptions = {}): App {
  const logging = createLogging({ ...config.log, dir: config.dataDir });
  const logger = logging.logger;
  try {
    const uws = requireNativeUws(config.allowUwsFallback, (message) => logger.warn(message));
    const databases = new Databases({ dataDir: config.dataDir, logger });
    const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir, logger);
    // Read at scrape time only, after `pipeline` exists.
    const metrics: Metrics = new Metrics({
      defaultMetrics: config.metrics.defaultMetrics,
      inFlight: (): number => pipeline.pending,
    });
    const supervisor = new Supervisor({ logger, clock: options.clock });

    const router = new Router();
    const routes = [
      ...observabilityRoutes({ metrics, metricsToken: config.metrics.token, instanceId: databases.instanceId, startedAt: Date.now() }),
      ...supervisorRoutes({ supervisor, enabled: config.debugEndpoints }),
      ...(options.routes ?? []),
    ];
    for (const route of routes) router.add(route);
    const pipeline: Pipeline = new Pipeline({
      router,
      metrics,
      logger,
      trustProxy: config.trustProxy,
      maxBodyBytes: config.maxBodyBytes,
    });
    const server = new HttpServer({ uws, pipeline, logger });

    let stopping: Promise<void> | undefined;
    return {
      config,
      logger,
      logging,
      metrics,
      databases,
      supervisor,
      jwtSecret,
      listen: () => server.listen(config.host, config.port),
      // HTTP first so nothing new arrives, then actors, then the databases they write to.
      stop: () =>
        (stopping ??= (async () => {
          await server.stop(config.shutdownGraceMs);
          supervisor.stopAll();
          databases.close();
          logger.info("stopped");
          await logging.close();
        })()),
    };
  } catch (err) {
    void logging.close();
    throw err;
  }
}
