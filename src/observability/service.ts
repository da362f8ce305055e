import os from "node:os";
import { problem, type Problem } from "../lib/problem.ts";
import { sameSecret } from "../lib/same-secret.ts";
import { VERSION } from "../lib/version.ts";
import type { MediaStats } from "../media/stats.ts";
import type { Metrics } from "./metrics.ts";

export interface ObservabilityDeps {
  readonly metrics: Metrics;
  readonly metricsToken: string | undefined;
  readonly instanceId: string;
  readonly startedAt: number;
  readonly countApps: () => number;
  /** Live streams across every app. */
  readonly countActiveStreams: () => Promise<number>;
  readonly media: () => Promise<MediaStats>;
  /** This node's name among the service's nodes. */
  readonly node: string;
  /** Readiness checks: each resolves to whether its part answers; `redis` is undefined when not configured. */
  readonly readiness: { database(): Promise<boolean>; redis?: () => Promise<boolean>; draining(): boolean };
}

/** The process's health, its Prometheus scrape and the service-wide stats (SPEC 4.1, 4.2). */
export class ObservabilityService {
  constructor(private readonly deps: ObservabilityDeps) {}

  health() {
    return { status: "ok", version: VERSION, instanceId: this.deps.instanceId, uptimeSeconds: this.uptimeSeconds() };
  }

  /** Whether a load balancer should send this node requests (`/health` only says the process runs). */
  async ready() {
    const { readiness, node } = this.deps;
    const [database, redis] = await Promise.all([readiness.database(), readiness.redis?.()]);
    const failed = [...(database ? [] : ["database"]), ...(redis === false ? ["redis"] : []), ...(readiness.draining() ? ["draining"] : [])];
    if (failed.length > 0) {
      return problem("service_unavailable", `node ${node} is not ready: ${failed.join(", ")}`, {
        details: { node, failed },
        headers: { "retry-after": "2" },
      });
    }
    return { status: "ready" as const, node, checks: { database: "ok" as const, redis: redis === undefined ? ("off" as const) : ("ok" as const) } };
  }

  /** The scrape, for the METRICS_TOKEN when one is set (public otherwise). */
  async scrape(token: string | undefined): Promise<{ body: string; contentType: string } | Problem> {
    const expected = this.deps.metricsToken;
    if (expected !== undefined && (token === undefined || !sameSecret(token, expected))) {
      return problem("unauthorized", "metrics need the METRICS_TOKEN as a Bearer token or ?token=", {
        headers: { "www-authenticate": 'Bearer realm="metrics"' },
      });
    }
    const registry = this.deps.metrics.registry;
    return { body: await registry.metrics(), contentType: registry.contentType };
  }

  async stats() {
    const total = os.totalmem();
    const free = os.freemem();
    const media = await this.deps.media();
    return {
      ts: new Date().toISOString(),
      node: this.deps.node,
      uptimeSeconds: this.uptimeSeconds(),
      version: VERSION,
      cpu: { loadAvg: os.loadavg(), cores: os.availableParallelism() },
      memory: { totalBytes: total, freeBytes: free, usedBytes: total - free },
      mediaServerReachable: media.mediaServerReachable,
      counts: { apps: this.deps.countApps(), rooms: media.rooms, activeStreams: await this.deps.countActiveStreams() },
      egress: media.egress,
      ingress: media.ingress,
    };
  }

  private uptimeSeconds(): number {
    return Math.floor((Date.now() - this.deps.startedAt) / 1000);
  }
}
