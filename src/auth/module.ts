import type { AccountsApi } from "../accounts/module.ts";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { TokenService } from "../tokens/service.ts";
import { ApiRateLimits } from "./api-limits.ts";
import { Guard } from "./guard.ts";
import { SharedRequestWindows } from "./request-windows.ts";

/**
 * The route guard the HTTP pipeline asks about every request (who calls, and may they), and the
 * API-wide request limits it counts them against.
 */
export function authModule(
  core: Core,
  deps: { accounts: AccountsApi; apps: AppsApi; tokens: TokenService },
): Module<{ guard: Guard; rateLimits: ApiRateLimits }> {
  const guard = new Guard({
    tokens: deps.tokens,
    sessionTokens: deps.accounts.sessionTokens,
    sessions: deps.accounts.sessions,
    accounts: deps.accounts.store,
    apps: deps.apps.store,
    current: deps.apps.current,
    authzEnforce: core.config.authzEnforce,
    unavailable: (app) => core.databases.availability(app),
    clusterToken: core.config.clusterToken,
  });
  // Every request is counted: with Redis, far from their limits the windows are counted in batches.
  const shared = core.redis ? new SharedRequestWindows(core.redis, core.logger) : undefined;
  const rateLimits = new ApiRateLimits({ ...core.config.rateLimit, planOf: (teamId) => deps.accounts.store.planOf(teamId), limiter: shared ?? deps.accounts.limiter });
  return { name: "auth", provides: { guard, rateLimits }, stop: () => shared?.close() };
}
