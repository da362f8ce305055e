import path from "node:path";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { Peers } from "../peers/service.ts";
import { ClusterLogs } from "./cluster.ts";
import { logRoutes } from "./routes.ts";
import { LogSink } from "./service.ts";

/** How often lines beyond the retention are pruned. */
const PRUNE_EVERY_MS = 60_000;

/** The queryable log store (SPEC 4.7 `/logs`): every line the service logs, in `<dataDir>/logs.db`. */
export function logsModule(core: Core, deps: { apps: AppsApi; peers: Peers }): Module {
  const { config, logging, logger } = core;
  if (!config.logStore.enabled) return { name: "logs", routes: logRoutes(undefined, deps.apps.service) };
  const sink = new LogSink({ pool: core.pools.logStore, file: path.join(config.dataDir, "logs.db"), node: config.node.id, maxAgeMs: config.logStore.maxAgeMs, maxRows: config.logStore.maxRows, logger });
  const unsubscribe = logging.subscribe((record) => sink.record(record));
  let pruning: NodeJS.Timeout | undefined;
  return {
    name: "logs",
    provides: {},
    routes: logRoutes(new ClusterLogs(sink, deps.peers), deps.apps.service),
    start: () => {
      void sink.prune();
      pruning = setInterval(() => void sink.prune(), PRUNE_EVERY_MS).unref();
    },
    stop: async () => {
      clearInterval(pruning);
      unsubscribe();
      await sink.close();
    },
  };
}
