import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { generate } from "otplib";
import { dataOf } from "./envelope.ts";
import type { TestServer } from "./server.ts";

export const PASSWORD = "correct horse battery";

/** Signs up through the API (needs SERVICE_ALLOW_SIGNUP=on, or an invite) and answers the JWT. */
export async function signup(server: TestServer, email: string, teamName?: string): Promise<string> {
  const res = await server.request("POST", "/api/v1/auth/signup", { body: { email, password: PASSWORD, teamName } });
  assert.equal(res.status, 200, res.text);
  return dataOf<{ token: string }>(res).token;
}

/** Invites `email` with `inviter`'s credential and answers the code from the invite mail. */
export async function invite(server: TestServer, inviter: string, email: string, role?: "admin" | "member"): Promise<string> {
  const res = await server.request("POST", "/api/v1/tenant/invites", { token: inviter, body: { email, role } });
  assert.equal(res.status, 201, res.text);
  for (let i = 0; i < 50; i++) {
    const mail = server.mails.findLast((m) => m.to === email.toLowerCase());
    const code = mail && /#\/invite\?code=([\w-]+)/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no invite mail for ${email}`);
}

/** Completes an invite through signup and answers the JWT. */
export async function acceptInvite(server: TestServer, email: string, code: string): Promise<string> {
  const res = await server.request("POST", "/api/v1/auth/signup", { body: { email, password: PASSWORD, invite: code } });
  assert.equal(res.status, 200, res.text);
  return dataOf<{ token: string }>(res).token;
}

export async function login(server: TestServer, user: string, password = PASSWORD, code?: string): Promise<string> {
  const res = await server.request("POST", "/api/v1/auth/login", { body: { user, password, code } });
  assert.equal(res.status, 200, res.text);
  return dataOf<{ token: string }>(res).token;
}

export async function account(server: TestServer, jwt: string): Promise<{ id: number; teamId: number | null; role: string | null }> {
  const res = await server.request("GET", "/api/v1/account", { token: jwt });
  assert.equal(res.status, 200, res.text);
  return dataOf<{ id: number; teamId: number | null; role: string | null }>(res);
}

/** Creates an API token with the given credential and answers `{ id, token }`. */
export async function createToken(
  server: TestServer,
  credential: string,
  body: Record<string, unknown>,
): Promise<{ id: number; token: string }> {
  const res = await server.request("POST", "/api/v1/tokens", { token: credential, body: { name: "test", ...body } });
  assert.equal(res.status, 201, res.text);
  return res.json as { id: number; token: string };
}

/** A JWT signed with the server's own secret but claims of the test's choosing. */
export async function forgeJwt(
  server: TestServer,
  claims: { sub: string; sid?: string; expiresAt?: number },
  // Configured (every node's, as on PostgreSQL), or generated into the data dir on SQLite's first start.
  secret = server.app.config.jwtSecret ?? readFileSync(path.join(server.dataDir, "jwt-secret"), "utf8").trim(),
): Promise<string> {
  const jwt = new SignJWT(claims.sid === undefined ? {} : { sid: claims.sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuer("service-core")
    .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
    .setExpirationTime(claims.expiresAt ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** The claims of a JWT, without verifying it. */
export function claimsOf(jwt: string): { sub: string; sid?: string } {
  return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as { sub: string; sid?: string };
}

/** A TOTP code for `secret`, `offsetSteps` steps from now. */
export function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}
