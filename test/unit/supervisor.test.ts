import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pino } from "pino";
import { SimulatedClock, fromPromise, setup } from "xstate";
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

  it("keeps each actor's latest state changes, with the event that caused them, and since when it is in its state", () => {
    const sup = new Supervisor({ logger });
    sup.spawn("latency:demo:lobby", latencyLatch, { room: "lobby", thresholdMs: 10, cooldownSeconds: 0 });
    const [fresh] = sup.list("latency:demo:");
    assert.deepEqual(fresh?.transitions, [], "starting is not a change");
    const actor = sup.get("latency:demo:lobby");
    actor?.send({ type: "sample", rttMs: 50, at: 0, participants: 1, publishers: 1 });
    actor?.send({ type: "sample", rttMs: 60, at: 1000, participants: 1, publishers: 1 });
    for (let i = 0; i < 12; i++) actor?.send({ type: "sample", rttMs: i % 2 === 0 ? 1 : 50, at: 2000 + i * 1000, participants: 1, publishers: 1 });
    const [info] = sup.list("latency:demo:");
    assert.equal(info?.transitions.length, 10, "at most ten are kept");
    const last = info?.transitions.at(-1);
    assert.deepEqual([last?.from, last?.to, last?.event], ["normal", "high", "sample"]);
    assert.equal(info?.since, last?.at);
    assert.ok(info?.transitions.every((t) => t.from !== t.to), "a step that stays is not a change");
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

  it("lists ids by prefix without snapshots, tells the owner when an actor dies, and awaits cleanups on stopAll", async () => {
    const sup = new Supervisor({ logger });
    // An actor that dies: a promise actor whose work fails, as a crashed worker would.
    const fragile = fromPromise(async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw new Error("boom");
    });
    const deaths: unknown[] = [];
    sup.spawn("vod:a:2", fragile, undefined, { onDeath: (err) => deaths.push(err) });
    let cleaned = false;
    sup.spawn("vod:a:1", latencyLatch, { room: "r", thresholdMs: 1, cooldownSeconds: 1 }, { cleanup: () => new Promise((r) => setTimeout(() => r((cleaned = true)), 50)) });
    sup.spawn("vod:b:1", latencyLatch, { room: "r", thresholdMs: 1, cooldownSeconds: 1 }, { cleanup: () => new Promise(() => {}) });
    assert.deepEqual(sup.ids("vod:a:"), ["vod:a:1", "vod:a:2"]);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(deaths.length, 1);
    assert.match(String((deaths[0] as Error).message), /boom/);
    assert.deepEqual(sup.ids("vod:a:"), ["vod:a:1"]);
    const started = Date.now();
    // One cleanup finishes, the other never does: stopAll waits for the first, gives up on the second.
    await sup.stopAll(300);
    assert.equal(cleaned, true);
    assert.ok(Date.now() - started >= 290 && Date.now() - started < 2000);
    assert.equal(sup.size, 0);
  });

  it("forgets actors that finish, and stops all on shutdown", async () => {
    const sup = new Supervisor({ logger });
    const oneShot = setup({}).createMachine({ id: "one-shot", initial: "a", states: { a: { on: { go: "done" } }, done: { type: "final" } } });
    const actor = sup.spawn("one", oneShot, undefined);
    const latch = sup.spawn("latch", latencyLatch, { room: "r", thresholdMs: 1, cooldownSeconds: 1 });
    actor.send({ type: "go" });
    assert.deepEqual(sup.list().map((a) => a.id), ["latch"]);
    await sup.stopAll();
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
