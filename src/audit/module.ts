import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { auditRoutes } from "./routes.ts";
import { AuditLog, type AuditApi } from "./service.ts";
import { AuditStore } from "./store.ts";

/**
 * The audit log of security and configuration changes. Listed first, so every domain that makes
 * such changes (accounts, tokens, apps) can record them through `audit.record(...)`.
 */
export function auditModule(core: Core): Module<{ audit: AuditApi }> {
  const log = new AuditLog({ store: new AuditStore(core.databases.global), apps: core.registry, logger: core.logger });
  return { name: "audit", provides: { audit: log }, routes: auditRoutes(log) };
}
