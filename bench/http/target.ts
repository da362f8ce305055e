/**
 * The server under test, run in its own process so it has a core to itself while the load
 * generator uses the other. `raw` is a bare uWebSockets.js hello-world (the ceiling), `service`
 * is the full pipeline from `buildApp`. Prints one ready line (JSON) on stdout, then serves until
 * SIGTERM, SIGINT or its stdin closes (so it never outlives a crashed parent).
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type * as Uws from "uWebSockets.js";
import { z } from "zod";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { loadUws } from "../../src/http/uws.ts";
import { LIVEKIT, type Credentials } from "./fixtures.ts";
import { mountRawAuthenticated } from "./raw.ts";
import { seedService } from "./seed.ts";
import { TARGET_KINDS, type TargetKind, type TargetReady } from "./target-process.ts";


/** The route the JSON benchmark posts to: body read, JSON parse, zod validation, envelope reply. */
const echoRoute = defineRoute({
  method: "POST",
  path: "/bench/echo",
  auth: "public",
  body: z.object({ name: z.string().max(100), n: z.number().int() }),
  handler: async ({ body }) => ok(body),
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

async function startService(): Promise<Started> {
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
    });
    const app = await buildApp(config, { routes: [echoRoute] });
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

function parseKind(arg: string | undefined): TargetKind {
  const kind = TARGET_KINDS.find((k) => k === arg);
  if (kind === undefined) throw new Error(`usage: http-target.ts <${TARGET_KINDS.join("|")}>, got ${String(arg)}`);
  return kind;
}

async function main(): Promise<void> {
  const kind = parseKind(process.argv[2]);
  const started = kind === "raw" ? await startRaw() : await startService();
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
