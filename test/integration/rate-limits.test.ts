import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import { loadConfig } from "../../src/config.ts";
import { API_REQUESTS } from "../../src/tenants/plans.ts";
import { errorOf } from "../helpers/envelope.ts";
import { account, createToken, signup } from "../helpers/identity.ts";
import { startServer, testEnv, type TestServer } from "../helpers/server.ts";
import { globalRows } from "../helpers/rows.ts";
import { registerApp } from "../helpers/apps.ts";

/** Sends `n` requests one after another and answers their statuses. */
async function statuses(n: number, send: () => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).status);
  return out;
}

describe("API rate limits: headers, 429 with Retry-After, keys and plans", () => {
  describe("with the defaults", () => {
    let server: TestServer;
    before(async () => {
      server = await startServer();
    });
    after(() => server.close());

    it("puts X-RateLimit-Limit, -Remaining and -Reset on normal answers, counting down per credential", async () => {
      const first = await server.request("GET", "/api/v1/tokens", { token: server.rootToken });
      const second = await server.request("GET", "/api/v1/tokens", { token: server.rootToken });
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("x-ratelimit-limit"), String(API_REQUESTS.platform));
      const remaining = Number(first.headers.get("x-ratelimit-remaining"));
      assert.ok(remaining > 0 && remaining < API_REQUESTS.platform, String(remaining));
      assert.equal(Number(second.headers.get("x-ratelimit-remaining")), remaining - 1);
      const reset = Number(first.headers.get("x-ratelimit-reset"));
      assert.ok(reset >= 1 && reset <= 60, String(reset));
      assert.equal(first.headers.get("retry-after"), null);
    });

    it("counts anonymous API calls by address, and leaves pages and /health outside the limit", async () => {
      const api = await server.request("GET", "/api/v1/auth/config");
      assert.equal(api.headers.get("x-ratelimit-limit"), String(API_REQUESTS.anonymous));
      const health = await server.request("GET", "/health");
      assert.equal(health.status, 200);
      assert.equal(health.headers.get("x-ratelimit-limit"), null);
    });

    it("puts the headers on error answers too (a 404 from an authenticated caller)", async () => {
      const res = await server.request("GET", "/api/v1/apps/nope", { token: server.rootToken });
      assert.equal(res.status, 404);
      assert.ok(res.headers.get("x-ratelimit-remaining") !== null);
    });
  });

  describe("with tiny limits", () => {
    let server: TestServer;
    let teamToken: string;
    let teamId: number;
    let owner: string;
    before(async () => {
      server = await startServer({
        SERVICE_ALLOW_SIGNUP: "on",
        SERVICE_TRUST_PROXY: "127.0.0.1/32",
        SERVICE_RATE_LIMITS: "free=3,pro=5,enterprise=7,platform=1000,anonymous=4",
        SERVICE_RATE_LIMIT_WINDOW_SECONDS: "120",
      });
      // Signing up is an anonymous API call: from its own address, so the tests below start afresh.
      const res = await server.request("POST", "/api/v1/auth/signup", {
        headers: { "x-forwarded-for": "198.51.100.200" },
        body: { email: "owner@rl.example", password: "correct horse battery", teamName: "RL" },
      });
      assert.equal(res.status, 200, res.text);
      owner = (res.json as { data: { token: string } }).data.token;
      teamId = (await account(server, owner)).teamId ?? 0;
      const app = await registerApp(server, "rl-app", teamId);
      teamToken = (await createToken(server, server.rootToken, { scope: "app", appId: app.id })).token;
    });
    after(() => server.close());

    it("answers 429 rate_limited with Retry-After and zero remaining once a token is over its plan's limit", async () => {
      const codes = await statuses(4, () => server.request("GET", "/api/v1/tokens", { token: teamToken }));
      assert.deepEqual(codes, [200, 200, 200, 429]);
      const res = await server.request("GET", "/api/v1/tokens", { token: teamToken });
      assert.equal(res.status, 429);
      assert.equal(errorOf(res).code, "rate_limited");
      const retry = Number(res.headers.get("retry-after"));
      assert.ok(retry >= 1 && retry <= 120, String(retry));
      assert.equal(res.headers.get("x-ratelimit-limit"), "3");
      assert.equal(res.headers.get("x-ratelimit-remaining"), "0");
      assert.equal(res.headers.get("x-ratelimit-reset"), String(retry));
    });

    it("keys by credential: another token of the same team and a person's session have their own windows", async () => {
      const other = (await createToken(server, server.rootToken, { scope: "app", appId: server.app.apps.findByName("rl-app")?.id })).token;
      assert.equal((await server.request("GET", "/api/v1/tokens", { token: other })).status, 200);
      // `owner` has used one request (account lookup) so far.
      assert.deepEqual(await statuses(3, () => server.request("GET", "/api/v1/account", { token: owner })), [200, 200, 429]);
      assert.equal((await server.request("GET", "/api/v1/tokens", { token: server.rootToken })).status, 200, "a platform token is unaffected");
    });

    it("keys anonymous calls by client IP: one address limited, another not", async () => {
      const from = (ip: string) => () => server.request("GET", "/api/v1/auth/config", { headers: { "x-forwarded-for": ip } });
      assert.deepEqual(await statuses(5, from("203.0.113.1")), [200, 200, 200, 200, 429]);
      assert.equal((await from("203.0.113.2")()).status, 200);
      // An IPv6 /64 is one address.
      assert.deepEqual(await statuses(3, from("2001:db8:1:2::1")), [200, 200, 200]);
      assert.deepEqual(await statuses(2, from("2001:db8:1:2::ffff")), [200, 429]);
    });

    it("counts a credential that fails to authenticate against its address, before the 401", async () => {
      const bad = () => server.request("GET", "/api/v1/tokens", { token: "sk_not_a_real_token_at_all_00000000", headers: { "x-forwarded-for": "203.0.113.9" } });
      assert.deepEqual(await statuses(5, bad), [401, 401, 401, 401, 429]);
      const limited = await bad();
      assert.equal(errorOf(limited).code, "rate_limited");
      assert.ok(limited.headers.get("retry-after") !== null);
    });

    it("gives each plan its own limit: a pro team's token gets 5, an enterprise team's 7", async () => {
      const mint = async (plan: string, name: string) => {
        const jwt = await signup(server, `${name}@rl.example`, name).catch(() => "");
        // Read from the database, not asked with the new credential: that request would keep the team's
        // plan (up to 30 s, as a hand edit notifies no cache) before the edit below.
        const [row] = jwt ? await globalRows<{ team_id: number }>(server, sql`SELECT team_id FROM users WHERE email = ${`${name}@rl.example`}`) : [];
        const id = row?.team_id ?? 0;
        await globalRows(server, sql`UPDATE teams SET plan = ${plan} WHERE id = ${id}`);
        const app = await registerApp(server, name, id);
        return (await createToken(server, server.rootToken, { scope: "app", appId: app.id })).token;
      };
      const pro = await mint("pro", "pro-team");
      const enterprise = await mint("enterprise", "ent-team");
      const pros = await statuses(6, () => server.request("GET", "/api/v1/tokens", { token: pro }));
      assert.deepEqual(pros, [200, 200, 200, 200, 200, 429]);
      const ents = await statuses(8, () => server.request("GET", "/api/v1/tokens", { token: enterprise }));
      assert.deepEqual(ents, [200, 200, 200, 200, 200, 200, 200, 429]);
      const res = await server.request("GET", "/api/v1/tokens", { token: enterprise });
      assert.equal(res.headers.get("x-ratelimit-limit"), "7");
    });
  });

  describe("the cluster token", () => {
    const TOKEN = "cluster-secret-for-the-rate-limit-test-0123";
    let server: TestServer;
    before(async () => {
      server = await startServer({
        SERVICE_TRUST_PROXY: "127.0.0.1/32",
        SERVICE_CLUSTER_TOKEN: TOKEN,
        SERVICE_RATE_LIMITS: "anonymous=3",
        SERVICE_RATE_LIMIT_WINDOW_SECONDS: "2",
      });
    });
    after(() => server.close());
    const join = (ip: string, token: string) =>
      server.request("POST", "/api/v1/cluster/join", { body: { name: `edge-${ip}`, ip: "10.0.0.1" }, headers: { "x-cluster-token": token, "x-forwarded-for": ip } });

    it("counts a wrong X-Cluster-Token against its address with the headers on each answer, then 429; the right token is its own credential", async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await join("203.0.113.50", "wrong"));
      assert.deepEqual(answers.map((r) => r.status), [401, 401, 401, 429]);
      assert.deepEqual(answers.map((r) => r.headers.get("x-ratelimit-remaining")), ["2", "1", "0", "0"]);
      for (const res of answers) {
        assert.equal(res.headers.get("x-ratelimit-limit"), "3");
        assert.ok(Number(res.headers.get("x-ratelimit-reset")) >= 1);
      }
      const limited = answers[3];
      assert.equal(limited && errorOf(limited).code, "rate_limited");
      assert.equal(limited?.headers.get("retry-after"), limited?.headers.get("x-ratelimit-reset"));

      // The right token is counted as the cluster's own credential: from the limited address and another.
      for (const ip of ["203.0.113.50", "203.0.113.51"]) {
        const ok = await join(ip, TOKEN);
        assert.equal(ok.status, 200, ok.text);
        assert.equal(ok.headers.get("x-ratelimit-limit"), String(API_REQUESTS.platform));
      }
      assert.equal((await join("203.0.113.51", "wrong")).status, 401, "another address has its own window");

      // The window ends and the address starts over.
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const again = await join("203.0.113.50", "wrong");
      assert.equal(again.status, 401);
      assert.equal(again.headers.get("x-ratelimit-remaining"), "2");
    });
  });

  describe("configuration", () => {
    it("is on with the plan defaults unless set, and validates SERVICE_RATE_LIMITS", () => {
      const base = testEnv("/tmp/unused");
      const config = loadConfig(base);
      assert.deepEqual(config.rateLimit, { enabled: true, windowMs: 60_000, requests: { ...API_REQUESTS } });
      const set = loadConfig({ ...base, SERVICE_RATE_LIMITS: " free=10, anonymous=2 ", SERVICE_RATE_LIMIT: "off", SERVICE_RATE_LIMIT_WINDOW_SECONDS: "5" });
      assert.deepEqual(set.rateLimit, { enabled: false, windowMs: 5000, requests: { ...API_REQUESTS, free: 10, anonymous: 2 } });
      for (const bad of ["gold=5", "free=0", "free", "free=-1", "free=1.5"]) {
        assert.throws(() => loadConfig({ ...base, SERVICE_RATE_LIMITS: bad }), /SERVICE_RATE_LIMITS/, bad);
      }
      assert.throws(() => loadConfig({ ...base, SERVICE_RATE_LIMIT_WINDOW_SECONDS: "0" }), /SERVICE_RATE_LIMIT_WINDOW_SECONDS/);
    });

    it("counts nothing and sends no headers with SERVICE_RATE_LIMIT=off", async () => {
      const server = await startServer({ SERVICE_RATE_LIMIT: "off", SERVICE_RATE_LIMITS: "anonymous=1" });
      try {
        const codes = await statuses(3, () => server.request("GET", "/api/v1/auth/config"));
        assert.deepEqual(codes, [200, 200, 200]);
        assert.equal((await server.request("GET", "/api/v1/auth/config")).headers.get("x-ratelimit-limit"), null);
      } finally {
        await server.close();
      }
    });
  });
});
