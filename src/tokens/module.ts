import type { AppsApi } from "../apps/module.ts";
import type { AuditApi } from "../audit/service.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { tokenRoutes } from "./routes.ts";
import { TokenService } from "./service.ts";

/** API tokens, global and per app (SPEC 4.5). */
export function tokensModule(core: Core, deps: { apps: AppsApi; audit: AuditApi }): Module<{ tokens: TokenService }> {
  const tokens = new TokenService({ db: core.databases.sql, apps: deps.apps.store, authzEnforce: core.config.authzEnforce, audit: deps.audit });
  return { name: "tokens", provides: { tokens }, routes: tokenRoutes(tokens) };
}
