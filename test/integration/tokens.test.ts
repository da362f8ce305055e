import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { LogRecord } from "../../src/logging.ts";
import type { TokenView } from "../../src/tokens/service.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { account, createToken, signup } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRow } from "../helpers/rows.ts";
import { registerApp } from "../helpers/apps.ts";

describe("API tokens (SPEC 2.2, 4.5)", () => {
  let server: TestServer;
  const logs: string[] = [];
  let alphaId: number;
  let betaId: number;

  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_TRUST_PROXY: "127.0.0.1/32", SERVICE_LOG_LEVEL: "trace" });
    server.app.logging.subscribe((r: LogRecord) => logs.push(JSON.stringify(r)));
    const owner = await signup(server, "owner@a.example", "Team A");
    const teamA = (await account(server, owner)).teamId;
    alphaId = (await registerApp(server, "alpha", teamA)).id;
    betaId = (await registerApp(server, "beta", null)).id;
  });
  after(() => server.close());

  it("returns the plaintext once as the bare body { id, token }; lists never show it or its hash", async () => {
    const res = await server.request("POST", "/api/v1/tokens", {
      token: server.rootToken,
      body: { name: "ci deploy", scope: "app", appId: alphaId, allowedIps: ["10.0.0.0/8", "2001:db8::/32"] },
    });
    assert.equal(res.status, 201);
    const created = res.json as { id: number; token: string };
    assert.deepEqual(Object.keys(created).sort(), ["id", "token"]);
    assert.match(created.token, /^sk_/);

    const list = await server.request("GET", "/api/v1/tokens", { token: server.rootToken });
    assert.equal(list.status, 200);
    assert.ok(!list.text.includes(created.token));
    assert.doesNotMatch(list.text, /[0-9a-f]{64}/);
    const row = dataOf<TokenView[]>(list).find((t) => t.id === created.id);
    assert.deepEqual(
      { name: row?.name, scope: row?.scope, appId: row?.appId, allowedIps: row?.allowedIps },
      { name: "ci deploy", scope: "app", appId: alphaId, allowedIps: ["10.0.0.0/8", "2001:db8::/32"] },
    );
    assert.equal(row?.hint, `sk_…${created.token.slice(-4)}`);
    const stored = await globalRow(server, sql`SELECT * FROM api_tokens WHERE id = ${created.id}`);
    assert.ok(stored, "the token row");
    assert.ok(!JSON.stringify(stored).includes(created.token));
  });

  it("never writes a token's plaintext to any log line", async () => {
    const { token } = await createToken(server, server.rootToken, { scope: "global" });
    await server.request("GET", "/api/v1/tokens", { token });
    await server.request("GET", "/api/v1/tokens", { token: `${token.slice(0, -1)}x` });
    assert.ok(logs.length > 0);
    for (const line of logs) assert.ok(!line.includes(token.slice(3, 30)), line);
  });

  it("validates the body: name, scope, appId iff app, allowedIps", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scope: "global" }, "body.name"],
      [{ name: "x".repeat(101), scope: "global" }, "body.name"],
      [{ name: "x", scope: "root" }, "body.scope"],
      [{ name: "x", scope: "app" }, "body.appId"],
      [{ name: "x", scope: "global", appId: alphaId }, "body"],
      [{ name: "x", scope: "global", allowedIps: ["10.0.0.0/33"] }, "body.allowedIps.0"],
      [{ name: "x", scope: "global", allowedIps: ["127.1"] }, "body.allowedIps.0"],
    ];
    for (const [body, path] of cases) {
      const res = await server.request("POST", "/api/v1/tokens", { token: server.rootToken, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      const details = errorOf<Array<{ path: string }>>(res);
      assert.equal(details.code, "validation_failed");
      assert.ok(details.details?.some((d) => d.path === path), `${JSON.stringify(body)} -> ${JSON.stringify(details.details)}`);
    }
    const ok = await server.request("POST", "/api/v1/tokens", { token: server.rootToken, body: { name: "x".repeat(100), scope: "global" } });
    assert.equal(ok.status, 201);
  });

  it("refuses an app that does not exist with 404", async () => {
    const res = await server.request("POST", "/api/v1/tokens", { token: server.rootToken, body: { name: "x", scope: "app", appId: 9999 } });
    assert.equal(res.status, 404);
  });

  it("lets an app token create tokens only for its own app, never global ones", async () => {
    const { token: appToken } = await createToken(server, server.rootToken, { scope: "app", appId: alphaId });
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: appToken, body: { name: "x", scope: "app", appId: alphaId } })).status, 201);
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: appToken, body: { name: "x", scope: "app", appId: betaId } })).status, 404);
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: appToken, body: { name: "x", scope: "global" } })).status, 403);
    const list = dataOf<TokenView[]>(await server.request("GET", "/api/v1/tokens", { token: appToken }));
    assert.ok(list.length >= 2);
    assert.ok(list.every((t) => t.appId === alphaId));
  });

  it("lets a tenant owner create app tokens only for the tenant's apps", async () => {
    const owner = await signup(server, "owner2@a.example", "Team C");
    const mine = (await registerApp(server, "gamma", (await account(server, owner)).teamId)).id;
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: owner, body: { name: "x", scope: "app", appId: mine } })).status, 201);
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: owner, body: { name: "x", scope: "app", appId: alphaId } })).status, 404);
    assert.equal((await server.request("POST", "/api/v1/tokens", { token: owner, body: { name: "x", scope: "global" } })).status, 403);
  });

  it("revokes with 204 (soft delete): the token stops working at once and leaves the list", async () => {
    const { id, token } = await createToken(server, server.rootToken, { scope: "global" });
    assert.equal((await server.request("GET", "/api/v1/stats", { token })).status, 200);
    const res = await server.request("DELETE", `/api/v1/tokens/${id}`, { token: server.rootToken });
    assert.equal(res.status, 204);
    assert.equal(res.text, "");
    assert.equal((await server.request("GET", "/api/v1/stats", { token })).status, 401);
    assert.equal((await server.request("DELETE", `/api/v1/tokens/${id}`, { token: server.rootToken })).status, 404);
    const list = dataOf<TokenView[]>(await server.request("GET", "/api/v1/tokens", { token: server.rootToken }));
    assert.ok(!list.some((t) => t.id === id));
    const row = await globalRow(server, sql<{ revoked_at: string | null }>`SELECT revoked_at FROM api_tokens WHERE id = ${id}`);
    assert.ok(row?.revoked_at);
  });

  it("rejects malformed and mistyped tokens with 401", async () => {
    const { token } = await createToken(server, server.rootToken, { scope: "global" });
    const typo = `${token.slice(0, 8)}${token[8] === "Z" ? "Y" : "Z"}${token.slice(9)}`;
    for (const bad of [typo, "sk_short", `${token}x`]) {
      const res = await server.request("GET", "/api/v1/stats", { token: bad });
      assert.equal(res.status, 401, bad);
      assert.equal(errorOf(res).code, "unauthorized");
    }
  });

  it("enforces allowedIps on every request, trusting X-Forwarded-For only from a trusted proxy", async () => {
    const { token } = await createToken(server, server.rootToken, { scope: "global", allowedIps: ["203.0.113.0/24", "2001:db8::/32"] });
    const call = (xff?: string) =>
      server.request("GET", "/api/v1/stats", { token, headers: xff === undefined ? {} : { "x-forwarded-for": xff } });
    assert.equal((await call()).status, 403);
    assert.equal((await call("203.0.113.50")).status, 200);
    assert.equal((await call("2001:db8::7")).status, 200);
    assert.equal((await call("198.51.100.1")).status, 403);
    // The right-most untrusted hop decides: a client cannot prepend its way in.
    assert.equal((await call("203.0.113.50, 198.51.100.1")).status, 403);
  });
});

describe("allowedIps without a trusted proxy", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("ignores a spoofed X-Forwarded-For", async () => {
    const { token } = await createToken(server, server.rootToken, { scope: "global", allowedIps: ["203.0.113.0/24"] });
    const res = await server.request("GET", "/api/v1/stats", { token, headers: { "x-forwarded-for": "203.0.113.50" } });
    assert.equal(res.status, 403);
    const local = await createToken(server, server.rootToken, { scope: "global", allowedIps: ["127.0.0.1", "::1"] });
    assert.equal((await server.request("GET", "/api/v1/stats", { token: local.token })).status, 200);
  });
});
