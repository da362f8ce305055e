import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { z } from "zod";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { TaskPool } from "../../src/lib/task-pool.ts";
import { metricValue, startServer, type TestServer } from "../helpers/server.ts";
import { serverBackend } from "../helpers/backends.ts";

type Tasks = typeof import("../fixtures/pool-tasks.ts");

/**
 * A route that runs a task on a small pool made beside the service's own and reporting to the
 * same registry: what any route over a pool answers when the pool is full or a task runs late.
 */
describe("worker-thread pools behind a route", () => {
  let server: TestServer;
  let pool: TaskPool<Tasks> | undefined;

  before(async () => {
    const route = defineRoute({
      method: "GET",
      path: "/api/v1/test/pool",
      auth: "public",
      query: z.object({ task: z.enum(["sleep", "spin"]), ms: z.coerce.number().int() }),
      handler: async ({ query }) => {
        if (!pool) throw new Error("the test pool is made after the server starts");
        return ok({ ms: await pool.run(query.task, { ms: query.ms }) });
      },
    });
    server = await startServer({}, { routes: [route] });
    pool = new TaskPool<Tasks>({
      name: "test",
      taskFile: new URL("../fixtures/pool-tasks.ts", import.meta.url),
      maxThreads: 1,
      maxQueue: 1,
      timeoutMs: 30_000,
      taskTimeoutMs: { spin: 3_000 },
      retryAfterSeconds: 7,
      observer: server.app.pools.observer,
    });
  });
  after(async () => {
    await pool?.close();
    await server.close();
  });

  it("answers 503 service_unavailable with Retry-After once the threads and the queue are taken, and the queue shows in the metrics", async () => {
    const held = [server.request("GET", "/api/v1/test/pool?task=sleep&ms=1500"), server.request("GET", "/api/v1/test/pool?task=sleep&ms=10")];
    // Bounded wait until both requests reached the pool (one running, one queued).
    for (let i = 0; i < 100 && (await metricValue(server, 'service_pool_queue_depth{pool="test"}')) !== 1; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await metricValue(server, 'service_pool_queue_depth{pool="test"}'), 1);

    const refused = await server.request("GET", "/api/v1/test/pool?task=sleep&ms=10");
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get("retry-after"), "7");
    const body = refused.json as { error: { code: string; message: string; details: { pool: string } } };
    assert.equal(body.error.code, "service_unavailable");
    assert.match(body.error.message, /the test pool is busy and its queue is full; retry in 7 s/);
    assert.equal(body.error.details.pool, "test");

    assert.deepEqual((await Promise.all(held)).map((r) => r.status), [200, 200]);
    assert.equal(await metricValue(server, 'service_pool_queue_depth{pool="test"}'), 0);
    assert.equal(await metricValue(server, 'service_pool_task_seconds_count{pool="test",result="rejected"}'), 1);
    assert.equal(await metricValue(server, 'service_pool_task_seconds_count{pool="test",result="ok"}'), 2);
  });

  it("stops a task past its timeout and answers 503 service_unavailable saying so", async () => {
    const started = Date.now();
    const res = await server.request("GET", "/api/v1/test/pool?task=spin&ms=120000");
    assert.ok(Date.now() - started < 10_000, `answered after ${Date.now() - started} ms`);
    assert.equal(res.status, 503);
    const body = res.json as { error: { code: string; message: string } };
    assert.equal(body.error.code, "service_unavailable");
    assert.match(body.error.message, /the test pool's spin task took longer than 3 s and was stopped/);
    assert.equal(await metricValue(server, 'service_pool_task_seconds_count{pool="test",result="timeout"}'), 1);
    // The pool goes on, on a fresh thread.
    assert.equal((await server.request("GET", "/api/v1/test/pool?task=sleep&ms=1")).status, 200);
  });

  it("measures the service's own pools in the same registry", async () => {
    for (const name of ["media", "uploads", "log_store", "db_maintenance"]) {
      assert.equal(await metricValue(server, `service_pool_queue_depth{pool="${name}"}`), 0, `${name} has no queue gauge`);
    }
    const before = (await metricValue(server, 'service_pool_task_seconds_count{pool="db_maintenance",result="ok"}')) || 0;
    assert.equal((await server.request("GET", "/api/v1/system/db/health", { token: server.rootToken })).status, 200);
    // SQLite's integrity checks run on that pool; PostgreSQL's health is a few queries, no file to read.
    if (serverBackend === "sqlite") assert.equal(await metricValue(server, 'service_pool_task_seconds_count{pool="db_maintenance",result="ok"}'), before + 1);
  });
});
