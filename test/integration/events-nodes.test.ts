import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { pageOf } from "../helpers/envelope.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { Receiver, type Received } from "../helpers/receiver.ts";
import { startRedis, type TestRedis } from "../helpers/redis.ts";
import { startServer, tempDir, TEST_SHARED_KEYS, testEnv, type TestServer } from "../helpers/server.ts";
import { LEASE_MS } from "../../src/events/store.ts";

const NODE = fileURLToPath(new URL("../fixtures/outbox-node.ts", import.meta.url));
const APP = "multi";

/**
 * Webhook delivery across nodes (docs/events.md): two nodes and a third in a process of its own,
 * on one PostgreSQL database and one Redis, deliver one app's outbox to one receiver. Whatever the
 * suite's backend, this runs on PostgreSQL: several nodes share nothing else.
 */
describe("webhook delivery across nodes", { timeout: 120_000 }, () => {
  let pg: TestPostgres;
  let redis: TestRedis;
  let receiver: Receiver;
  let env: (node: string) => Record<string, string>;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    pg = await sharedPostgres();
    const url = await pg.database();
    redis = await startRedis();
    receiver = await Receiver.start();
    env = (node) => ({
      ...TEST_SHARED_KEYS,
      SERVICE_DATA_DIR: tempDir(),
      SERVICE_DATABASE_URL: url,
      SERVICE_REDIS_URL: redis.url,
      SERVICE_NODE_ID: node,
      SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32",
    });
    a = await startServer(env("node-a"));
    b = await startServer(env("node-b"));
    assert.equal((await a.request("POST", "/api/v1/apps", { token: a.rootToken, body: { name: APP } })).status, 201);
    const yaml = `callbacks:\n  url: ${receiver.url()}\n`;
    assert.equal((await a.request("PUT", `/api/v1/apps/${APP}/config/raw`, { token: a.rootToken, body: { yaml } })).status, 200);
    // The other node hears of the new app and its config through the database's notifications.
    const deadline = Date.now() + 5000;
    let seen = "";
    // GET /apps/{app} reads the config node b lives by (not only the stored text), so this waits for b to hold it.
    while (!(seen = (await b.request("GET", `/api/v1/apps/${APP}`, { token: a.rootToken })).text).includes(receiver.url())) {
      assert.ok(Date.now() < deadline, `node b never saw the app's callback URL: ${seen}`);
      await sleep(50);
    }
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await receiver?.close();
    await redis?.stop();
    await pg?.stop();
  });

  const byId = () => {
    const seen = new Map<string, Received[]>();
    for (const r of receiver.received) seen.set(r.json.id, [...(seen.get(r.json.id) ?? []), r]);
    return seen;
  };
  const deliveries = async (query: string) =>
    pageOf<{ id: string; room: string; status: string }>(await a.request("GET", `/api/v1/apps/${APP}/callbacks/deliveries${query}`, { token: a.rootToken }));

  it("delivers 200 events emitted on two nodes exactly once each, each node's events of a room in order", async () => {
    for (let i = 0; i < 200; i++) {
      const node = i % 2 === 0 ? a : b;
      // Both nodes emit into every room: a room's rows are written by two nodes, delivered by one at a time.
      const room = `${APP}-r${Math.floor(i / 2) % 10}`;
      node.app.events.emit(APP, "chat_message", room, { room, from: node === a ? "a" : "b", message: String(i), ts: new Date().toISOString() });
    }
    await receiver.until(() => byId().size === 200, 20_000, "200 distinct deliveries");
    // Time for a second delivery of any of them to show up.
    await sleep(1000);
    const seen = byId();
    assert.equal(receiver.received.length, 200, `every event once: ${[...seen.values()].filter((r) => r.length > 1).length} delivered more than once`);
    for (let room = 0; room < 10; room++) {
      for (const from of ["a", "b"]) {
        const order = receiver.received.filter((r) => r.json.room === `${APP}-r${room}` && r.json.data["from"] === from).map((r) => Number(r.json.data["message"]));
        assert.deepEqual(order, [...order].sort((x, y) => x - y), `room ${room}, node ${from}: in the order emitted`);
      }
    }
    assert.equal((await deliveries("?status=delivered&limit=1")).total, 200);
  });

  it("takes over a killed node's rows once their leases run out: acknowledged ones are not sent again, one in flight may be", async () => {
    const before = receiver.received.length;
    const slow = `${APP}-slow`;
    const fast = `${APP}-fast`;
    // The slow room's first delivery hangs: the node dies holding it in flight, its room's rest in line.
    receiver.answer = (r) => (r.json.room === slow ? "hang" : 200);
    const c = spawn(process.execPath, ["--import", "tsx", NODE], {
      env: { PATH: process.env["PATH"] ?? "", ...testEnv(env("node-c")["SERVICE_DATA_DIR"] ?? "", env("node-c")) },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    c.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    c.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = once(c, "exit");
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes("ready")) {
        assert.ok(Date.now() < deadline && c.exitCode === null, `node c did not start:\n${out}`);
        await sleep(50);
      }
      c.stdin.write(`emit ${APP} ${fast} 10\nemit ${APP} ${slow} 5\n`);
      await receiver.until(() => receiver.received.slice(before).filter((r) => r.json.room === fast).length === 10 && receiver.received.slice(before).some((r) => r.json.room === slow), 10_000);
      // Acknowledged: node c wrote them delivered (a turn after the receiver answered).
      let acknowledged: string[] = [];
      const written = Date.now() + 5000;
      while ((acknowledged = (await deliveries("?status=delivered&limit=100")).data.filter((d) => d.room === fast).map((d) => d.id)).length < 10) {
        assert.ok(Date.now() < written, "node c never wrote its outcomes");
        await sleep(50);
      }
      c.kill("SIGKILL");
      await exited;
      const killedAt = Date.now();
      receiver.answer = () => 200;

      await receiver.until(() => new Set(receiver.received.slice(before).filter((r) => r.json.room === slow).map((r) => r.json.id)).size === 5, LEASE_MS + 15_000, "the slow room after the takeover");
      const takenOver = receiver.received.slice(before).filter((r) => r.json.room === slow && r.at >= killedAt);
      assert.ok((takenOver[0]?.at ?? Infinity) - killedAt <= LEASE_MS + 5000, "taken over within the lease time and a sweep");
      await sleep(1000);
      const seen = byId();
      for (const id of acknowledged) assert.equal(seen.get(id)?.length, 1, "exactly once: a delivery written as delivered is never sent again");
      const slowIds = [...new Set(receiver.received.slice(before).filter((r) => r.json.room === slow).map((r) => r.json.id))];
      assert.deepEqual(
        slowIds.map((id) => seen.get(id)?.length),
        [2, 1, 1, 1, 1],
        "at least once: the delivery in flight when its node died is sent again, with the same id receivers dedup by; the rest once",
      );
      assert.deepEqual(
        takenOver.map((r) => Number(r.json.data["message"])),
        [0, 1, 2, 3, 4],
        "the new holder delivers the room in order, from the one in flight",
      );
      const pending = await deliveries("?status=pending&limit=1");
      assert.equal(pending.total, 0, "nothing is left pending");
    } finally {
      if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    }
  });
});
