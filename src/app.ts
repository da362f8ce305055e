import type { Logger } from "pino";
import { accountsModule } from "./accounts/module.ts";
import { appStatsModule } from "./app-stats/module.ts";
import { appsModule } from "./apps/module.ts";
import { auditModule } from "./audit/module.ts";
import type { AppStore } from "./apps/store.ts";
import type { S3Clients } from "./apps/s3/clients.ts";
import { authModule } from "./auth/module.ts";
import type { Config } from "./config.ts";
import { buildCore, type CoreOptions } from "./core/core.ts";
import { clusterModule } from "./cluster/module.ts";
import { consoleModule } from "./console/module.ts";
import { docsModule } from "./docs/module.ts";
import { ModuleList } from "./core/modules.ts";
import type { Pools } from "./core/pools.ts";
import type { Databases } from "./db/databases.ts";
import type { EventDispatcher } from "./events/dispatcher.ts";
import { egressModule, type EgressApi } from "./egress/module.ts";
import { eventsModule } from "./events/module.ts";
import { Pipeline } from "./http/pipeline.ts";
import type { Route } from "./http/route.ts";
import { Router } from "./http/router.ts";
import { HttpServer } from "./http/server.ts";
import { requireNativeUws } from "./http/uws.ts";
import { hlsModule } from "./hls/module.ts";
import { ingestModule } from "./ingest/module.ts";
import { joinTokensModule } from "./join-tokens/module.ts";
import { logsModule } from "./logs/module.ts";
import type { Logging } from "./logging.ts";
import { mediaModule } from "./media/module.ts";
import { pullModule } from "./pull/module.ts";
import { mjpegModule } from "./mjpeg/module.ts";
import { observabilityModule } from "./observability/module.ts";
import { peersModule } from "./peers/module.ts";
import type { Peers } from "./peers/service.ts";
import { playerModule } from "./player/module.ts";
import { pluginsModule } from "./plugins/module.ts";
import { recordingModule } from "./recording/module.ts";
import { timelineModule } from "./timeline/module.ts";
import type { TimelineStorageApi } from "./timeline/storage.ts";
import { restreamModule } from "./restream/module.ts";
import type { Metrics } from "./observability/metrics.ts";
import { streamsModule, type StreamsApi } from "./streams/module.ts";
import { supervisorModule } from "./supervisor/module.ts";
import { systemModule } from "./system/module.ts";
import type { Supervisor } from "./supervisor/supervisor.ts";
import { tenantsModule } from "./tenants/module.ts";
import { tokensModule } from "./tokens/module.ts";
import type { TokenService } from "./tokens/service.ts";
import { vodsModule } from "./vods/module.ts";

export interface BuildOptions {
  /** Extra routes mounted beside the service's own (embedding, tests). */
  readonly routes?: readonly Route[];
  readonly clock?: CoreOptions["clock"];
  /** False only in the events benchmark: webhooks skip the outbox (see `eventsModule`). */
  readonly callbackOutbox?: boolean;
}

/** The wired service. `listen()` opens the port; `stop()` shuts down in a fixed order. */
export interface App {
  readonly config: Config;
  readonly logger: Logger;
  readonly logging: Logging;
  readonly metrics: Metrics;
  readonly databases: Databases;
  readonly supervisor: Supervisor;
  /** The worker-thread pools (`src/core/pools.ts`); tests measure theirs against the same registry. */
  readonly pools: Pools;
  readonly events: EventDispatcher;
  readonly tokens: TokenService;
  readonly apps: AppStore;
  readonly s3: S3Clients;
  readonly streams: StreamsApi;
  /** This node among the service's nodes (heartbeat, draining, its peers). */
  readonly peers: Peers;
  /** The media server's egress (stream outputs for restream, and the tests that drive it directly). */
  readonly egress: EgressApi;
  /** The camera timeline's storage: each app's totals, and the pins that keep a segment (tests pin through it). */
  readonly timeline: TimelineStorageApi;
  /** Every route mounted, the service's own and `BuildOptions.routes`. */
  readonly routes: readonly Route[];
  listen(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Builds the core, then every domain module in dependency order (each may use what the ones
 * before it provide), then the HTTP front end over all their routes. Listens nowhere until
 * `listen()`. A new domain is one more `.add(...)` line here.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  let pipeline: Pipeline | undefined;
  const core = await buildCore(config, { clock: options.clock, inFlight: () => pipeline?.pending ?? 0 });
  const { logger, databases } = core;
  try {
    const uws = requireNativeUws(config.allowUwsFallback, (message) => logger.warn(message));
    const list = ModuleList.empty(core)
      .add(peersModule)
      .add(auditModule)
      .add(accountsModule)
      .add(appsModule)
      .add(logsModule)
      .add(tokensModule)
      .add(authModule)
      .add(mediaModule)
      .add(egressModule)
      .add(clusterModule)
      .add(streamsModule)
      .add(tenantsModule)
      .add(joinTokensModule)
      .add(ingestModule)
      .add(mjpegModule)
      .add(pullModule)
      .add(playerModule)
      .add(systemModule)
      .add(vodsModule)
      .add(recordingModule)
      .add(hlsModule)
      .add(restreamModule)
      .add(pluginsModule)
      .add(timelineModule)
      .add(appStatsModule)
      .add(eventsModule({ callbackOutbox: options.callbackOutbox }))
      .add(observabilityModule)
      .add(supervisorModule)
      .add(docsModule)
      .add(consoleModule);
    const { apps, docs, egress, guard, ownership, peers, rateLimits, streams, timeline, tokens } = list.provided;
    // Deleting an app and changing its settings reach every module through the list.
    apps.service.onDelete((app, deletion) => list.forgetApp(app, deletion));
    apps.configs.onChange((app) => list.configChanged({ app }));
    apps.secrets.onChange((app, secret) => list.configChanged({ app, secret }));
    apps.secrets.onChangeElsewhere((app, secret) => list.configChanged({ app, secret }));
    await list.prepare();

    const router = new Router();
    const routes = [...list.routes(), ...(options.routes ?? [])];
    for (const route of routes) router.add(route);
    docs.describe(routes);
    pipeline = new Pipeline({ router, guard, metrics: core.metrics, logger, trustProxy: config.trustProxy, maxBodyBytes: config.maxBodyBytes, rateLimits, checkResponses: config.checkResponses });
    const server = new HttpServer({ uws, pipeline, logger, sockets: list.sockets() });

    let stopping: Promise<void> | undefined;
    return {
      ...core,
      tokens,
      apps: apps.store,
      s3: apps.s3,
      streams,
      peers,
      egress,
      timeline,
      routes,
      listen: async () => {
        const port = await server.listen(config.host, config.port);
        await list.start();
        return port;
      },
      // HTTP first so nothing new arrives, then the modules in reverse, then the actors (whose
      // leases then go to the other nodes), then the pools (a VOD actor's cleanup may still probe
      // its file), then Redis and the databases they wrote to.
      stop: () =>
        (stopping ??= (async () => {
          list.drain();
          await server.stop(config.shutdownGraceMs);
          await list.stop();
          await core.supervisor.stopAll();
          await ownership.handOver().catch((err: Error) => logger.warn({ err: err.message }, "could not hand this node's actor leases over"));
          await core.pools.close();
          await core.redis?.close();
          await databases.close();
          logger.info("stopped");
          await core.logging.close();
        })()),
    };
  } catch (err) {
    await core.pools.close();
    await core.redis?.close();
    await databases.close();
    await core.logging.close();
    throw err;
  }
}
