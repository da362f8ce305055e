import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { performance } from "node:perf_hooks";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { filesUnder } from "../helpers/apps.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { startRedis, type TestRedis } from "../helpers/redis.ts";
import { startServer, tempDir, testEnv, TEST_SHARED_KEYS, type TestServer } from "../helpers/server.ts";
import { storeConfigByHand } from "../helpers/stored-config.ts";

/** Polls `read` until it answers `want`; resolves with the milliseconds that took, or rejects past `ms`. */
async function seenWithin(read: () => Promise<string | undefined>, want: string, ms: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if ((await read()) === want) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`not seen within ${ms} ms: ${want}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Two nodes on one PostgreSQL database (issue 32): an app's config lives in the database, so a
 * write on one node is what the other serves within the second, and no node keeps a config file
 * or a generated key in its data dir.
 */
describe("config on PostgreSQL, shared by two nodes", () => {
  let postgres: TestPostgres;
  let redis: TestRedis;
  let url: string;
  let redisUrl: string;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    postgres = await sharedPostgres();
    redis = await startRedis();
    url = await postgres.database();
    redisUrl = redis.url;
    const shared = { SERVICE_DATABASE_URL: url, SERVICE_REDIS_URL: redisUrl };
    a = await startServer({ ...shared, SERVICE_NODE_ID: "node-a" });
    b = await startServer({ ...shared, SERVICE_NODE_ID: "node-b" });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
    await postgres?.stop();
  });

  const token = () => a.rootToken;
  const displayName = (server: TestServer) => async () => {
    const res = await server.request("GET", "/api/v1/apps/shared", { token: token() });
    return res.status === 200 ? dataOf<{ displayName: string }>(res).displayName : undefined;
  };
  const raw = (server: TestServer) => async () => (await server.request("GET", "/api/v1/apps/shared/config/raw", { token: token() })).text;

  it("serves an app created on one node from the other, and each node's config write on the other within 1 s", async () => {
    assert.equal((await a.request("POST", "/api/v1/apps", { token: token(), body: { name: "shared", displayName: "Made On A" } })).status, 201);
    await seenWithin(displayName(b), "Made On A", 1000);

    const fromA = 'display_name: "Written On A"\n# a comment kept byte for byte\n';
    assert.equal((await a.request("PUT", "/api/v1/apps/shared/config/raw", { token: token(), body: { yaml: fromA } })).status, 200);
    const ms = await seenWithin(displayName(b), "Written On A", 1000);
    assert.ok(ms < 1000, `node b saw node a's write after ${Math.round(ms)} ms`);
    assert.equal(await raw(b)(), fromA);

    const res = await b.request("PATCH", "/api/v1/apps/shared", { token: token(), body: { displayName: "Patched On B" } });
    assert.equal(res.status, 200, res.text);
    await seenWithin(displayName(a), "Patched On B", 1000);
    // Both nodes list the same backups: the text A wrote was backed up by B's write.
    const backups = async (server: TestServer) => dataOf<Array<{ ts: string }>>(await server.request("GET", "/api/v1/apps/shared/config/backups", { token: token() }));
    assert.deepEqual(await backups(a), await backups(b));
    const newest = (await backups(a))[0]?.ts ?? "";
    assert.equal(dataOf<{ yaml: string }>(await a.request("GET", `/api/v1/apps/shared/config/backups/${newest}`, { token: token() })).yaml, fromA);
  });

  it("a config made unparsable by hand: a reload is refused and the last good one stays; a node starting on it answers 503 naming the repair (issue 19)", async () => {
    await storeConfigByHand(a, "shared", "features:\n  publicPlayback: [unclosed\n");
    const reload = await a.request("POST", "/api/v1/apps/shared/reload", { token: token() });
    assert.equal(reload.status, 400, reload.text);
    assert.equal(await displayName(a)(), "Patched On B");
    const third = await startServer({ SERVICE_DATABASE_URL: url, SERVICE_REDIS_URL: redisUrl, SERVICE_NODE_ID: "node-c" });
    try {
      const res = await third.request("GET", "/api/v1/apps/shared", { token: token() });
      assert.equal(res.status, 503, res.text);
      const error = errorOf<{ app: string; check: string }>(res);
      assert.deepEqual([error.code, error.details?.check], ["app_unavailable", "config"]);
      assert.match(error.message, /its config\.yaml is invalid: YAML parse error.*table config of schema app_shared.*POST \/api\/v1\/apps\/shared\/reload/);
      assert.equal((await third.request("GET", "/api/v1/apps/shared/config/raw", { token: token() })).text, "features:\n  publicPlayback: [unclosed\n");
      assert.equal((await third.request("PUT", "/api/v1/apps/shared/config/raw", { token: token(), body: { yaml: 'display_name: "Repaired"\n' } })).status, 200);
      assert.equal(await displayName(third)(), "Repaired");
      await seenWithin(displayName(a), "Repaired", 1000);
    } finally {
      await third.close();
    }
  });

  it("deletes an app and is idle again at once: the line saying so starts no endless read of the gone app's config", async () => {
    assert.equal((await a.request("POST", "/api/v1/apps", { token: a.rootToken, body: { name: "brief" } })).status, 201);
    assert.equal((await a.request("DELETE", "/api/v1/apps/brief", { token: a.rootToken })).status, 200);
    await new Promise((r) => setTimeout(r, 300));
    // Both nodes run in this process: a read that asked for itself again kept its loop busy for good.
    const before = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, 1000));
    const busy = performance.eventLoopUtilization(before).utilization;
    assert.ok(busy < 0.5, `the event loop was ${Math.round(busy * 100)} % busy a second after the delete`);
  });

  it("keeps no config file and no generated key in either node's data dir", () => {
    for (const server of [a, b]) {
      const kept = filesUnder(server.dataDir).filter((f) => /(^|\/)(config\.yaml|jwt-secret|master-key)$|config-backups\//.test(f));
      assert.deepEqual(kept, [], server.dataDir);
    }
  });

  it("refuses to start without SERVICE_MASTER_KEY and SERVICE_JWT_SECRET, saying why", async () => {
    const dir = tempDir();
    await assert.rejects(buildApp(loadConfig(testEnv(dir, { SERVICE_DATABASE_URL: url }))), /SERVICE_MASTER_KEY and SERVICE_JWT_SECRET must be set when SERVICE_DATABASE_URL is: every node/);
    await assert.rejects(
      buildApp(loadConfig(testEnv(dir, { SERVICE_DATABASE_URL: url, SERVICE_MASTER_KEY: TEST_SHARED_KEYS["SERVICE_MASTER_KEY"] ?? "" }))),
      /^Error: SERVICE_JWT_SECRET must be set/,
    );
    assert.deepEqual(filesUnder(dir).filter((f) => /jwt-secret|master-key/.test(f)), []);
  });
});
