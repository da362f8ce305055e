import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { auditRoutes } from "./routes.ts";
import { AuditLog, type AuditApi } from "./service.ts";
import { AuditStore } from "./store.ts";

/** How often entries past the retention are pruned: retention is counted in days. */
const PRUNE_EVERY_MS = 3600_000;

/**
 * The audit log of security and configuration changes. Listed first, so every domain that makes
 * such changes (accounts, tokens, apps) can record them through `audit.record(...)`.
 */
export function auditModule(core: Core): Module<{ audit: AuditApi }> {
  const log = new AuditLog({
    store: new AuditStore(core.databases.sql),
    apps: core.registry,
    logger: core.logger,
    retentionMs: core.config.audit.retentionMs,
  });
  const prune = () => void log.prune().catch((err: unknown) => core.logger.error({ err }, "could not prune the audit log"));
  let pruning: NodeJS.Timeout | undefined;
  return {
    name: "audit",
    provides: { audit: log },
    routes: auditRoutes(log),
    start: () => {
      prune();
      pruning = setInterval(prune, PRUNE_EVERY_MS).unref();
    },
    stop: () => clearInterval(pruning),
  };
}
