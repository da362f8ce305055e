import type { AccountsApi } from "../accounts/module.ts";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { TokenService } from "../tokens/service.ts";
import { Guard } from "./guard.ts";

/** The route guard the HTTP pipeline asks about every request: who calls, and may they. */
export function authModule(core: Core, deps: { accounts: AccountsApi; apps: AppsApi; tokens: TokenService }): Module<{ guard: Guard }> {
  const guard = new Guard({
    tokens: deps.tokens,
    sessionTokens: deps.accounts.sessionTokens,
    sessions: deps.accounts.sessions,
    accounts: deps.accounts.store,
    apps: deps.apps.store,
    authzEnforce: core.config.authzEnforce,
    unavailable: (app) => core.databases.availability(app),
    clusterToken: core.config.clusterToken,
  });
  return { name: "auth", provides: { guard } };
}
