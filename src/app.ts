import path from "node:path";
import type { Logger } from "pino";
import { SessionTokens } from "./accounts/jwt.ts";
import { logMailer, smtpMailer } from "./accounts/mailer.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { AccountService, ensureBreakGlassAdmin } from "./accounts/service.ts";
import { SessionService } from "./accounts/sessions.ts";
import { AccountStore } from "./accounts/store.ts";
import { TotpService } from "./accounts/totp.ts";
import { AppLocks, ConfigFiles } from "./apps/config/files.ts";
import { configRoutes } from "./apps/config/routes.ts";
import { AppConfigService } from "./apps/config/service.ts";
import { mqttRoutes } from "./apps/mqtt/routes.ts";
import { presetRoutes } from "./apps/presets/routes.ts";
import { appRoutes } from "./apps/routes.ts";
import { S3Clients } from "./apps/s3/clients.ts";
import { s3Routes } from "./apps/s3/routes.ts";
import { appStatsRoutes } from "./apps/stats.ts";
import { transcodingRoutes } from "./apps/transcoding/routes.ts";
import { AppSecrets } from "./apps/secrets.ts";
import { AppService } from "./apps/service.ts";
import { AppStore } from "./apps/store.ts";
import { Guard } from "./auth/guard.ts";
import { RateLimiter } from "./auth/rate-limit.ts";
import type { Config } from "./config.ts";
import { Databases } from "./db/databases.ts";
import { Pipeline } from "./http/pipeline.ts";
import type { Route } from "./http/route.ts";
import { Router } from "./http/router.ts";
import { HttpServer } from "./http/server.ts";
import { requireNativeUws } from "./http/uws.ts";
import { createLogging, type Logging } from "./logging.ts";
import { EventDispatcher } from "./events/dispatcher.ts";
import { LatencyMonitor } from "./events/latency-monitor.ts";
import { EventMetrics } from "./events/metrics.ts";
import { MqttPublisher } from "./events/mqtt.ts";
import { deliveryRoutes } from "./events/routes.ts";
import { WebhookClient } from "./events/webhook-client.ts";
import { WebhookDeliverer } from "./events/webhooks.ts";
import { IngressService, ingressRoutes } from "./media/ingress.ts";
import { JoinTokens } from "./media/join-tokens.ts";
import { StreamQuota } from "./media/quota.ts";
import { webhookRoutes } from "./media/webhook-routes.ts";
import { mediaTokenRoutes } from "./media/routes.ts";
import { mediaServerFrom } from "./media/server.ts";
import { MediaServers } from "./media/servers.ts";
import { mediaSettingsRoutes } from "./media/settings-routes.ts";
import { mediaStats } from "./media/stats.ts";
import { MjpegHub } from "./mjpeg/hub.ts";
import { registerMjpegMetrics } from "./mjpeg/metrics.ts";
import { playbackRoutes } from "./mjpeg/playback.ts";
import { PlayAccess } from "./mjpeg/play-access.ts";
import { cameraKeyRoutes } from "./mjpeg/routes.ts";
import { CAMERA_PATH, cameraSocket } from "./mjpeg/socket.ts";
import { Metrics } from "./observability/metrics.ts";
import { observabilityRoutes } from "./observability/routes.ts";
import { SecretBox } from "./secrets/box.ts";
import { resolvePersistentSecret } from "./secrets/persistent-secret.ts";
import { parseSsrfAllowlist } from "./lib/ssrf.ts";
import { supervisorRoutes } from "./supervisor/routes.ts";
import { Supervisor, type SupervisorOptions } from "./supervisor/supervisor.ts";
import { StreamReconciler } from "./streams/reconciler.ts";
import { streamRoutes } from "./streams/routes.ts";
import { StreamTracker } from "./streams/tracker.ts";
import { tokenRoutes } from "./tokens/routes.ts";
import { TokenService } from "./tokens/service.ts";

export interface BuildOptions {
  /** Extra routes mounted beside the service's own (embedding, tests). */
  readonly routes?: readonly Route[];
  readonly clock?: SupervisorOptions["clock"];
  /**
   * Deliver webhooks without writing them to the outbox first (default true: written). Only the
   * events benchmark turns it off, to measure what durability costs.
   */
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
  readonly tokens: TokenService;
  readonly apps: AppStore;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly events: EventDispatcher;
  readonly reconciler: StreamReconciler;
  listen(): Promise<number>;
  stop(): Promise<void>;
}

/** Builds every component from the config; listens nowhere until `listen()`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const logging = createLogging({ ...config.log, dir: config.dataDir });
  const logger = logging.logger;
  let databases: Databases | undefined;
  try {
    const uws = requireNativeUws(config.allowUwsFallback, (message) => logger.warn(message));
    databases = new Databases({ dataDir: config.dataDir, logger });
    const db = databases.global;
    const secret = (file: string, configured: string | undefined, variable: string) =>
      resolvePersistentSecret({ file, configured, variable }, config.dataDir, logger);
    const sessionTokens = new SessionTokens(secret("jwt-secret", config.jwtSecret, "SERVICE_JWT_SECRET"));
    const box = new SecretBox(secret("master-key", config.masterKey, "SERVICE_MASTER_KEY"));
    // Read at scrape time only, after `pipeline` exists.
    const metrics: Metrics = new Metrics({
      defaultMetrics: config.metrics.defaultMetrics,
      inFlight: (): number => pipeline.pending,
    });
    const supervisor = new Supervisor({ logger, clock: options.clock });

    const limiter = new RateLimiter();
    const apps = new AppStore(db);
    const accountStore = new AccountStore(db);
    if (config.admin) await ensureBreakGlassAdmin(accountStore, config.admin.username, config.admin.password);
    const sessions = new SessionService(accountStore, sessionTokens);
    const totp = new TotpService(accountStore, box, limiter);
    const accounts = new AccountService({
      store: accountStore,
      sessions,
      totp,
      limiter,
      mailer: config.smtp.url ? smtpMailer(config.smtp.url, config.smtp.from) : logMailer(logger),
      logger,
      publicUrl: config.publicUrl,
      allowSignup: config.allowSignup,
      authzEnforce: config.authzEnforce,
      adminUsername: config.admin?.username,
    });
    const tokens = new TokenService({ db, apps, authzEnforce: config.authzEnforce });
    const configFiles = new ConfigFiles(path.join(config.dataDir, "apps"));
    const configs = new AppConfigService(configFiles, new AppLocks(), logger);
    const appSecrets = new AppSecrets(databases, box);
    const appService = new AppService({ store: apps, configs, secrets: appSecrets, databases, dataDir: config.dataDir, logger });
    const s3 = new S3Clients(appSecrets, (app) => configs.get(app));
    const media = new MediaServers(mediaServerFrom(config.livekit), configs, appSecrets, apps);
    const events = new EventDispatcher((app) => apps.findByName(app) !== undefined, logger);
    const tracker = new StreamTracker(appService, databases, events, logger);
    const quota = new StreamQuota(db, apps, accountStore, tracker);
    const joinTokens = new JoinTokens(media, appService, quota, config.publicUrl);
    const mjpeg = new MjpegHub({ apps: appService, databases, tracker, quota, logger });
    registerMjpegMetrics(metrics.registry, mjpeg);
    const reconciler = new StreamReconciler(media, tracker, appService, apps, mjpeg, logger);
    configs.onChange((app) => s3.reset(app));
    configs.onChange((name) => {
      const app = apps.findByName(name);
      if (app) mjpeg.reconfigure(app);
    });
    const ssrf = parseSsrfAllowlist(config.ssrfAllowlist);
    const eventMetrics = new EventMetrics(metrics.registry, events);
    const webhookClient = new WebhookClient(ssrf);
    const webhooks = new WebhookDeliverer({
      apps,
      configs,
      secrets: appSecrets,
      databases,
      client: webhookClient,
      logger,
      count: (app, event, result) => eventMetrics.countCallback(app, event, result),
      volatile: options.callbackOutbox === false,
    });
    const mqtt = new MqttPublisher({ configs, secrets: appSecrets, env: config.env, logger, count: (app, result) => eventMetrics.countMqtt(app, result) });
    events.onEvent((e) => webhooks.enqueue(e));
    events.onEvent((e) => mqtt.publishEvent(e));
    logging.subscribe((record) => mqtt.publishLog(record));
    const latency = new LatencyMonitor({ apps, appService, configs, servers: media, tracker, local: mjpeg, supervisor, events, logger });
    appService.onDelete((app) => {
      media.forget(app);
      mjpeg.closeApp(app);
      webhooks.forget(app);
      mqtt.close(app);
      latency.forget(app);
      events.forget(app);
      eventMetrics.forget(app);
    });
    const guard = new Guard({ tokens, sessionTokens, sessions, accounts: accountStore, apps, authzEnforce: config.authzEnforce });

    const router = new Router();
    const routes = [
      ...observabilityRoutes({
        metrics,
        metricsToken: config.metrics.token,
        instanceId: databases.instanceId,
        startedAt: Date.now(),
        countApps: () => apps.count(),
        countActiveStreams: () => apps.list({ all: true }).reduce((n, app) => n + tracker.store(app).active().length, 0),
        media: mediaStats(media.global),
      }),
      ...supervisorRoutes(supervisor),
      ...tokenRoutes(tokens),
      ...appRoutes(appService),
      ...configRoutes(configs, configFiles),
      ...presetRoutes(configs),
      ...s3Routes({ configs, secrets: appSecrets, clients: s3 }),
      ...mqttRoutes({ configs, secrets: appSecrets, env: config.env }),
      ...transcodingRoutes(configs),
      ...appStatsRoutes(appService),
      ...mediaTokenRoutes(joinTokens, apps, limiter),
      ...webhookRoutes(media, tracker, db, logger),
      ...mediaSettingsRoutes(configs, appSecrets, media),
      ...ingressRoutes(
        new IngressService({ servers: media, apps: appService, databases, box, publicUrl: config.publicUrl, ssrf }),
      ),
      ...streamRoutes({ servers: media, tracker, apps: appService, events, local: mjpeg, logger }),
      ...deliveryRoutes(webhooks),
      ...cameraKeyRoutes({ hub: mjpeg, apps: appService, quota, publicUrl: config.publicUrl }),
      ...playbackRoutes({ hub: mjpeg, apps: appService, access: new PlayAccess(appService, media) }),
      ...accountRoutes({ accounts, sessions, totp, store: accountStore, allowSignup: config.allowSignup }),
      ...(options.routes ?? []),
    ];
    for (const route of routes) router.add(route);
    const pipeline: Pipeline = new Pipeline({
      router,
      guard,
      metrics,
      logger,
      trustProxy: config.trustProxy,
      maxBodyBytes: config.maxBodyBytes,
    });
    let accepting = true;
    const server = new HttpServer({
      uws,
      pipeline,
      logger,
      sockets: [{ path: CAMERA_PATH, behavior: cameraSocket(mjpeg, appService, () => accepting) }],
    });

    const opened = databases;
    let stopping: Promise<void> | undefined;
    return {
      config,
      logger,
      logging,
      metrics,
      databases: opened,
      supervisor,
      tokens,
      apps,
      configs,
      s3,
      events,
      reconciler,
      listen: async () => {
        const port = await server.listen(config.host, config.port);
        mjpeg.start();
        webhooks.start();
        latency.start();
        reconciler.start();
        return port;
      },
      // HTTP first so nothing new arrives, then actors, then the databases they write to.
      stop: () =>
        (stopping ??= (async () => {
          // Live streams never finish on their own: they end first, then requests get their grace.
          accepting = false;
          mjpeg.shutdown();
          await server.stop(config.shutdownGraceMs);
          reconciler.stop();
          latency.stop();
          // Deliveries not yet made stay in the outbox and resume at the next start.
          await webhooks.stop();
          await mqtt.stop();
          supervisor.stopAll();
          s3.close();
          opened.close();
          logger.info("stopped");
          await logging.close();
        })()),
    };
  } catch (err) {
    databases?.close();
    await logging.close();
    throw err;
  }
}
