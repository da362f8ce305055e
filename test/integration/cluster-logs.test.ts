import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { LogLine } from "../../src/logs/service.ts";
import { PeerStore } from "../../src/peers/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { claimsOf, createToken, signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { type TestResponse, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface Page {
  readonly data: LogLine[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** Polls `refused` every 10 ms, at most 300 times, and answers how long it took to hold. */
async function msUntil(refused: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < 300; i++) {
    if (await refused()) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Two nodes on one PostgreSQL database and one Redis (issue 32): the log routes answer for the
 * whole cluster, page the merged lines, and name a peer that does not answer; a credential
 * revoked through one node is refused by the other within a second.
 */
describe("logs across nodes, and revocation across nodes", () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;
  const page = async (server: TestServer, query: string, token = a.rootToken): Promise<Page & { missing: string | null }> => {
    const res = await server.request("GET", query, { token });
    assert.equal(res.status, 200, res.text);
    return { ...(res.json as Page), missing: res.headers.get("x-cluster-missing") };
  };
  /** Logs `count` lines from `server` with `source`, 2 ms apart, and waits until its store has them. */
  const logLines = async (server: TestServer, source: string, count: number, app?: string): Promise<void> => {
    for (let i = 0; i < count; i++) {
      server.app.logger.child({ component: source, ...(app === undefined ? {} : { app }) }).info(`${source} line ${i}`);
      await new Promise((r) => setTimeout(r, 2));
    }
    await eventually(async () => (await page(server, `/api/v1/logs?source=${source}&scope=node`)).total === count, 10_000, `${count} ${source} lines stored`);
  };

  before(async () => {
    cluster = await startNodes(["node-a", "node-b"], { SERVICE_ALLOW_SIGNUP: "on" });
    [a, b] = cluster.nodes as [TestServer, TestServer];
  });
  after(() => cluster?.close());

  it("lists the lines of both nodes through either, newest first, each with its node", async () => {
    await logLines(a, "probe", 2);
    await logLines(b, "probe", 2);
    for (const server of [a, b]) {
      const got = await page(server, "/api/v1/logs?source=probe");
      assert.equal(got.missing, null);
      assert.equal(got.total, 4);
      assert.deepEqual(
        got.data.map((l) => `${l.node} ${l.message}`),
        ["node-b probe line 1", "node-b probe line 0", "node-a probe line 1", "node-a probe line 0"],
      );
    }
    const own = await page(b, "/api/v1/logs?source=probe&scope=node");
    assert.deepEqual(own.data.map((l) => l.node), ["node-b", "node-b"]);
  });

  it("pages the merged lines: `before` walks them without a gap or a repeat, offset slices them, an app's route too", async () => {
    const app = dataOf<{ id: number }>(await a.request("POST", "/api/v1/apps", { token: a.rootToken, body: { name: "alpha" } }));
    assert.ok(app.id > 0);
    await eventually(async () => (await b.request("GET", "/api/v1/apps/alpha", { token: a.rootToken })).status === 200, 10_000, "node B knows the new app");
    // Interleaved in time: a, b, a, b, ... so every page mixes the nodes.
    for (let i = 0; i < 5; i++) {
      for (const server of [a, b]) server.app.logger.child({ component: "pager", app: "alpha" }).info(`pager ${i} from ${server === a ? "a" : "b"}`);
      await new Promise((r) => setTimeout(r, 3));
    }
    await eventually(async () => (await page(a, "/api/v1/logs?source=pager")).total === 10, 10_000, "10 pager lines stored");
    const whole = (await page(b, "/api/v1/logs?source=pager&limit=100")).data;
    assert.equal(whole.length, 10);
    const walked: string[] = [];
    let before = "";
    for (let pages = 0; pages < 10; pages++) {
      const got = await page(pages % 2 === 0 ? a : b, `/api/v1/apps/alpha/logs?source=pager&limit=3${before}`);
      walked.push(...got.data.map((l) => l.cursor));
      const last = got.data.at(-1);
      if (!last) break;
      before = `&before=${last.cursor}`;
    }
    assert.deepEqual(walked, whole.map((l) => l.cursor), "every line once, in the same order");
    assert.deepEqual(new Set(whole.map((l) => l.node)), new Set(["node-a", "node-b"]));
    const sliced = await page(a, "/api/v1/logs?source=pager&limit=4&offset=3");
    assert.deepEqual(sliced.data.map((l) => l.cursor), whole.slice(3, 7).map((l) => l.cursor));
    assert.deepEqual([sliced.total, sliced.limit, sliced.offset], [10, 4, 3]);
    const deep = await a.request("GET", "/api/v1/logs?limit=500&offset=600", { token: a.rootToken });
    assert.equal(deep.status, 400, "past what one node answers at once, the merged list pages with `before`");
    assert.match(deep.text, /before=/);
    assert.equal((await a.request("GET", "/api/v1/logs?before=not-a-cursor", { token: a.rootToken })).status, 400);
  });

  it("orders lines of the same instant on two nodes one way everywhere, and `before` continues inside that instant", async () => {
    // Rows written straight into each node's store, so both nodes hold lines of the very same ms.
    const [now, earlier] = ["2026-01-02T03:04:05.006Z", "2026-01-02T03:04:05.005Z"];
    const row = (ts: string, msg: string) => ({ ts, level: 30, app: null, source: "ties", msg, meta: null });
    for (const [server, name] of [[a, "a"], [b, "b"]] as const) {
      const rows = [row(earlier, `${name} earlier`), row(now, `${name} now 1`), row(now, `${name} now 2`)];
      await server.app.pools.logStore.run("append", { file: path.join(server.dataDir, "logs.db"), rows });
    }
    const expected = ["b now 2", "b now 1", "a now 2", "a now 1", "b earlier", "a earlier"];
    assert.deepEqual((await page(a, "/api/v1/logs?source=ties")).data.map((l) => l.message), expected);
    const walked: string[] = [];
    let before = "";
    for (let pages = 0; pages < 10; pages++) {
      const [line] = (await page(pages % 2 === 0 ? b : a, `/api/v1/logs?source=ties&limit=1${before}`)).data;
      if (!line) break;
      walked.push(line.message);
      before = `&before=${line.cursor}`;
    }
    assert.deepEqual(walked, expected);
  });

  it("/stats names the node that answered, and /metrics has service_node_info", async () => {
    for (const [server, id] of [[a, "node-a"], [b, "node-b"]] as const) {
      const stats = (await server.request("GET", "/api/v1/stats", { token: a.rootToken })).json as { node: string };
      assert.equal(stats.node, id);
      assert.match((await server.request("GET", "/metrics")).text, new RegExp(`^service_node_info\\{node="${id}",version="[^"]+"\\} 1$`, "m"));
    }
  });

  it("refuses on node B within a second an API token revoked on node A, and a session signed out on node A", async () => {
    const app = dataOf<{ id: number }>(await a.request("GET", "/api/v1/apps/alpha", { token: a.rootToken }));
    const token = await createToken(a, a.rootToken, { scope: "app", appId: app.id });
    const jwt = await signup(a, "ops@example.com", "ops");
    const stats = (credential: string): Promise<TestResponse> => b.request("GET", "/api/v1/stats", { token: credential });
    const account = (): Promise<TestResponse> => b.request("GET", "/api/v1/account", { token: jwt });
    // Node B has seen both alive, so any answer it remembers says so.
    assert.equal((await stats(token.token)).status, 200);
    assert.equal((await account()).status, 200);

    assert.equal((await a.request("DELETE", `/api/v1/tokens/${token.id}`, { token: a.rootToken })).status, 204);
    const tokenMs = await msUntil(async () => (await stats(token.token)).status === 401);
    const sid = claimsOf(jwt).sid ?? "";
    assert.equal((await a.request("DELETE", `/api/v1/auth/sessions/${sid}`, { token: jwt })).status, 200);
    const sessionMs = await msUntil(async () => (await account()).status === 401);
    console.log(`# revoked on node A, refused on node B after: token ${tokenMs.toFixed(0)} ms, session ${sessionMs.toFixed(0)} ms`);
    assert.ok(tokenMs < 1000, `token still accepted on node B ${tokenMs} ms after its revocation`);
    assert.ok(sessionMs < 1000, `session still accepted on node B ${sessionMs} ms after sign-out`);
  });

  it("answers with what it has, and names a peer that does not answer", async () => {
    // A node that heartbeated a moment ago and died: its row is there, nothing answers at its URL.
    const peers = new PeerStore(a.app.databases.sql);
    await peers.beat({ id: "node-c", url: `http://127.0.0.1:${await freePort()}`, version: "0.1.0", startedAt: new Date().toISOString(), at: Date.now(), draining: false });
    try {
      const got = await page(b, "/api/v1/logs?source=probe");
      assert.equal(got.missing, "node-c");
      assert.deepEqual(got.data.map((l) => l.node), ["node-b", "node-b", "node-a", "node-a"]);
      assert.equal((await page(a, "/api/v1/apps/alpha/logs?source=pager&limit=1")).missing, "node-c");
    } finally {
      await peers.remove("node-c");
    }
  });
});
