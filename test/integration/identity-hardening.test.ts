import assert from "node:assert/strict";
import { statSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { TotpSetup } from "../../src/accounts/totp.ts";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { dataOf } from "../helpers/envelope.ts";
import { acceptInvite, account, createToken, invite, PASSWORD, signup, totpCode } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRow } from "../helpers/rows.ts";
import { registerApp } from "../helpers/apps.ts";

/** Attacks found in review, each kept as a regression test. */
describe("identity under attack", () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startServer(
      { SERVICE_ALLOW_SIGNUP: "on" },
      {
        routes: [
          defineRoute({ method: "DELETE", path: "/api/v1/apps/{app}/probe", auth: "any", app: true, permission: "app:delete", handler: async () => ok(true) }),
        ],
      },
    );
    owner = await signup(server, "owner@h.example", "H");
    await registerApp(server, "happ", (await account(server, owner)).teamId);
  });
  after(() => server.close());

  it("does not let an admin escape their role by minting an app token", async () => {
    const admin = await acceptInvite(server, "admin@h.example", await invite(server, owner, "admin@h.example", "admin"));
    const appId = server.app.apps.findByName("happ")?.id;
    const { token } = await createToken(server, admin, { scope: "app", appId });
    assert.equal((await server.request("DELETE", "/api/v1/apps/happ/probe", { token: admin })).status, 403);
    assert.equal((await server.request("DELETE", "/api/v1/apps/happ/probe", { token })).status, 403);
    const ownerToken = await createToken(server, owner, { scope: "app", appId });
    assert.equal((await server.request("DELETE", "/api/v1/apps/happ/probe", { token: ownerToken.token })).status, 200);
  });

  it("does not let an IP-restricted token mint a less restricted one", async () => {
    const restricted = await createToken(server, server.rootToken, { scope: "global", allowedIps: ["127.0.0.0/8"] });
    const open = await server.request("POST", "/api/v1/tokens", { token: restricted.token, body: { name: "x", scope: "global" } });
    assert.equal(open.status, 403);
    const wider = await server.request("POST", "/api/v1/tokens", { token: restricted.token, body: { name: "x", scope: "global", allowedIps: ["0.0.0.0/0"] } });
    assert.equal(wider.status, 403);
    const narrower = await server.request("POST", "/api/v1/tokens", { token: restricted.token, body: { name: "x", scope: "global", allowedIps: ["127.0.0.1"] } });
    assert.equal(narrower.status, 201);
  });

  it("accepts a TOTP code once even when sign-ins race", async () => {
    const jwt = await signup(server, "race@h.example", "Race");
    const setup = await server.request("POST", "/api/v1/account/2fa/setup", { token: jwt });
    const secret = dataOf<TotpSetup>(setup).secret;
    await server.request("POST", "/api/v1/account/2fa/enable", { token: jwt, body: { code: await totpCode(secret) } });
    const code = await totpCode(secret, 1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => server.request("POST", "/api/v1/auth/login", { body: { user: "race@h.example", password: PASSWORD, code } })),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1);
  });

  it("counts parallel password guesses before checking them", async () => {
    await signup(server, "target@h.example", "Target");
    const results = await Promise.all(
      Array.from({ length: 15 }, () => server.request("POST", "/api/v1/auth/login", { body: { user: "target@h.example", password: "a wrong guess" } })),
    );
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 401).length, 10);
    assert.equal(statuses.filter((s) => s === 429).length, 5);
  });

  it("answers racing sign-ups for one email with one account and 409s, never 500", async () => {
    const results = await Promise.all(
      Array.from({ length: 3 }, () => server.request("POST", "/api/v1/auth/signup", { body: { email: "twin@h.example", password: PASSWORD, teamName: "T" } })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409]);
    assert.equal((await globalRow(server, sql<{ n: number }>`SELECT count(*) AS n FROM users WHERE email = 'twin@h.example'`))?.n, 1);
  });

  it("keeps the log file, which may carry mail without SMTP, readable by its owner only", () => {
    assert.equal(statSync(path.join(server.dataDir, "service.log")).mode & 0o777, 0o600);
  });
});
