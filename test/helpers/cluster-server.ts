import path from "node:path";
import { Agent } from "undici";
import type { BuildOptions } from "../../src/app.ts";
import { startLoadBalancer } from "./nginx-lb.ts";
import { sharedPostgres } from "./postgres.ts";
import { startRedis } from "./redis.ts";
import { assertNoMismatches, databaseFor, nodeEnv, request, startNode, startServer, tempDir, testEnv, type StartedNode, type TestServer } from "./server.ts";

/**
 * `SERVICE_TEST_NODES=N` (N ≥ 2): every test server is N in-process nodes on one PostgreSQL
 * database and one Redis of its own, behind a real nginx balancing round robin (HTTP and
 * WebSocket upgrades), so a test's requests land on a different node each time and the suite checks
 * that the nodes behave as one service (issue 32). The server's `url` is the balancer's; its `app`
 * is the first node's (a test that reaches into it reaches that node alone); `nodes` are all of them.
 */

/** Each data dir's node data dirs (the first is the data dir itself), so a restart finds the same ones. */
const nodeDirs = new Map<string, string[]>();

function dirsOf(dataDir: string, count: number): string[] {
  let dirs = nodeDirs.get(dataDir);
  if (!dirs) nodeDirs.set(dataDir, (dirs = [dataDir, ...Array.from({ length: count - 1 }, () => tempDir(`${path.basename(dataDir)}-node-`))]));
  return dirs;
}

export async function startCluster(count: number, env: Record<string, string>, options: BuildOptions): Promise<TestServer> {
  const dataDir = env["SERVICE_DATA_DIR"] ?? tempDir();
  // A Redis of its own: rate-limit windows and locks are the cluster's, and a test's server starts as a new one.
  const given = env["SERVICE_REDIS_URL"];
  const ownRedis = given === undefined ? await startRedis() : undefined;
  const redis = given ?? ownRedis?.url ?? "";
  const database = env["SERVICE_DATABASE_URL"] ?? (await databaseFor(dataDir));
  // The balancer is a proxy on loopback: a client's address is the one it forwards.
  const shared = { SERVICE_TRUST_PROXY: "127.0.0.1/32", ...env };
  // The test's own settings win over the shared test keys, never over what names the node.
  const envOf = async (i: number, dir: string) => {
    const node = await nodeEnv(`node-${i + 1}`, database, redis);
    const { SERVICE_NODE_ID, SERVICE_PORT, SERVICE_NODE_URL } = node;
    return testEnv(dir, { ...node, ...shared, SERVICE_NODE_ID, SERVICE_PORT, SERVICE_NODE_URL, SERVICE_DATABASE_URL: database, SERVICE_REDIS_URL: redis, SERVICE_DATA_DIR: dir });
  };
  const dirs = dirsOf(dataDir, count);
  const nodes: StartedNode[] = [];
  // A mail is sent by whichever node handled the request: one list, in the order they were logged.
  const mails: TestServer["mails"] = [];
  try {
    // The first migrates and seeds the installer's token; the others then start together.
    nodes.push(await startNode(await envOf(0, dataDir), options, mails));
    nodes.push(...(await Promise.all(dirs.slice(1).map(async (dir, i) => startNode(await envOf(i + 1, dir), options, mails)))));
  } catch (err) {
    await Promise.allSettled(nodes.map((n) => n.app.stop()));
    await ownRedis?.stop();
    throw err;
  }
  const lb = await startLoadBalancer(nodes.map((n) => `127.0.0.1:${n.port}`));
  const agent = new Agent();
  const first = nodes[0] as StartedNode;
  return {
    app: first.app,
    nodes: nodes.map((n) => n.app),
    url: lb.url,
    port: lb.port,
    dataDir,
    rootToken: nodes.map((n) => n.rootToken).find((t) => t !== undefined) ?? "",
    mails,
    request: (method, p, opts) => request(lb.url, method, p, opts, agent),
    async close() {
      await agent.close();
      await lb.close();
      await Promise.all(nodes.map((n) => n.app.stop()));
      await ownRedis?.stop();
      assertNoMismatches(nodes.flatMap((n) => n.mismatches));
    },
  };
}

/** Two or more nodes started by `startNodes`. */
export interface StartedNodes {
  /** In the order of their ids; the first migrated the database and holds the installer's token. */
  readonly nodes: readonly TestServer[];
  /** Stops one node (as its operator would); `close` leaves it be. */
  stop(node: TestServer): Promise<void>;
  close(): Promise<void>;
}

/**
 * Nodes `ids` on one new PostgreSQL database and a Redis of their own, each answering at its own
 * URL (no balancer), started one after the other, each with `env` added.
 */
export async function startNodes(ids: readonly string[], env: Record<string, string> = {}): Promise<StartedNodes> {
  const [pg, redis] = await Promise.all([sharedPostgres(), startRedis()]);
  const database = await pg.database();
  const nodes: TestServer[] = [];
  try {
    for (const id of ids) nodes.push(await startServer({ ...env, ...(await nodeEnv(id, database, redis.url)), SERVICE_DATA_DIR: tempDir() }));
  } catch (err) {
    await Promise.allSettled(nodes.map((n) => n.close()));
    await redis.stop();
    throw err;
  }
  const stopped = new Set<TestServer>();
  return {
    nodes,
    async stop(node) {
      stopped.add(node);
      await node.close();
    },
    async close() {
      await Promise.all(nodes.filter((n) => !stopped.has(n)).map((n) => n.close()));
      await redis.stop();
    },
  };
}
