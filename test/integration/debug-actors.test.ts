import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { latencyLatch } from "../../machines/latency-latch.ts";
import type { ActorInfo } from "../../src/supervisor/supervisor.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("GET /api/v1/debug/actors", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("needs a credential", async () => {
    assert.equal((await server.request("GET", "/api/v1/debug/actors")).status, 401);
  });

  it("lists actors with id, machine, state, start time, last event and a redacted context, filtered by prefix", async () => {
    const latch = server.app.supervisor.spawn("latency:demo:lobby", latencyLatch, { room: "lobby", thresholdMs: 100, cooldownSeconds: 60 });
    server.app.supervisor.spawn("latency:other:hall", latencyLatch, { room: "hall", thresholdMs: 100, cooldownSeconds: 60 });
    latch.send({ type: "sample", rttMs: 250, at: Date.now(), participants: 2, publishers: 1 });

    const all = await server.request("GET", "/api/v1/debug/actors", { token: server.rootToken });
    assert.equal(all.status, 200);
    assert.equal(dataOf<ActorInfo[]>(all).length, 2);

    const res = await server.request("GET", "/api/v1/debug/actors?prefix=latency:demo:", { token: server.rootToken });
    const actors = dataOf<ActorInfo[]>(res);
    assert.equal(actors.length, 1);
    const [actor] = actors;
    assert.equal(actor?.id, "latency:demo:lobby");
    assert.equal(actor?.machine, "latency-latch");
    assert.equal(actor?.state, "high");
    assert.ok(!Number.isNaN(Date.parse(String(actor?.startedAt))));
    assert.equal(actor?.lastEvent?.type, "sample");
    assert.deepEqual((actor?.context as Record<string, unknown>)["room"], "lobby");
  });
});
