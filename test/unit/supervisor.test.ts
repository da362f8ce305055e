import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pino } from "pino";
import { SimulatedClock, setup } from "xstate";
import { latencyLatch } from "../../machines/latency-latch.ts";
import { Supervisor } from "../../src/supervisor/supervisor.ts";
import { summarize } from "../../src/supervisor/summarize.ts";

const logger = pino({ level: "silent" });

describe("Supervisor", () => {
  it("spawns actors into one system and lists them by prefix with state and last event", () => {
    const sup = new Supervisor({ logger });
    sup.spawn("latency:demo:lobby", latencyLatch, { room: "lobby", thresholdMs: 10, cooldownSeconds: 1 });
    sup.spawn("latency:other:hall", latencyLatch, { room: "hall", thresholdMs: 10, cooldownSeconds: 1 });
    sup.get("latency:demo:lobby")?.send({ type: "sample", rttMs: 50, at: 0, participants: 1, publishers: 1 });
    const [info, ...rest] = sup.list("latency:demo:");
    assert.equal(rest.length, 0);
    assert.equal(info?.id, "latency:demo:lobby");
    assert.equal(info?.machine, "latency-latch");
    assert.equal(info?.state, "high");
    assert.equal(info?.status, "active");
    assert.equal(info?.lastEvent?.type, "sample");
    assert.equal((info?.context as { room: string }).room, "lobby");
    assert.equal(sup.list().length, 2);
    sup.stopAll();
  });

  it("replaces an actor spawned again under the same id, and stops one by id", () => {
    const sup = new Supervisor({ logger });
    const first = sup.spawn("x", latencyLatch, { room: "a", thresholdMs: 1, cooldownSeconds: 1 });
    const second = sup.spawn("x", latencyLatch, { room: "b", thresholdMs: 1, cooldownSeconds: 1 });
    assert.equal(first.getSnapshot().status, "stopped");
    assert.equal(second.getSnapshot().status, "active");
    sup.stop("x");
    assert.equal(second.getSnapshot().status, "stopped");
    assert.equal(sup.size, 0);
    sup.stopAll();
  });

  it("forgets actors that finish, and stops all on shutdown", () => {
    const sup = new Supervisor({ logger });
    const oneShot = setup({}).createMachine({ id: "one-shot", initial: "a", states: { a: { on: { go: "done" } }, done: { type: "final" } } });
    const actor = sup.spawn("one", oneShot, undefined);
    const latch = sup.spawn("latch", latencyLatch, { room: "r", thresholdMs: 1, cooldownSeconds: 1 });
    actor.send({ type: "go" });
    assert.deepEqual(sup.list().map((a) => a.id), ["latch"]);
    sup.stopAll();
    assert.equal(latch.getSnapshot().status, "stopped");
  });

  it("runs actor timers on the supervisor's clock", () => {
    const clock = new SimulatedClock();
    const sup = new Supervisor({ logger, clock });
    const timer = setup({}).createMachine({ id: "timer", initial: "waiting", states: { waiting: { after: { 5000: "fired" } }, fired: {} } });
    const actor = sup.spawn("timer", timer, undefined);
    clock.increment(4999);
    assert.equal(actor.getSnapshot().value, "waiting");
    clock.increment(1);
    assert.equal(actor.getSnapshot().value, "fired");
    sup.stopAll();
  });
});

describe("context summary", () => {
  it("redacts secrets by key at any depth and bounds size", () => {
    const out = summarize({
      room: "lobby",
      apiSecret: "s3cr3t",
      nested: { password: "p", token: "t", ok: 1, deeper: { deepest: { gone: true } } },
      long: "x".repeat(500),
      list: Array.from({ length: 30 }, (_, i) => i),
    }) as Record<string, unknown>;
    assert.equal(out["apiSecret"], "[redacted]");
    assert.deepEqual(out["nested"], { password: "[redacted]", token: "[redacted]", ok: 1, deeper: { deepest: "[object]" } });
    assert.equal((out["long"] as string).length, 201);
    assert.equal((out["list"] as unknown[]).length, 21);
    assert.doesNotMatch(JSON.stringify(out), /s3cr3t/);
  });
});
