import type { AccountsApi } from "../accounts/module.ts";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import { joinTokenRoutes } from "./routes.ts";
import { JoinTokens } from "./service.ts";

/** Join tokens for the media plane and anonymous viewer tokens (SPEC 2.4, 4.8). */
export function joinTokensModule(core: Core, deps: { accounts: AccountsApi; apps: AppsApi; media: MediaApi; quota: StreamQuota }): Module {
  const tokens = new JoinTokens({ servers: deps.media.servers, apps: deps.apps.service, quota: deps.quota, publicUrl: core.config.publicUrl });
  return { name: "join-tokens", routes: joinTokenRoutes(tokens, deps.apps.service, deps.accounts.limiter) };
}
