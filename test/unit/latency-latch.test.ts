import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createActor } from "xstate";
import { latencyLatch, type LatencyHigh, type LatencyRecovered } from "../../machines/latency-latch.ts";

function start(thresholdMs = 100, cooldownSeconds = 60) {
  const high: LatencyHigh[] = [];
  const recovered: LatencyRecovered[] = [];
  const actor = createActor(
    latencyLatch.provide({
      actions: {
        latencyHigh: (_, alert) => high.push(alert),
        latencyRecovered: (_, alert) => recovered.push(alert),
      },
    }),
    { input: { room: "demo-lobby", thresholdMs, cooldownSeconds } },
  ).start();
  const sample = (rttMs: number, at: number) =>
    actor.send({ type: "sample", rttMs, at, participants: 3, publishers: 1 });
  return { actor, high, recovered, sample, state: () => actor.getSnapshot().value };
}

describe("latency latch (SPEC 3.3)", () => {
  it("normal → high on a sample above the threshold, emitting latency_high once", () => {
    const l = start();
    l.sample(150, 1_000);
    l.sample(180, 2_000);
    assert.equal(l.state(), "high");
    assert.deepEqual(l.high, [{ room: "demo-lobby", rttMs: 150, thresholdMs: 100, participants: 3, publishers: 1 }]);
  });

  it("stays normal at exactly the threshold", () => {
    const l = start();
    l.sample(100, 1_000);
    assert.equal(l.state(), "normal");
    assert.equal(l.high.length, 0);
  });

  it("high → normal at or below the threshold, emitting latency_recovered", () => {
    const l = start();
    l.sample(150, 1_000);
    l.sample(100, 2_000);
    assert.equal(l.state(), "normal");
    assert.deepEqual(l.recovered, [{ room: "demo-lobby", rttMs: 100, thresholdMs: 100 }]);
  });

  it("suppresses a re-breach within the cooldown and leaves the state unchanged", () => {
    const l = start(100, 60);
    l.sample(150, 0);
    l.sample(50, 10_000);
    l.sample(150, 59_999);
    assert.equal(l.state(), "normal");
    assert.equal(l.high.length, 1);
    assert.equal(l.actor.getSnapshot().context.suppressed, 1);
    l.sample(150, 60_000);
    assert.equal(l.state(), "high");
    assert.equal(l.high.length, 2);
  });

  it("ignores failed probes in either state", () => {
    const l = start();
    l.actor.send({ type: "probe_failed", at: 1 });
    assert.equal(l.state(), "normal");
    l.sample(150, 2);
    l.actor.send({ type: "probe_failed", at: 3 });
    assert.equal(l.state(), "high");
    assert.equal(l.high.length, 1);
    assert.equal(l.recovered.length, 0);
    assert.equal(l.actor.getSnapshot().context.failedProbes, 2);
  });

  it("applies new settings from the next sample on", () => {
    const l = start(100, 60);
    l.actor.send({ type: "configure", thresholdMs: 500, cooldownSeconds: 5 });
    l.sample(300, 0);
    assert.equal(l.state(), "normal");
    l.sample(600, 1);
    assert.equal(l.high[0]?.thresholdMs, 500);
  });
});
