/**
 * The server under test, run in its own process so it has a core to itself while the load
 * generator uses the other. `raw` is a bare uWebSockets.js hello-world (the ceiling), `service`
 * is the full pipeline from `buildApp`, on SQLite or, given `--database` (and `--redis`), on
 * PostgreSQL. Prints one ready line (JSON) on stdout, then serves until SIGTERM, SIGINT or its
 * stdin closes (so it never outlives a crashed parent).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type * as Uws from "uWebSockets.js";
import { z } from "zod";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { loadUws } from "../../src/http/uws.ts";
import { countSqliteStatements } from "../shared/sqlite-counter.ts";
import { LIVEKIT, type Credentials } from "./fixtures.ts";
import { mountRawAuthenticated } from "./raw.ts";
import { seedService } from "./seed.ts";
import { TARGET_KINDS, type ServiceBackend, type TargetKind, type TargetReady } from "./target-process.ts";

/** The route the JSON benchmark posts to: body read, JSON parse, zod validation, envelope reply. */
const echoRoute = defineRoute({
  method: "POST",
  path: "/bench/echo",
  auth: "public",
  body: z.object({ name: z.string().max(100), n: z.number().int() }),
  handler: async ({ body }) => ok(body),
});

/** The bench-only route the backends comparison reads, before and after a run: SQLite statements run so far, by text. */
const sqliteStatements = countSqliteStatements();
const statementsRoute = defineRoute({
  method: "GET",
  path: "/bench/statements",
  auth: "public",
  handler: async () => ok({ sqlite: Object.fromEntries(sqliteStatements.bySource()) }),
});

type ListenWithOptions = (
  host: string,
  port: number,
  options: number,
  cb: (socket: Uws.us_listen_socket | false) => void,
) => Uws.TemplatedApp;

/** Answers the ready line's fields and a function that shuts the server down. */
type Started = { port: number; native: boolean; credentials: Credentials; stop: () => Promise<void> };

const RAW_BODY = JSON.stringify({ status: "ok" });
/** uSockets' LIBUS_LISTEN_EXCLUSIVE_PORT: without it a leftover process could share the port. */
const EXCLUSIVE_PORT = 1;

function startRaw(): Promise<Started> {
  const { uws, native } = loadUws();
  const app = uws.App();
  app.get("/health", (res) => {
    res.writeHeader("content-type", "application/json; charset=utf-8").end(RAW_BODY);
  });
  // The same work as our JSON route, minus the framework: read the body, parse, reply enveloped.
  app.post("/bench/echo", (res) => {
    let aborted = false;
    const chunks: Buffer[] = [];
    res.onAborted(() => {
      aborted = true;
    });
    res.onData((chunk, isLast) => {
      chunks.push(Buffer.from(chunk.slice(0)));
      if (!isLast || aborted) return;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
      res.cork(() => {
        res.writeHeader("content-type", "application/json; charset=utf-8").end(JSON.stringify({ data: body, error: null }));
      });
    });
  });
  const credentials = mountRawAuthenticated(app);
  app.any("/*", (res) => {
    res.writeStatus("404 Not Found").end();
  });
  const listen = app.listen as unknown as ListenWithOptions;
  return new Promise((resolve, reject) => {
    listen.call(app, "127.0.0.1", 0, EXCLUSIVE_PORT, (socket) => {
      if (!socket) return reject(new Error("raw uWS could not listen on 127.0.0.1"));
      const stop = async () => uws.us_listen_socket_close(socket);
      resolve({ port: uws.us_socket_local_port(socket), native, credentials, stop });
    });
  });
}

/** On PostgreSQL the service needs its secrets from the environment (docs/storage.md); any fixed ones do. */
const postgresSettings = (b: ServiceBackend): Record<string, string> =>
  b.databaseUrl === undefined
    ? {}
    : {
        SERVICE_DATABASE_URL: b.databaseUrl,
        SERVICE_JWT_SECRET: "bench-jwt-secret-bench-jwt-secret-0123456789",
        SERVICE_MASTER_KEY: "bench-master-key-bench-master-key-0123456789",
        ...(b.redisUrl === undefined ? {} : { SERVICE_REDIS_URL: b.redisUrl }),
      };

async function startService(backend: ServiceBackend): Promise<Started> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-http-"));
  try {
    const config = loadConfig({
      SERVICE_DATA_DIR: dataDir,
      SERVICE_HOST: "127.0.0.1",
      SERVICE_PORT: "0",
      SERVICE_LOG_STDOUT: "off",
      SERVICE_LOG_LEVEL: "warn",
      SERVICE_ALLOW_SIGNUP: "on",
      // The limiter stays in the path, so its cost is measured, with limits no load run reaches.
      SERVICE_RATE_LIMITS: "free=999999999,pro=999999999,enterprise=999999999,platform=999999999,anonymous=999999999",
      SERVICE_LIVEKIT_URL: LIVEKIT.url,
      SERVICE_LIVEKIT_WS_URL: LIVEKIT.wsUrl,
      SERVICE_LIVEKIT_API_KEY: LIVEKIT.apiKey,
      SERVICE_LIVEKIT_API_SECRET: LIVEKIT.apiSecret,
      ...postgresSettings(backend),
    });
    const app = await buildApp(config, { routes: [echoRoute, statementsRoute] });
    const rootToken = await app.tokens.seedGlobal();
    if (rootToken === undefined) throw new Error("the fresh data dir had a global token already");
    const port = await app.listen();
    const credentials = await seedService(`http://127.0.0.1:${port}`, rootToken);
    const stop = async () => {
      await app.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
    // buildApp refuses the JS fallback unless told otherwise, so a running service is native.
    return { port, native: true, credentials, stop };
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

function parseCommandLine(): { kind: TargetKind; backend: ServiceBackend } {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { database: { type: "string" }, redis: { type: "string" } } });
  const kind = TARGET_KINDS.find((k) => k === positionals[0]);
  if (kind === undefined) throw new Error(`usage: target.ts <${TARGET_KINDS.join("|")}> [--database URL [--redis URL]], got ${String(positionals[0])}`);
  return { kind, backend: { databaseUrl: values.database, redisUrl: values.redis } };
}

async function main(): Promise<void> {
  const { kind, backend } = parseCommandLine();
  const started = kind === "raw" ? await startRaw() : await startService(backend);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    started.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`http-target ${kind}: stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  process.stdin.on("end", shutdown).on("close", shutdown).resume();
  const ready: TargetReady = { kind, pid: process.pid, port: started.port, native: started.native, credentials: started.credentials };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`http-target: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
