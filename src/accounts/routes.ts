import { humanOf } from "../auth/caller.ts";
import { isProblem, problem } from "../lib/problem.ts";
import { ok, okOr, text } from "../http/reply.ts";
import { defineRoute, type RequestContext, type Route } from "../http/route.ts";
import {
  accountResponse,
  authConfigResponse,
  codeBody,
  inviteBody,
  inviteResponse,
  loginBody,
  magicRequestBody,
  magicRequestedResponse,
  magicVerifyBody,
  passwordBody,
  passwordChangedResponse,
  revokedResponse,
  sessionParams,
  sessionsResponse,
  signedInResponse,
  signupBody,
  tenantResponse,
  twoFactorResponse,
  twoFactorSetupResponse,
} from "./schemas.ts";
import { magicLinkPage } from "./magic-page.ts";
import { AccountSelf, type AccountSelfDeps } from "./self.ts";
import type { AccountService, Client } from "./service.ts";

export interface AccountRouteDeps extends AccountSelfDeps {
  readonly accounts: AccountService;
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
  const self = new AccountSelf(d);
  const page = magicLinkPage(d.publicUrl);
  const magicPage = text(page.html, "text/html; charset=utf-8", 200, page.headers);
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/auth/config",
      auth: "public",
      response: authConfigResponse,
      handler: async () => ok({ allowSignup: d.allowSignup }),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/login",
      auth: "public",
      body: loginBody,
      response: signedInResponse,
      errors: ["invalid_credentials", "totp_required", "totp_invalid"],
      handler: async (ctx) => signedIn(await d.accounts.login(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/signup",
      auth: "public",
      body: signupBody,
      response: signedInResponse,
      errors: ["signup_disabled", "invalid_credentials", "conflict"],
      handler: async (ctx) => signedIn(await d.accounts.signup(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/magic/request",
      auth: "public",
      body: magicRequestBody,
      response: magicRequestedResponse,
      responseStatus: 202,
      handler: async (ctx) => (await d.accounts.requestMagicLink(ctx.body.email, client(ctx))) ?? ok({ requested: true }, 202),
    }),
    // Where the mailed link leads: one static page for GET and HEAD alike, so fetching it (as mail
    // scanners do) has no effect; only the page's POST to the verify route below uses the link.
    defineRoute({
      method: "GET",
      path: "/auth/magic",
      auth: "public",
      responseType: "text/html",
      handler: async () => magicPage,
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/auth/magic/verify",
      auth: "public",
      body: magicVerifyBody,
      response: signedInResponse,
      errors: ["invalid_credentials", "totp_required", "totp_invalid"],
      handler: async (ctx) => signedIn(await d.accounts.verifyMagicLink(ctx.body, client(ctx))),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/auth/sessions",
      auth: "human",
      response: sessionsResponse,
      handler: async (ctx) => {
        const me = humanOf(ctx);
        return ok(await d.sessions.list(me.userId, me.sessionId));
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/auth/sessions",
      auth: "human",
      response: revokedResponse,
      handler: async (ctx) => {
        const me = humanOf(ctx);
        return ok({ revoked: await d.sessions.revokeOthers(me.userId, me.sessionId) });
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/auth/sessions/{id}",
      auth: "human",
      params: sessionParams,
      response: revokedResponse,
      errors: ["not_found"],
      handler: async (ctx) =>
        (await d.sessions.revoke(humanOf(ctx).userId, ctx.params.id))
          ? ok({ revoked: 1 })
          : problem("not_found", `no live session ${ctx.params.id} of yours`),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/account",
      auth: "human",
      response: accountResponse,
      handler: async (ctx) => okOr(await self.account(humanOf(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/account/password",
      auth: "human",
      body: passwordBody,
      response: passwordChangedResponse,
      errors: ["invalid_credentials"],
      handler: async (ctx) => {
        const changed = await d.accounts.changePassword(humanOf(ctx), ctx.body);
        return okOr(changed);
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/account/2fa/setup",
      auth: "human",
      response: twoFactorSetupResponse,
      errors: ["conflict"],
      handler: async (ctx) => okOr(await self.twoFactorSetup(humanOf(ctx))),
    }),
    ...(["enable", "disable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/account/2fa/${action}`,
        auth: "human",
        body: codeBody,
        response: twoFactorResponse,
        errors: ["conflict", "totp_required", "totp_invalid"],
        handler: async (ctx) => okOr(await self.twoFactor(humanOf(ctx), action, ctx.body.code)),
      }),
    ),
    defineRoute({
      method: "GET",
      path: "/api/v1/tenant",
      auth: "human",
      response: tenantResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await self.tenant(humanOf(ctx))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/tenant/invites",
      auth: "human",
      body: inviteBody,
      response: inviteResponse,
      responseStatus: 201,
      handler: async (ctx) => {
        const invite = await d.accounts.invite(humanOf(ctx), ctx.body);
        return okOr(invite, 201);
      },
    }),
  ];
}
