import path from "node:path";
import type { AuditApi } from "../audit/service.ts";
import { clusterLock } from "../core/cluster-lock.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { InTurn } from "../lib/in-turn.ts";
import { ConfigFiles } from "./config/files.ts";
import { DatabaseConfigs } from "./config/store.ts";
import { configRoutes } from "./config/routes.ts";
import { AppConfigService } from "./config/service.ts";
import { mqttRoutes } from "./mqtt/routes.ts";
import { presetRoutes } from "./presets/routes.ts";
import { appRoutes } from "./routes.ts";
import { S3Clients } from "./s3/clients.ts";
import { s3Routes } from "./s3/routes.ts";
import { AppSecrets, type AppSecretName } from "./secrets.ts";
import { AppService } from "./service.ts";
import type { AppStore } from "./store.ts";
import { transcodingRoutes } from "./transcoding/routes.ts";

/** What later modules use of apps: the registry, each app's live config, its secrets and S3. */
export interface AppsApi {
  readonly service: AppService;
  readonly store: AppStore;
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly s3: S3Clients;
  /** Resolves once the app's config and secrets are the stored ones, as far as this node has heard (another node's write read). */
  current(app: string): Promise<void>;
}

/** Apps (tenants): the registry, per-app config with backups, presets, and the S3 and MQTT blocks. */
/** How often the registry is read with no request to read it, so it hears of other nodes' apps. */
const REGISTRY_READ_MS = 1000;

export function appsModule(core: Core, deps: { audit: AuditApi }): Module<{ apps: AppsApi }> {
  const { config, logger, databases } = core;
  let registryTimer: NodeJS.Timeout | undefined;
  // On PostgreSQL every node reads the same configs from the app's schema; on SQLite they are files.
  const storage = databases.dialect === "postgres" ? new DatabaseConfigs(databases) : new ConfigFiles(path.join(config.dataDir, "apps"));
  const configs = new AppConfigService({ storage, locks: new InTurn<string>(), logger, audit: deps.audit });
  const secrets = new AppSecrets({ databases, box: core.box, logger });
  // Only nodes sharing a database (Redis configured) need the cluster lock and its reads of the database.
  const prefixLock = core.redis ? clusterLock(core.redis, logger) : undefined;
  const service = new AppService({ store: core.registry, configs, secrets, databases, dataDir: config.dataDir, logger, prefixLock });
  const current = async (app: string) => void (await Promise.all([configs.current(app), secrets.current(app)]));
  const s3 = new S3Clients({ secrets, configOf: (app) => configs.get(app), current, ssrf: core.ssrf, ambient: config.s3AmbientCredentials });
  // Every credential change goes through the secrets store: one place to record it, by name only.
  secrets.onChange((app, name, change) => deps.audit.record({ action: credentialAction(name), app, target: name, summary: { field: name, change } }));
  service.onDelete((app, deletion) => deps.audit.record({ action: "app.delete", app, target: `app:${app}`, summary: { deleteVods: deletion.deleteVods } }));
  return {
    name: "apps",
    provides: { apps: { service, store: core.registry, configs, secrets, s3, current } },
    routes: [
      ...appRoutes(service),
      ...configRoutes(configs),
      ...presetRoutes(configs),
      ...s3Routes({ configs, secrets, clients: s3, ssrf: core.ssrf }),
      ...mqttRoutes({ configs, secrets, env: config.env, ssrf: core.ssrf }),
      ...transcodingRoutes(configs),
    ],
    configChanged: ({ app, secret }) => {
      // Keys stored through PUT /s3 reset the client there; a config swap does it here.
      if (secret === undefined) s3.reset(app);
    },
    // Before any module starts: their clients read configs and secrets synchronously.
    prepare: async () => {
      const names = core.registry.snapshot().map((app) => app.name);
      await Promise.all([configs.loadAll(names), secrets.loadAll(names)]);
    },
    start: () => {
      service.logPrefixOverlaps();
      // An app another node created is read here ahead of its first use, as this node's own are:
      // its events, webhooks and adopted actors find its config and secrets loaded. The registry
      // reloads when read after another node's write, so it is read on a short timer too.
      core.registry.onAdded(async (names) => {
        await Promise.all([configs.loadAll(names), secrets.loadAll(names)]).catch((err: Error) => core.logger.warn({ err: err.message, apps: names }, "could not read new apps' config"));
      });
      // Once they are in the registry, the modules hear of their configs (a plugin to run, say).
      core.registry.onShown((names) => {
        for (const name of names) configs.announce(name);
      });
      registryTimer = setInterval(() => core.registry.list({ all: true }), REGISTRY_READ_MS);
      registryTimer.unref();
    },
    stop: () => {
      clearInterval(registryTimer);
      return s3.close();
    },
  };
}

function credentialAction(name: AppSecretName): "s3.credentials_change" | "mqtt.credentials_change" | "secret.change" {
  if (name.startsWith("s3.")) return "s3.credentials_change";
  if (name.startsWith("mqtt.")) return "mqtt.credentials_change";
  return "secret.change";
}
