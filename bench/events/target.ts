/**
 * The service under test, in its own process: the real `buildApp` on a fresh data dir (or on a
 * PostgreSQL database and Redis, when started with them), one app
 * created through its HTTP API with `callbacks.url` pointing at the receiver and a callback
 * secret (so every delivery is signed), and events emitted on command through `app.events`,
 * exactly as the service's own modules emit them. Exits when the IPC channel closes.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import os from "node:os";
import path from "node:path";
import { buildApp, type App } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { countSqliteStatements } from "../shared/sqlite-counter.ts";
import { epochMs, reply, stopOnlyWithTheBench, type EmitPlan, type TargetCommand, type TargetEvent } from "./protocol.ts";

const APP = "bench-events";
/** Log levels worth showing in the bench's notes: a failed delivery logs a warning. */
const WARN = new Set(["warn", "error", "fatal"]);

let app: App | undefined;
let dataDir: string | undefined;
let profiler: Session | undefined;
let loopDelay: IntervalHistogram | undefined;
const complaints = new Map<string, number>();
const sqliteStatements = countSqliteStatements();
/** SQLite statements run before the last emit began. */
let statementsAtEmit = 0;

async function api(base: string, token: string, method: string, p: string, body: unknown): Promise<void> {
  const res = await fetch(base + p, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status} ${await res.text()}`);
}

async function start(c: Extract<TargetCommand, { cmd: "start" }>): Promise<TargetEvent> {
  const { mode, receiverUrl, secret, postgres } = c;
  dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-events-"));
  const config = loadConfig({
    SERVICE_HOST: "127.0.0.1",
    SERVICE_PORT: "0",
    SERVICE_DATA_DIR: dataDir,
    SERVICE_LOG_STDOUT: "off",
    SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32",
    METRICS_DEFAULT_METRICS: "off",
    // On PostgreSQL the secrets come from the environment (docs/storage.md); any fixed ones do.
    ...(postgres === undefined
      ? {}
      : {
          SERVICE_DATABASE_URL: postgres.databaseUrl,
          SERVICE_REDIS_URL: postgres.redisUrl,
          SERVICE_JWT_SECRET: "bench-jwt-secret-bench-jwt-secret-0123456789",
          SERVICE_MASTER_KEY: "bench-master-key-bench-master-key-0123456789",
        }),
  });
  const service = await buildApp(config, { callbackOutbox: mode === "outbox" });
  app = service;
  service.logging.subscribe((r) => {
    if (WARN.has(r.level)) complaints.set(r.msg, (complaints.get(r.msg) ?? 0) + 1);
  });
  const token = await service.tokens.seedGlobal();
  if (token === undefined) throw new Error("a fresh data dir already had a global token");
  const port = await service.listen();
  const base = `http://127.0.0.1:${port}`;
  await api(base, token, "POST", "/api/v1/apps", { name: APP });
  await api(base, token, "PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: `callbacks:\n  url: ${receiverUrl}\n` });
  await api(base, token, "PATCH", `/api/v1/apps/${APP}`, { callbackSecret: secret });
  return { ev: "started", app: APP, port };
}

/**
 * Emits the plan's events round-robin over its rooms. The message carries the emit time for the
 * receiver's latency; `from` carries the event's sequence number within its room, for the
 * receiver's ordering check.
 */
async function emit(service: App, plan: EmitPlan): Promise<TargetEvent> {
  complaints.clear();
  statementsAtEmit = sqliteStatements.total();
  loopDelay?.disable();
  loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  let sent = 0;
  let firstAt = 0;
  let lastAt = 0;
  const one = (): void => {
    const room = `${plan.tag}-r${sent % plan.rooms}`;
    const at = epochMs();
    if (sent === 0) firstAt = at;
    lastAt = at;
    service.events.emit(APP, "chat_message", room, { room, from: `bench#${Math.floor(sent / plan.rooms)}`, message: String(at), ts: new Date().toISOString() });
    sent++;
  };
  await new Promise<void>((resolve) => {
    if (plan.rate === 0) {
      // A chunk per turn: the service's flush (setImmediate) and its I/O get every turn between.
      const turn = (): void => {
        for (let i = 0; i < plan.chunk && sent < plan.events; i++) one();
        if (sent < plan.events && process.connected) setImmediate(turn);
        else resolve();
      };
      turn();
      return;
    }
    // Whatever is due by now, every millisecond or so: the average rate holds even when a tick is late.
    const startedAt = performance.now();
    const tick = (): void => {
      const due = Math.min(plan.events, Math.floor(((performance.now() - startedAt) * plan.rate) / 1000) + 1);
      while (sent < due) one();
      if (sent < plan.events && process.connected) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  return { ev: "emitted", events: sent, firstAt, lastAt, complaints: Object.fromEntries(complaints) };
}

async function handle(c: TargetCommand): Promise<TargetEvent> {
  switch (c.cmd) {
    case "start":
      return start(c);
    case "emit":
      if (!app) throw new Error("emit before start");
      return emit(app, c.plan);
    case "loop": {
      if (!loopDelay) throw new Error("loop before emit");
      loopDelay.disable();
      const { maxMs, p99Ms } = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
      loopDelay = undefined;
      return { ev: "loop", p99Ms, maxMs, sqliteStatements: sqliteStatements.total() - statementsAtEmit };
    }
    case "profile-start":
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
      await profiler.post("Profiler.start");
      return { ev: "profiling" };
    case "profile-stop": {
      if (!profiler) throw new Error("profile-stop without profile-start");
      const { profile } = await profiler.post("Profiler.stop");
      profiler.disconnect();
      profiler = undefined;
      await writeFile(c.file, JSON.stringify(profile));
      return { ev: "profiled", file: c.file };
    }
  }
}

/** Stops the service and removes its data dir, whatever state start() reached. Idempotent. */
async function shutdown(): Promise<void> {
  const service = app;
  const dir = dataDir;
  app = undefined;
  dataDir = undefined;
  try {
    await service?.stop();
  } finally {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}

// One command at a time, in order; a failure is fatal, so the parent sees the child exit.
let queue = Promise.resolve();
process.on("message", (m) => {
  queue = queue.then(async () => reply(await handle(m as TargetCommand)));
  queue.catch((err: unknown) => {
    process.stderr.write(`events target: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    void shutdown().finally(() => process.exit(1));
  });
});
stopOnlyWithTheBench();
// The bench has gone (done, or died): finish the command under way, then stop and clean up.
process.on("disconnect", () => {
  void queue
    .catch(() => undefined)
    .then(shutdown)
    .then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`events target: stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
});
