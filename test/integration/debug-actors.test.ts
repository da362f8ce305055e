import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { latencyLatch } from "../../machines/latency-latch.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("GET /api/v1/debug/actors", () => {
  let on: TestServer;
  let off: TestServer;
  before(async () => {
    [on, off] = await Promise.all([startServer({ SERVICE_DEBUG_ENDPOINTS: "on" }), startServer()]);
  });
  after(() => Promise.all([on.close(), off.close()]));

  it("is off unless SERVICE_DEBUG_ENDPOINTS is on", async () => {
    const res = await off.request("GET", "/api/v1/debug/actors");
    assert.equal(res.status, 404);
    assert.match((res.json as { error: { message: string } }).error.message, /SERVICE_DEBUG_ENDPOINTS/);
  });

  it("lists actors with id, machine, state, start time, last event and a redacted context, filtered by prefix", async () => {
    const latch = on.app.supervisor.spawn("latency:demo:lobby", latencyLatch, { room: "lobby", thresholdMs: 100, cooldownSeconds: 60 });
    on.app.supervisor.spawn("latency:other:hall", latencyLatch, { room: "hall", thresholdMs: 100, cooldownSeconds: 60 });
    latch.send({ type: "sample", rttMs: 250, at: Date.now(), participants: 2, publishers: 1 });

    const all = await on.request("GET", "/api/v1/debug/actors");
    assert.equal(all.status, 200);
    assert.equal((all.json as { data: unknown[] }).data.length, 2);

    const res = await on.request("GET", "/api/v1/debug/actors?prefix=latency:demo:");
    const body = res.json as { data: Array<Record<string, unknown>>; error: null };
    assert.equal(body.error, null);
    assert.equal(body.data.length, 1);
    const [actor] = body.data;
    assert.equal(actor?.["id"], "latency:demo:lobby");
    assert.equal(actor?.["machine"], "latency-latch");
    assert.equal(actor?.["state"], "high");
    assert.ok(!Number.isNaN(Date.parse(String(actor?.["startedAt"]))));
    assert.equal((actor?.["lastEvent"] as { type: string }).type, "sample");
    assert.deepEqual((actor?.["context"] as Record<string, unknown>)["room"], "lobby");
  });
});
