import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { LogLine } from "../../src/logs/service.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { createToken } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface Page {
  readonly data: LogLine[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/**
 * The log store (issue 22 §2, SPEC 4.7): every line the service logs is queryable by app, level,
 * source, words and time, newest first and paged; callers see only the apps they may see; secrets
 * are redacted before any line is written anywhere.
 */
describe("the log store", () => {
  let server: TestServer;
  let alphaToken = "";
  const logs = (query: string, token = server.rootToken) => server.request("GET", `/api/v1/logs${query}`, { token });
  const page = async (query: string, token?: string) => {
    const res = await logs(query, token);
    assert.equal(res.status, 200, res.text);
    return res.json as Page;
  };
  const stored = (query: string, n: number) => eventually(async () => (await page(query)).total >= n, 10_000, `${n} lines for ${query}`);

  before(async () => {
    server = await startServer();
    for (const name of ["alpha", "beta"]) assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
    const alpha = dataOf<{ id: number }>(await server.request("GET", "/api/v1/apps/alpha", { token: server.rootToken }));
    alphaToken = (await createToken(server, server.rootToken, { scope: "app", appId: alpha.id })).token;
    const log = server.app.logger;
    log.child({ component: "probe", app: "alpha" }).warn({ disk: "/data" }, "alpha disk nearly full");
    log.child({ component: "probe", app: "alpha" }).info("alpha heartbeat fine");
    log.child({ component: "probe", app: "beta" }).error("beta disk full");
    log.child({ component: "other" }).info("global housekeeping done");
    await stored("?q=housekeeping", 1);
  });
  after(() => server?.close());

  it("filters by app, minimum level, source, words and time, newest first", async () => {
    assert.deepEqual((await page("?app=alpha&source=probe")).data.map((l) => l.message), ["alpha heartbeat fine", "alpha disk nearly full"]);
    const warned = await page("?level=warn&source=probe");
    assert.deepEqual(warned.data.map((l) => [l.level, l.app, l.message]), [["error", "beta", "beta disk full"], ["warn", "alpha", "alpha disk nearly full"]]);
    assert.deepEqual(warned.data[1]?.meta, { disk: "/data" });
    assert.deepEqual((await page("?q=full%20disk")).data.map((l) => l.message), ["beta disk full", "alpha disk nearly full"], "words in any order");
    assert.deepEqual((await page("?q=beta%20full")).data.map((l) => l.message), ["beta disk full"], "every word must match");
    assert.deepEqual((await page("?q=disk&source=probe")).data.map((l) => l.app), ["beta", "alpha"]);
    const [newest] = (await page("?source=probe&limit=1")).data;
    assert.equal((await page(`?source=probe&since=${encodeURIComponent(newest?.ts ?? "")}`)).data.some((l) => l.id === newest?.id), true);
    assert.equal((await page("?source=probe&until=2000-01-01T00:00:00Z")).total, 0);
  });

  it("pages with total, clamps the limit, and refuses bad filters with 400", async () => {
    const first = await page("?source=probe&limit=2");
    assert.deepEqual([first.total, first.limit, first.offset, first.data.length], [3, 2, 0, 2]);
    const second = await page("?source=probe&limit=2&offset=2");
    assert.deepEqual([second.data.length, second.offset], [1, 2]);
    assert.equal((await page("?limit=0")).limit, 1);
    assert.equal((await page("?limit=99999")).limit, 1000);
    for (const bad of ["?level=loud", "?since=yesterday", "?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z", "?offset=-1", `?q=${"x".repeat(201)}`]) {
      const res = await logs(bad);
      assert.equal(res.status, 400, bad);
      assert.equal(errorOf(res).code, "validation_failed");
    }
  });

  it("takes any words in q: full-text syntax in them is searched for, never a 500", async () => {
    for (const q of ['"', 'disk" OR "x', "NEAR(a b)", "*", "disk*", "a:b", "(", "AND", "-disk", "'; DROP TABLE logs; --", "ü ñ 日本"]) {
      const res = await logs(`?q=${encodeURIComponent(q)}`);
      assert.equal(res.status, 200, `${q}: ${res.text}`);
    }
  });

  it("shows an app-scope caller only its own app's lines; another app is a 404", async () => {
    const own = await page("?limit=1000", alphaToken);
    assert.ok(own.total >= 2);
    assert.ok(own.data.every((l) => l.app === "alpha"), JSON.stringify(own.data.map((l) => l.app)));
    assert.equal((await logs("?app=beta", alphaToken)).status, 404);
    assert.equal((await server.request("GET", "/api/v1/apps/beta/logs", { token: alphaToken })).status, 404);
    const scoped = await server.request("GET", "/api/v1/apps/alpha/logs?level=warn", { token: alphaToken });
    assert.equal(scoped.status, 200);
    assert.deepEqual((scoped.json as Page).data.map((l) => l.message), ["alpha disk nearly full"]);
  });

  it("never stores a secret: credentials are redacted in every line, mail lines stay out", async () => {
    const log = server.app.logger.child({ component: "auth-probe", app: "alpha" });
    log.info({ password: "hunter2-pass", token: "sk_live_leaked", headers: { authorization: "Bearer eyJleaked" }, body: { secret: "s3cr3t-value" }, key: "alpha/recordings/a.mp4" }, "credential probe");
    server.app.logger.child({ component: "mail" }).warn({ text: "https://x/auth/magic#token=mailed-secret" }, "SMTP is not configured: mail written here instead");
    await stored("?source=auth-probe", 1);
    const [line] = (await page("?source=auth-probe")).data;
    const text = JSON.stringify(line);
    for (const secret of ["hunter2-pass", "sk_live_leaked", "eyJleaked", "s3cr3t-value"]) assert.equal(text.includes(secret), false, `${secret} reached the store`);
    assert.equal((line?.meta as { key: string }).key, "alpha/recordings/a.mp4", "an S3 key is not a secret");
    assert.equal((await page("?source=mail")).total, 0);
    // The same redaction applies to the log file.
    const file = readFileSync(path.join(server.dataDir, "service.log"), "utf8");
    assert.equal(file.includes("hunter2-pass") || file.includes("sk_live_leaked"), false);
  });

  it("stores a burst of 20,000 lines, all of them", { timeout: 60_000 }, async () => {
    const log = server.app.logger.child({ component: "burst" });
    for (let i = 0; i < 20_000; i++) log.info({ i }, `burst line ${i}`);
    await eventually(async () => (await page("?source=burst&limit=1")).total === 20_000, 30_000, "every burst line stored");
    assert.equal((await page("?source=burst&q=19999")).data[0]?.message, "burst line 19999");
  });
});

describe("the log store switched off", () => {
  let server: TestServer;
  before(async () => (server = await startServer({ SERVICE_LOG_STORE: "off" })));
  after(() => server?.close());

  it("answers 503 on both routes", async () => {
    const res = await server.request("GET", "/api/v1/logs", { token: server.rootToken });
    assert.equal(res.status, 503);
    assert.equal(errorOf(res).code, "service_unavailable");
  });
});
