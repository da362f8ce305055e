import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { errorOf } from "../helpers/envelope.ts";
import { testRoutes } from "../helpers/routes.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("observability endpoints", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({}, { routes: testRoutes() });
  });
  after(() => server.close());

  it("serves /health publicly with status ok", async () => {
    const res = await server.request("GET", "/health");
    assert.equal(res.status, 200);
    const body = res.json as { status: string; version: string; instanceId: string };
    assert.equal(body.status, "ok");
    assert.equal(body.version, "0.1.0");
    assert.equal(body.instanceId, server.app.databases.instanceId);
  });

  it("serves /ready publicly: this node, its database answering, Redis off when unset; 503 while draining", async () => {
    const res = await server.request("GET", "/ready");
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { status: "ready", node: server.app.config.node.id, checks: { database: "ok", redis: "off" } });
    const draining = await startServer();
    try {
      await draining.app.peers.drain();
      const refused = await draining.request("GET", "/ready");
      assert.equal(refused.status, 503);
      assert.equal(errorOf(refused).code, "service_unavailable");
      assert.match(errorOf(refused).message, /not ready: draining/);
      assert.equal(refused.headers.get("retry-after"), "2");
    } finally {
      await draining.close();
    }
  });

  it("labels requests by route pattern, and unmatched paths as unmatched", async () => {
    await server.request("GET", "/test/items/one/parts/two");
    await server.request("GET", "/no/such/path/12345");
    await server.request("GET", "/test/throw");
    const res = await server.request("GET", "/metrics");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
    const text = res.text;
    assert.match(text, /service_http_requests_total\{method="GET",route="\/test\/items\/\{id\}\/parts\/\{part\}",status="200"\} 1/);
    assert.match(text, /service_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    assert.doesNotMatch(text, /12345|route="\/test\/items\/one/);
    assert.match(text, /service_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/health"\}/);
    assert.match(text, /service_http_requests_in_flight 1/);
    assert.match(text, /service_errors_total\{source="http",code="internal_error"\} 1/);
  });

  it("leaves out process collectors when METRICS_DEFAULT_METRICS=off", async () => {
    const res = await server.request("GET", "/metrics");
    assert.doesNotMatch(res.text, /process_cpu_user_seconds_total/);
  });

  it("answers /api/v1/stats with the bare body of SPEC 4.7, to authenticated callers", async () => {
    assert.equal((await server.request("GET", "/api/v1/stats")).status, 401);
    const res = await server.request("GET", "/api/v1/stats", { token: server.rootToken });
    assert.equal(res.status, 200);
    const body = res.json as Record<string, unknown>;
    assert.equal(body["version"], "0.1.0");
    assert.equal(typeof body["uptimeSeconds"], "number");
    assert.ok(!Number.isNaN(Date.parse(String(body["ts"]))));
    const cpu = body["cpu"] as { loadAvg: number[]; cores: number };
    assert.equal(cpu.loadAvg.length, 3);
    assert.ok(cpu.cores >= 1);
    const memory = body["memory"] as { totalBytes: number; freeBytes: number; usedBytes: number };
    assert.equal(memory.totalBytes - memory.freeBytes, memory.usedBytes);
    for (const key of ["mediaServerReachable", "counts", "egress", "ingress"]) assert.ok(key in body, key);
    assert.equal(body["data"], undefined);
  });
});

describe("metrics behind METRICS_TOKEN", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ METRICS_TOKEN: "m3trics-token", METRICS_DEFAULT_METRICS: "on" });
  });
  after(() => server.close());

  it("refuses scrapes without the token", async () => {
    assert.equal((await server.request("GET", "/metrics")).status, 401);
    assert.equal((await server.request("GET", "/metrics?token=wrong")).status, 401);
    const res = await server.request("GET", "/metrics", { headers: { authorization: "Bearer m3trics-tokeN" } });
    assert.equal(res.status, 401);
    assert.equal(errorOf(res).code, "unauthorized");
  });

  it("accepts the token as Bearer or ?token=, with process collectors on", async () => {
    const bearer = await server.request("GET", "/metrics", { headers: { authorization: "Bearer m3trics-token" } });
    assert.equal(bearer.status, 200);
    assert.match(bearer.text, /process_cpu_user_seconds_total/);
    assert.match(bearer.text, /nodejs_eventloop_lag_p99_seconds \d/, "the event-loop delay histogram still samples at 100 ms");
    assert.equal((await server.request("GET", "/metrics?token=m3trics-token")).status, 200);
  });
});
