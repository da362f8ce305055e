import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { errorOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { startRedis, type TestRedis } from "../helpers/redis.ts";
import { startServer, tempDir, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** What one node allows the platform token per window; both nodes together must allow the same. */
const PLATFORM_LIMIT = 20;

describe("two nodes on one PostgreSQL and one Redis: rate limits and quotas count cluster-wide", () => {
  let postgres: TestPostgres;
  let redis: TestRedis;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    [postgres, redis] = await Promise.all([sharedPostgres(), startRedis()]);
    const env = {
      ...UNREACHABLE_LIVEKIT,
      SERVICE_DATABASE_URL: await postgres.database(),
      SERVICE_REDIS_URL: redis.url,
      SERVICE_RATE_LIMITS: `platform=${PLATFORM_LIMIT}`,
      SERVICE_ALLOW_SIGNUP: "on",
      // Nodes share their secrets: a session signed on one is checked on the other.
      SERVICE_JWT_SECRET: "a-jwt-secret-shared-by-both-nodes-0123456789",
      SERVICE_MASTER_KEY: "a-master-key-shared-by-both-nodes-0123456789",
      // One data dir too, as long as an app's config.yaml is a file there: both nodes read the app's.
      SERVICE_DATA_DIR: tempDir(),
    };
    a = await startServer({ ...env, SERVICE_NODE_ID: "node-a" });
    b = await startServer({ ...env, SERVICE_NODE_ID: "node-b" });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
    await postgres?.stop();
  });

  it("shares one rate-limit window: requests through both nodes hit 429 at one node's limit", async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<TestServer["request"]>> | undefined;
    for (let i = 0; i < PLATFORM_LIMIT + 4; i++) {
      const res = await (i % 2 === 0 ? a : b).request("GET", "/api/v1/tokens", { token: a.rootToken });
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    assert.deepEqual(statuses, [...Array<number>(PLATFORM_LIMIT).fill(200), ...Array<number>(4).fill(429)]);
    assert.ok(refused);
    assert.equal(errorOf(refused).code, "rate_limited");
    assert.equal(refused.headers.get("x-ratelimit-limit"), String(PLATFORM_LIMIT));
    assert.equal(refused.headers.get("x-ratelimit-remaining"), "0");
    assert.ok(Number(refused.headers.get("retry-after")) >= 1);
  });

  it("lets racing publisher-token mints through both nodes take no more than the plan's streams", async () => {
    const owner = await signup(a, "owner@race.example", "Race");
    assert.equal((await a.request("POST", "/api/v1/apps", { token: owner, body: { name: "race-app" } })).status, 201);
    // Node b hears of the new app through the database's notifications.
    await eventually(async () => (await b.request("GET", "/api/v1/apps/race-app", { token: owner })).status === 200, 5000, "node b to know race-app");
    const mints = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).request("POST", "/api/v1/apps/race-app/tokens", { token: owner, body: { identity: `pub-${i}` } })),
    );
    const statuses = mints.map((m) => m.status).sort();
    assert.deepEqual(statuses, [...Array<number>(5).fill(200), ...Array<number>(7).fill(429)], "the free plan allows 5 concurrent streams");
    for (const refused of mints.filter((m) => m.status === 429)) assert.equal(errorOf(refused).code, "quota_exceeded");
  });

  it("says redis ok on /ready, 503 once Redis stops, and lets limited requests through meanwhile", async () => {
    const ready = await a.request("GET", "/ready");
    assert.equal(ready.status, 200, ready.text);
    assert.deepEqual((ready.json as { checks: unknown }).checks, { database: "ok", redis: "ok" });

    await redis.stop();
    const down = await a.request("GET", "/ready");
    assert.equal(down.status, 503, down.text);
    assert.deepEqual(errorOf<{ failed: string[] }>(down).details?.failed, ["redis"]);
    // The token's window was used up above; without Redis the request is let through, not refused or failed.
    const open = await b.request("GET", "/api/v1/tokens", { token: a.rootToken });
    assert.equal(open.status, 200, open.text);
  });
});

describe("a node whose Redis does not answer", () => {
  it("refuses to start, saying which Redis it could not reach", async () => {
    const port = await freePort();
    await assert.rejects(startServer({ SERVICE_REDIS_URL: `redis://127.0.0.1:${port}` }), new RegExp(`cannot reach Redis at redis://127\\.0\\.0\\.1:${port}`));
  });
});
