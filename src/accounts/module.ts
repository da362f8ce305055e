import type { AuditApi } from "../audit/service.ts";
import { createLimiter, type Limiter } from "../auth/limiter.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { SessionTokens } from "./jwt.ts";
import { logMailer, smtpMailer } from "./mailer.ts";
import { accountRoutes } from "./routes.ts";
import { AccountService, ensureBreakGlassAdmin } from "./service.ts";
import { SessionService } from "./sessions.ts";
import { AccountStore } from "./store.ts";
import { TotpService } from "./totp.ts";

/** What later modules use of the people who sign in. */
export interface AccountsApi {
  readonly store: AccountStore;
  readonly sessions: SessionService;
  readonly sessionTokens: SessionTokens;
  /** The one rate limiter (sign-in, 2FA, anonymous tokens, the API limits): in Redis when configured. */
  readonly limiter: Limiter;
}

/** Human accounts: sign-in, sessions, 2FA, magic links, invites (SPEC 4.17). */
export function accountsModule(core: Core, deps: { audit: AuditApi }): Module<{ accounts: AccountsApi }> {
  const { config, logger } = core;
  const store = new AccountStore(core.databases.sql);
  const limiter = createLimiter({ redis: core.redis, logger });
  const sessionTokens = new SessionTokens(core.persistentSecret("jwt-secret", config.jwtSecret, "SERVICE_JWT_SECRET"));
  const sessions = new SessionService({ store, db: core.databases.sql, tokens: sessionTokens });
  const totp = new TotpService({ store, box: core.box, limiter, audit: deps.audit });
  const accounts = new AccountService({
    store,
    sessions,
    totp,
    limiter,
    mailer: config.smtp.url ? smtpMailer(config.smtp.url, config.smtp.from) : logMailer(logger),
    logger,
    publicUrl: config.publicUrl,
    allowSignup: config.allowSignup,
    authzEnforce: config.authzEnforce,
    adminUsername: config.admin?.username,
    audit: deps.audit,
  });
  const admin = config.admin;
  return {
    name: "accounts",
    provides: { accounts: { store, sessions, sessionTokens, limiter } },
    routes: accountRoutes({ accounts, sessions, totp, store, allowSignup: config.allowSignup, publicUrl: config.publicUrl }),
    prepare: async () => {
      if (admin) await ensureBreakGlassAdmin(store, admin.username, admin.password);
    },
  };
}
