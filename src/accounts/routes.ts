import { humanOf } from "../auth/caller.ts";
import { quotasOf } from "../tenants/plans.ts";
import { isProblem, problem } from "../lib/problem.ts";
import { ok, okOr, text } from "../http/reply.ts";
import { defineRoute, type RequestContext, type Route } from "../http/route.ts";
import {
  codeBody,
  inviteBody,
  loginBody,
  magicRequestBody,
  magicVerifyBody,
  passwordBody,
  sessionParams,
  signupBody,
} from "./schemas.ts";
import { magicLinkPage } from "./magic-page.ts";
import type { AccountService, Client } from "./service.ts";
import type { SessionService } from "./sessions.ts";
import type { AccountStore } from "./store.ts";
import type { TotpService } from "./totp.ts";

export interface AccountRouteDeps {
  readonly accounts: AccountService;
  readonly sessions: SessionService;
  readonly totp: TotpService;
  readonly store: AccountStore;
  readonly allowSignup: boolean;
  /** Where the service is reached from outside, as magic links are built. */
  readonly publicUrl: string;
}

function client(ctx: RequestContext): Client {
  return { ip: ctx.ip, userAgent: ctx.headers["user-agent"] ?? "" };
}

/** SPEC 4.17: sign-in, sign-up, magic links, sessions, 2FA, password and invites. */
export function accountRoutes(d: AccountRouteDeps): Route[] {
  const signedIn = (result: { token: string } | ReturnType<typeof problem>) => (isProblem(result) ? result : ok({ token: result.token }));
  const gone = problem("unauthorized", "the account no longer exists");
  const currentUser = (ctx: RequestContext) => d.store.userById(humanOf(ctx).userId) ?? gone;
  const page = magicLinkPage(d.publicUrl);
  const magicPage = text(page.html, "text/html; charset=utf-8", 200, page.headers);
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/auth/config",
      auth: "public",
      handler: async () => ok({ allowSignup: d.allowSignup }),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/login",
      auth: "public",
      body: loginBody,
      handler: async (ctx) => signedIn(await d.accounts.login(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/signup",
      auth: "public",
      body: signupBody,
      handler: async (ctx) => signedIn(await d.accounts.signup(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/magic/request",
      auth: "public",
      body: magicRequestBody,
      handler: async (ctx) => (await d.accounts.requestMagicLink(ctx.body.email, client(ctx))) ?? ok({ requested: true }, 202),
    }),
    // Where the mailed link leads: one static page for GET and HEAD alike, so fetching it (as mail
    // scanners do) has no effect; only the page's POST to the verify route below uses the link.
    defineRoute({
      method: "GET",
      path: "/auth/magic",
      auth: "public",
      handler: async () => magicPage,
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/magic/verify",
      auth: "public",
      body: magicVerifyBody,
      handler: async (ctx) => signedIn(await d.accounts.verifyMagicLink(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/auth/sessions",
      auth: "human",
      handler: async (ctx) => {
        const me = humanOf(ctx);
        return ok(d.sessions.list(me.userId, me.sessionId));
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/auth/sessions",
      auth: "human",
      handler: async (ctx) => {
        const me = humanOf(ctx);
        return ok({ revoked: d.sessions.revokeOthers(me.userId, me.sessionId) });
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/auth/sessions/{id}",
      auth: "human",
      params: sessionParams,
      handler: async (ctx) =>
        d.sessions.revoke(humanOf(ctx).userId, ctx.params.id)
          ? ok({ revoked: 1 })
          : problem("not_found", `no live session ${ctx.params.id} of yours`),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/account",
      auth: "human",
      handler: async (ctx) => {
        const me = humanOf(ctx);
        const user = currentUser(ctx);
        if (isProblem(user)) return user;
        return ok({
          id: user.id,
          email: user.email,
          username: user.username,
          superadmin: me.superadmin,
          teamId: user.team_id,
          role: user.role,
          twoFactorEnabled: d.totp.isEnabled(user),
        });
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/account/password",
      auth: "human",
      body: passwordBody,
      handler: async (ctx) => {
        const changed = await d.accounts.changePassword(humanOf(ctx), ctx.body);
        return okOr(changed);
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/account/2fa/setup",
      auth: "human",
      handler: async (ctx) => {
        const user = currentUser(ctx);
        if (isProblem(user)) return user;
        const setup = await d.totp.setup(user);
        return okOr(setup);
      },
    }),
    ...(["enable", "disable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/account/2fa/${action}`,
        auth: "human",
        body: codeBody,
        handler: async (ctx) => {
          const me = humanOf(ctx);
          const user = currentUser(ctx);
          if (isProblem(user)) return user;
          const done = await d.totp[action](user, ctx.body.code);
          if (isProblem(done)) return done;
          // A change to how someone signs in ends every other session they have.
          return ok({ twoFactorEnabled: action === "enable", revokedSessions: d.sessions.revokeOthers(me.userId, me.sessionId) });
        },
      }),
    ),
    defineRoute({
      method: "GET",
      path: "/api/v1/tenant",
      auth: "human",
      handler: async (ctx) => {
        const me = humanOf(ctx);
        const team = me.teamId === null ? undefined : d.store.teamById(me.teamId);
        if (!team) return problem("not_found", "this account belongs to no team");
        return ok({ id: team.id, name: team.name, plan: team.plan, role: me.role, createdAt: team.created_at, quotas: quotasOf(team.plan) });
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/tenant/invites",
      auth: "human",
      body: inviteBody,
      handler: async (ctx) => {
        const invite = d.accounts.invite(humanOf(ctx), ctx.body);
        return okOr(invite, 201);
      },
    }),
  ];
}
