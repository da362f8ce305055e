import { Agent, fetch as undiciFetch } from "undici";
import { buildApp, type App, type BuildOptions } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { SqliteDatabases } from "../../src/db/sqlite-databases.ts";
import { RESPONSE_MISMATCH } from "../../src/http/response-check.ts";
import { freePort } from "./ports.ts";
import { sharedPostgres } from "./postgres.ts";
import { tempDir } from "./temp.ts";

export interface TestResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
  /** The body parsed as JSON (throws when it is not). */
  readonly json: unknown;
}

export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** How long to wait for the answer (15 s unless given). */
  readonly timeoutMs?: number;
}

export interface TestServer {
  /** The service; in a cluster (SERVICE_TEST_NODES), the first node's. */
  readonly app: App;
  /** In a cluster, every node (the first is `app`); absent for one node. */
  readonly nodes?: readonly App[];
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The installer's global API token, seeded into the fresh data dir. */
  readonly rootToken: string;
  /** Account mail the server wrote to its log (no SMTP in tests unless configured). */
  readonly mails: Array<{ to: string; subject: string; text: string }>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export { tempDir } from "./temp.ts";

/**
 * Environment every test server starts from: loopback, ephemeral port, quiet stdout, and every
 * success answer checked against its route's declared response schema.
 */
export function testEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    SERVICE_HOST: "127.0.0.1",
    SERVICE_PORT: "0",
    SERVICE_DATA_DIR: dataDir,
    SERVICE_LOG_STDOUT: process.env["TEST_LOGS"] ?? "off",
    METRICS_DEFAULT_METRICS: "off",
    SERVICE_TEST_RESPONSE_CHECK: "on",
    ...env,
  };
}

/**
 * A media server configured but never reached (port 9 is closed): join and play tokens are signed
 * and checked locally, so camera tests get them without running LiveKit.
 */
export const UNREACHABLE_LIVEKIT: Readonly<Record<string, string>> = {
  SERVICE_LIVEKIT_URL: "http://127.0.0.1:9",
  SERVICE_LIVEKIT_WS_URL: "ws://127.0.0.1:9",
  SERVICE_LIVEKIT_API_KEY: "devkey",
  SERVICE_LIVEKIT_API_SECRET: "a-secret-of-at-least-thirty-two-characters",
};

/**
 * `SERVICE_TEST_DATABASE=postgres`: every test server keeps its state in PostgreSQL, one database
 * per data dir (a server started again on the same data dir finds its state), on one cluster per
 * test process, stopped when the process exits.
 */
const onPostgres = process.env["SERVICE_TEST_DATABASE"] === "postgres";
const databaseOf = new Map<string, Promise<string>>();

export async function databaseFor(dataDir: string): Promise<string> {
  let url = databaseOf.get(dataDir);
  if (!url) databaseOf.set(dataDir, (url = sharedPostgres().then((c) => c.database())));
  return url;
}

/** The keys every PostgreSQL node must be given (they are never generated there): fixed test values. */
export const TEST_SHARED_KEYS: Readonly<Record<string, string>> = {
  SERVICE_MASTER_KEY: "a test master key shared by every node of one database",
  SERVICE_JWT_SECRET: "a test jwt secret shared by every node of one database",
};

/**
 * One node of a cluster on PostgreSQL `database` and Redis `redis`: its id, a port of its own and
 * the URL its peers reach it at, and the keys every node of one database shares.
 */
export async function nodeEnv(id: string, database: string, redis: string): Promise<Record<string, string> & { SERVICE_NODE_ID: string; SERVICE_PORT: string; SERVICE_NODE_URL: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return { ...TEST_SHARED_KEYS, SERVICE_DATABASE_URL: database, SERVICE_REDIS_URL: redis, SERVICE_NODE_ID: id, SERVICE_PORT: String(port), SERVICE_NODE_URL: url };
}

/**
 * The environment with this test run's backend: SERVICE_DATABASE_URL set when the suite runs on
 * PostgreSQL; on PostgreSQL with the keys it requires, unless the test sets its own.
 */
export async function withTestDatabase(dataDir: string, env: Record<string, string>): Promise<Record<string, string>> {
  // A test that sets SERVICE_DATABASE_URL to "" asks for SQLite whatever the run's backend.
  const given = env["SERVICE_DATABASE_URL"];
  const url = given ?? (onPostgres ? await databaseFor(dataDir) : undefined);
  if (!url) return env;
  return { ...TEST_SHARED_KEYS, ...env, SERVICE_DATABASE_URL: url };
}

/** One service in this process, listening, with what its log said that a test reads. */
export interface StartedNode {
  readonly app: App;
  readonly port: number;
  /** The installer's token when this node seeded it (the first node of a database to start). */
  readonly rootToken: string | undefined;
  readonly mails: Array<{ to: string; subject: string; text: string }>;
  /** Answers that did not match their route's declared response, as `route (path): issues`. */
  readonly mismatches: string[];
}

/**
 * Builds the service on `env` (testEnv already applied), listens, and follows its log; the mail it
 * logs goes to `mails` (the nodes of a cluster share one list).
 */
export async function startNode(env: Record<string, string>, options: BuildOptions, mails: StartedNode["mails"] = []): Promise<StartedNode> {
  const app = await buildApp(loadConfig(env), options);
  const rootToken = await app.tokens.seedGlobal();
  const mismatches: string[] = [];
  app.logging.subscribe((r) => {
    if (r["component"] === "mail") mails.push({ to: String(r["to"]), subject: String(r["subject"]), text: String(r["text"]) });
    if (r.msg === RESPONSE_MISMATCH) mismatches.push(`${String(r["route"])} (${String(r["path"])}): ${JSON.stringify(r["issues"])}`);
  });
  return { app, port: await app.listen(), rootToken: rootToken ?? undefined, mails, mismatches };
}

/** Fails a test whose server gave answers that do not match their routes' declared responses. */
export function assertNoMismatches(mismatches: readonly string[]): void {
  if (mismatches.length > 0) throw new Error(`answers that do not match their route's declared response:\n${mismatches.join("\n")}`);
}

/**
 * How many nodes each test server is (`SERVICE_TEST_NODES`, 1 unless set). Above 1, startServer
 * starts a cluster behind a load balancer instead (test/helpers/cluster-server.ts).
 */
export const TEST_NODES = Number(process.env["SERVICE_TEST_NODES"] ?? "1");

/**
 * Boots the real service in-process on an ephemeral port with a fresh data dir; with
 * SERVICE_TEST_NODES above 1, that many nodes behind nginx, unless the test builds a cluster of its
 * own (it names the node) or asks for SQLite.
 */
export async function startServer(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestServer> {
  if (TEST_NODES > 1 && env["SERVICE_NODE_ID"] === undefined && env["SERVICE_DATABASE_URL"] !== "") {
    const { startCluster } = await import("./cluster-server.ts");
    return startCluster(TEST_NODES, env, options);
  }
  const dataDir = env["SERVICE_DATA_DIR"] ?? tempDir();
  const node = await startNode(testEnv(dataDir, await withTestDatabase(dataDir, env)), options);
  const url = `http://127.0.0.1:${node.port}`;
  // Its own connection pool, closed with the server, so no idle keep-alive socket outlives a test.
  const agent = new Agent();
  return {
    app: node.app,
    url,
    port: node.port,
    dataDir,
    rootToken: node.rootToken ?? "",
    mails: node.mails,
    request: (method, p, opts) => request(url, method, p, opts, agent),
    async close() {
      await agent.close();
      await node.app.stop();
      // Also the answers a test read with its own client, or whose 500 it expected.
      assertNoMismatches(node.mismatches);
    },
  };
}

export async function request(
  base: string,
  method: string,
  p: string,
  options: RequestOptions = {},
  dispatcher?: Agent,
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers["authorization"] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  // A server that never answers fails the test in seconds, not at the runner's timeout.
  const res = await undiciFetch(base + p, { method, headers, body, redirect: "manual", dispatcher, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  const text = await res.text();
  if (res.status === 500) throwOnMismatch(method, p, text);
  return {
    status: res.status,
    headers: res.headers,
    text,
    get json(): unknown {
      return JSON.parse(text);
    },
  };
}

/** A test that meets such an answer fails there, naming the route and the fields. */
function throwOnMismatch(method: string, p: string, text: string): void {
  let details: { responseCheck?: string; issues?: Array<{ path: string; message: string }> } | undefined;
  try {
    details = (JSON.parse(text) as { error?: { details?: typeof details } }).error?.details;
  } catch {
    return;
  }
  if (details?.responseCheck === undefined) return;
  const fields = (details.issues ?? []).map((i) => `${i.path}: ${i.message}`).join("; ");
  throw new Error(`${method} ${p}: the answer does not match what ${details.responseCheck} declares (src/*/schemas.ts): ${fields}`);
}

/** The value of one `/metrics` series (`name{labels}` exactly as rendered); NaN when it is absent. */
export async function metricValue(server: TestServer, series: string): Promise<number> {
  const line = (await server.request("GET", "/metrics")).text.split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

/**
 * The SQLite files behind a service's databases, for a test that reads or damages them directly;
 * throws on PostgreSQL, where such a test does not apply.
 */
export function sqliteOf(app: Pick<App, "databases">): SqliteDatabases {
  const files = app.databases.files;
  if (!files) throw new Error("this test reads the SQLite files directly; the service runs on PostgreSQL");
  return files;
}
