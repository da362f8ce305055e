import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { Registry } from "prom-client";
import { poolMetrics } from "../../src/core/pools.ts";
import { PoolFullError, PoolTimeoutError, TaskPool, poolProblem, type TaskPoolOptions } from "../../src/lib/task-pool.ts";

type Tasks = typeof import("../fixtures/pool-tasks.ts");

const registry = new Registry();
const observer = poolMetrics(registry);
const pools: TaskPool<Tasks>[] = [];

function pool(name: string, options: Partial<TaskPoolOptions<Tasks>> = {}): TaskPool<Tasks> {
  const made = new TaskPool<Tasks>({
    name,
    taskFile: new URL("../fixtures/pool-tasks.ts", import.meta.url),
    maxThreads: 1,
    maxQueue: 1,
    timeoutMs: 30_000,
    retryAfterSeconds: 7,
    observer,
    ...options,
  });
  pools.push(made);
  return made;
}

/** One series of the registry, by its rendered name and labels; NaN when absent. */
async function value(series: string): Promise<number> {
  const line = (await registry.metrics()).split("\n").find((l) => l.startsWith(series + " "));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

describe("TaskPool", () => {
  after(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it("runs a task on a thread and counts it ok", async () => {
    const p = pool("plain");
    assert.equal(await p.run("sleep", { ms: 1 }), 1);
    assert.equal(await value('service_pool_task_seconds_count{pool="plain",result="ok"}'), 1);
    assert.equal(await value('service_pool_queue_depth{pool="plain"}'), 0);
  });

  it("refuses a task beyond its threads and queue with PoolFullError, shows the queue, and takes tasks again once it drains", async () => {
    const p = pool("full", { maxThreads: 1, maxQueue: 2 });
    const taken = [p.run("sleep", { ms: 400 }), p.run("sleep", { ms: 10 }), p.run("sleep", { ms: 10 })];
    assert.equal(p.queued, 2);
    assert.equal(await value('service_pool_queue_depth{pool="full"}'), 2);
    await assert.rejects(p.run("sleep", { ms: 10 }), (err: unknown) => {
      assert.ok(err instanceof PoolFullError);
      assert.equal(err.pool, "full");
      assert.equal(err.retryAfterSeconds, 7);
      assert.match(err.message, /the full pool is busy and its queue is full; retry in 7 s/);
      return true;
    });
    assert.equal(await value('service_pool_task_seconds_count{pool="full",result="rejected"}'), 1);
    assert.deepEqual(await Promise.all(taken), [400, 10, 10]);
    assert.equal(await value('service_pool_queue_depth{pool="full"}'), 0);
    assert.equal(await value('service_pool_task_seconds_count{pool="full",result="ok"}'), 3);
    assert.equal(await p.run("sleep", { ms: 1 }), 1);
  });

  it("aborts a task past its timeout, even one blocking its thread, and the next task gets a fresh thread", async () => {
    // Long enough for the thread to start and enter the loop (the timeout counts from the call).
    const p = pool("slow", { taskTimeoutMs: { spin: 3_000 } });
    const started = Date.now();
    await assert.rejects(p.run("spin", { ms: 120_000 }), (err: unknown) => {
      assert.ok(err instanceof PoolTimeoutError);
      assert.equal(err.task, "spin");
      assert.match(err.message, /the slow pool's spin task took longer than 3 s and was stopped/);
      return true;
    });
    assert.ok(Date.now() - started < 10_000, `the timeout took ${Date.now() - started} ms`);
    assert.equal(await value('service_pool_task_seconds_count{pool="slow",result="timeout"}'), 1);
    assert.equal(await p.run("sleep", { ms: 5 }), 5);
  });

  it("takes a per-task timeout over the pool's", async () => {
    const p = pool("per-task", { timeoutMs: 30_000, taskTimeoutMs: { sleep: 100 } });
    await assert.rejects(p.run("sleep", { ms: 5_000 }), PoolTimeoutError);
    assert.equal(await p.run("spin", { ms: 150 }), 150);
  });

  it("passes a task's own failure through and counts it as an error", async () => {
    const p = pool("failing");
    await assert.rejects(p.run("fail", { message: "the file is not a video" }), /the file is not a video/);
    assert.equal(await value('service_pool_task_seconds_count{pool="failing",result="error"}'), 1);
  });

  it("answers a full queue as 503 service_unavailable with Retry-After, a timeout as 503, and nothing else", () => {
    const full = poolProblem(new PoolFullError("media", 10));
    assert.equal(full?.code, "service_unavailable");
    assert.equal(full?.headers?.["retry-after"], "10");
    const late = poolProblem(new PoolTimeoutError("media", "probe", 120_000));
    assert.equal(late?.code, "service_unavailable");
    assert.match(late?.message ?? "", /the media pool's probe task took longer than 120 s/);
    assert.equal(poolProblem(new Error("a bug")), undefined);
  });
});
