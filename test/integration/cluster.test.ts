import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { JoinAnswer, NodeView } from "../../src/cluster/service.ts";
import type { LogRecord } from "../../src/logging.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { createToken } from "../helpers/identity.ts";
import { metricValue, startServer, type TestServer } from "../helpers/server.ts";

const TOKEN = "cluster-secret-for-the-tests-0123456789";
const LIVEKIT = {
  SERVICE_LIVEKIT_URL: "http://127.0.0.1:9",
  SERVICE_LIVEKIT_WS_URL: "wss://media.example.com",
  SERVICE_LIVEKIT_API_KEY: "cluster-key",
  SERVICE_LIVEKIT_API_SECRET: "a-secret-for-the-cluster-test-long-enough",
};

describe("cluster registry without SERVICE_CLUSTER_TOKEN", () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server?.close());

  it("answers 503 on join and heartbeat whatever the header or body says, and reports itself off", async () => {
    for (const [path, body] of [["/api/v1/cluster/join", { name: "edge", ip: "10.0.0.1" }], ["/api/v1/cluster/heartbeat", { nodeId: "nd_x" }], ["/api/v1/cluster/join", { bad: true }]] as const) {
      for (const headers of [{}, { "x-cluster-token": TOKEN }, { authorization: `Bearer ${server.rootToken}` }] as Record<string, string>[]) {
        const res = await server.request("POST", path, { body, headers });
        assert.equal(res.status, 503, `${path} ${JSON.stringify(headers)}: ${res.text}`);
        assert.equal(errorOf(res).code, "service_unavailable");
      }
    }
    const info = dataOf<{ enabled: boolean; join: string | null; clusterToken: string | null }>(await server.request("GET", "/api/v1/cluster/info", { token: server.rootToken }));
    assert.deepEqual([info.enabled, info.join, info.clusterToken], [false, null, null]);
  });
});

describe("cluster registry", () => {
  let server: TestServer;
  const logs: LogRecord[] = [];
  const node = (body: unknown, token = TOKEN) => server.request("POST", "/api/v1/cluster/join", { body, headers: { "x-cluster-token": token } });
  const beat = (body: unknown) => server.request("POST", "/api/v1/cluster/heartbeat", { body, headers: { "x-cluster-token": TOKEN } });
  const manage = (method: string, path: string, body?: unknown, token = server.rootToken) => server.request(method, `/api/v1/cluster${path}`, { token, body });

  before(async () => {
    server = await startServer({
      ...LIVEKIT,
      SERVICE_CLUSTER_TOKEN: TOKEN,
      SERVICE_CLUSTER_REDIS_URL: "redis://10.0.0.5:6379",
      SERVICE_CLUSTER_STALE_SECONDS: "2",
      SERVICE_PUBLIC_URL: "https://control.example.com",
    });
    server.app.logging.subscribe((r) => {
      if (r["component"] === "cluster") logs.push(r);
    });
  });
  after(() => server?.close());

  it("takes only the cluster token: no header, a wrong one and a Bearer credential are 401", async () => {
    for (const headers of [{}, { "x-cluster-token": "wrong" }, { "x-cluster-token": `${TOKEN}x` }, { authorization: `Bearer ${server.rootToken}` }] as Record<string, string>[]) {
      const res = await server.request("POST", "/api/v1/cluster/join", { body: { name: "edge", ip: "10.0.0.1" }, headers });
      assert.equal(res.status, 401, JSON.stringify(headers));
      assert.equal(errorOf(res).code, "unauthorized");
    }
  });

  it("validates the join body with the SPEC's limits", async () => {
    for (const body of [
      { name: "has space", ip: "10.0.0.1" },
      { name: "x".repeat(65), ip: "10.0.0.1" },
      { name: "", ip: "10.0.0.1" },
      { name: "edge", ip: "10.0.0.300" },
      { name: "edge", ip: "edge.example.com" },
      { name: "edge" },
      { name: "edge", ip: "10.0.0.1", region: "r".repeat(65) },
      { name: "edge", ip: "10.0.0.1", url: `https://${"u".repeat(250)}.com` },
      { name: "edge", ip: "10.0.0.1", url: "ftp://edge.example.com" },
      { name: "edge", ip: "10.0.0.1", extra: 1 },
    ]) {
      const res = await node(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(errorOf(res).code, "validation_failed");
    }
  });

  it("joins idempotently by name and hands out what an edge LiveKit needs", async () => {
    const first = dataOf<JoinAnswer>(await node({ name: "edge-a", ip: "10.0.0.1", region: "eu-west" }));
    assert.match(first.nodeId, /^nd_/);
    assert.deepEqual({ ...first, nodeId: "" }, {
      nodeId: "",
      name: "edge-a",
      redisUrl: "redis://10.0.0.5:6379",
      publicWsUrl: "ws://10.0.0.1:7880",
      media_server: { apiKey: LIVEKIT.SERVICE_LIVEKIT_API_KEY, apiSecret: LIVEKIT.SERVICE_LIVEKIT_API_SECRET, wsUrl: LIVEKIT.SERVICE_LIVEKIT_WS_URL },
    });
    const again = dataOf<JoinAnswer>(await node({ name: "edge-a", ip: "fd00::7", region: "eu-central" }));
    assert.equal(again.nodeId, first.nodeId);
    assert.equal(again.publicWsUrl, "ws://[fd00::7]:7880");
    const b = dataOf<JoinAnswer>(await node({ name: "edge-b", ip: "10.0.0.2", url: "https://edge-b.example.com" }));
    assert.equal(b.publicWsUrl, "wss://edge-b.example.com");
    const nodes = dataOf<NodeView[]>(await manage("GET", "/nodes"));
    assert.deepEqual(nodes.map((n) => [n.name, n.ip, n.region, n.status]), [["edge-a", "fd00::7", "eu-central", "active"], ["edge-b", "10.0.0.2", "", "active"]]);
    assert.ok(logs.some((l) => l["msg"] === "cluster node joined" && l["name"] === "edge-b"));
  });

  it("takes heartbeats with stats up to about 4 KB; 413 above, 404 for an unknown node", async () => {
    const [a] = dataOf<NodeView[]>(await manage("GET", "/nodes"));
    const ok = await beat({ nodeId: a?.nodeId, stats: { rooms: 3, cpu: 0.4, version: "1.13.5" } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(dataOf<NodeView[]>(await manage("GET", "/nodes")).find((n) => n.name === "edge-a")?.stats, { rooms: 3, cpu: 0.4, version: "1.13.5" });
    const big = await beat({ nodeId: a?.nodeId, stats: { blob: "x".repeat(4200) } });
    assert.equal(big.status, 413);
    assert.equal(errorOf(big).code, "payload_too_large");
    assert.equal((await beat({ nodeId: "nd_unknown" })).status, 404);
    assert.equal((await beat({ nodeId: a?.nodeId, stats: [1, 2] })).status, 400, "stats must be an object");
    assert.equal((await beat({ nodeId: a?.nodeId })).status, 200, "stats are optional");
  });

  it("marks the node that stopped heartbeating stale, logs it once, and counts nodes by status in the metrics", async () => {
    const nodes = dataOf<NodeView[]>(await manage("GET", "/nodes"));
    const a = nodes.find((n) => n.name === "edge-a") as NodeView;
    for (let i = 0; i < 7; i++) {
      assert.equal((await beat({ nodeId: a.nodeId })).status, 200);
      await sleep(500);
    }
    const now = dataOf<NodeView[]>(await manage("GET", "/nodes"));
    assert.deepEqual(now.map((n) => [n.name, n.stale]), [["edge-a", false], ["edge-b", true]]);
    assert.equal(logs.filter((l) => l["msg"] === "cluster node went stale: no heartbeat").length, 1);
    assert.equal(await metricValue(server, 'service_cluster_nodes{status="active",stale="true"}'), 1);
    assert.equal(await metricValue(server, 'service_cluster_nodes{status="active",stale="false"}'), 1);
    const info = dataOf<{ enabled: boolean; nodes: number; stale: number; clusterToken: string; join: string }>(await manage("GET", "/info"));
    assert.deepEqual([info.enabled, info.nodes, info.stale, info.clusterToken], [true, 2, 1, TOKEN]);
    assert.match(info.join, /^curl -fsS -X POST 'https:\/\/control\.example\.com\/api\/v1\/cluster\/join' -H 'X-Cluster-Token: cluster-secret/);
  });

  it("renames, re-statuses and removes nodes; refuses a status not in the set, a taken name and unknown ids", async () => {
    const nodes = dataOf<NodeView[]>(await manage("GET", "/nodes"));
    const [a, b] = nodes as [NodeView, NodeView];
    const drained = await manage("PATCH", `/nodes/${a.nodeId}`, { status: "active-draining", region: "eu-north" });
    assert.equal(drained.status, 200, drained.text);
    assert.deepEqual([dataOf<NodeView>(drained).status, dataOf<NodeView>(drained).region], ["active-draining", "eu-north"]);
    // A node rejoining (after its own restart) keeps the operator's status.
    await node({ name: "edge-a", ip: "10.0.0.1" });
    assert.equal(dataOf<NodeView[]>(await manage("GET", "/nodes")).find((n) => n.nodeId === a.nodeId)?.status, "active-draining");
    assert.equal(await metricValue(server, 'service_cluster_nodes{status="active-draining",stale="false"}'), 1);
    for (const body of [{ status: "down" }, { status: "ACTIVE" }, {}, { name: "bad name" }]) assert.equal((await manage("PATCH", `/nodes/${a.nodeId}`, body)).status, 400, JSON.stringify(body));
    assert.equal((await manage("PATCH", `/nodes/${a.nodeId}`, { name: "edge-b" })).status, 409);
    assert.equal((await manage("PATCH", "/nodes/nd_unknown", { status: "active" })).status, 404);
    assert.equal(dataOf<NodeView>(await manage("PATCH", `/nodes/${a.nodeId}`, { name: "edge-a1" })).name, "edge-a1");
    assert.equal((await manage("DELETE", `/nodes/${b.nodeId}`)).status, 204);
    assert.equal((await manage("DELETE", `/nodes/${b.nodeId}`)).status, 404);
    assert.deepEqual(dataOf<NodeView[]>(await manage("GET", "/nodes")).map((n) => n.name), ["edge-a1"]);
  });

  it("keeps the manager routes to global credentials: an app-scope token gets 403", async () => {
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "tenant" } })).status, 201);
    const app = dataOf<{ id: number }>(await server.request("GET", "/api/v1/apps/tenant", { token: server.rootToken }));
    const { token } = await createToken(server, server.rootToken, { scope: "app", appId: app.id });
    for (const [method, path] of [["GET", "/info"], ["GET", "/nodes"], ["PATCH", "/nodes/nd_x"], ["DELETE", "/nodes/nd_x"]] as const) {
      const res = await manage(method, path, method === "PATCH" ? { status: "active" } : undefined, token);
      assert.equal(res.status, 403, `${method} ${path}`);
    }
  });
});
