import { Gauge } from "prom-client";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import { clusterRoutes } from "./routes.ts";
import { ClusterService } from "./service.ts";
import { NodeStore } from "./store.ts";

/** How often nodes are checked for going stale (at most this, at least twice per threshold). */
const WATCH_EVERY_MS = 15_000;

/** The edge-node registry (SPEC 2.9, 4.6). */
export function clusterModule(core: Core, deps: { media: MediaApi }): Module {
  const { config, databases, logger } = core;
  const store = new NodeStore(databases.sql);
  const cluster = new ClusterService({
    store,
    token: config.clusterToken,
    redisUrl: config.cluster.redisUrl,
    staleMs: config.cluster.staleMs,
    media: deps.media.servers.global?.settings,
    publicUrl: config.publicUrl,
    logger,
  });
  new Gauge({
    name: "service_cluster_nodes",
    help: "Edge nodes in the cluster registry, by status and whether they are stale (no heartbeat within the threshold)",
    labelNames: ["status", "stale"],
    registers: [core.metrics.registry],
    async collect() {
      const counts = await store.counts(cluster.staleBefore());
      this.reset();
      for (const c of counts) this.labels(c.status, String(c.stale)).set(c.n);
    },
  });
  let watching: NodeJS.Timeout | undefined;
  return {
    name: "cluster",
    routes: clusterRoutes(cluster),
    start: () => {
      const watch = () => void cluster.watch().catch((err: unknown) => logger.error({ err, component: "cluster" }, "could not check cluster nodes for staleness"));
      watching = setInterval(watch, Math.min(WATCH_EVERY_MS, Math.max(500, config.cluster.staleMs / 2))).unref();
    },
    stop: () => clearInterval(watching),
  };
}
