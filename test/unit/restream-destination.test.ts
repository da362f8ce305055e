import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SimulatedClock, createActor } from "xstate";
import { backoffMs } from "../../machines/backoff.ts";
import { restreamDestination } from "../../machines/restream-destination.ts";

/** The machine with its effects recorded and time simulated. */
function start() {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    restreamDestination.provide({
      actions: {
        launch: (_, attempt) => log.push(`launch ${attempt}`),
        halt: () => log.push("halt"),
        entered: (_, p) => log.push(`${p.state} attempts=${p.attempts}${p.error === null ? "" : ` error=${p.error}`}${p.reason === null ? "" : ` reason=${p.reason}`}`),
      },
    }),
    { input: { id: "rd_1", app: "demo", streamId: "st_1" }, clock },
  ).start();
  const state = () => actor.getSnapshot().value;
  const die = (error = "connection reset") => actor.send({ type: "push_died", error });
  return { actor, clock, log, state, die };
}

describe("restream destination actor (SPEC 2.15, 3.4)", () => {
  it("starts in starting and launches the first push; connected makes it active", () => {
    const d = start();
    assert.equal(d.state(), "starting");
    d.actor.send({ type: "connected" });
    assert.equal(d.state(), "active");
    assert.deepEqual(d.log, ["starting attempts=0", "launch 0", "active attempts=0"]);
  });

  it("starting → failed when the first push dies, halting it, then starting again after the backoff and not before", () => {
    const d = start();
    d.die("refused");
    assert.equal(d.state(), "failed");
    assert.equal(d.actor.getSnapshot().context.lastError, "refused");
    d.clock.increment(backoffMs(1) - 1);
    assert.equal(d.state(), "failed");
    d.clock.increment(1);
    assert.equal(d.state(), "starting");
    assert.deepEqual(d.log, ["starting attempts=0", "launch 0", "halt", "failed attempts=1 error=refused", "starting attempts=1", "launch 1"]);
  });

  it("active → failed when the push dies, and back to starting after 1 s", () => {
    const d = start();
    d.actor.send({ type: "connected" });
    d.log.length = 0;
    d.die("dropped");
    assert.equal(d.state(), "failed");
    d.clock.increment(1000);
    assert.equal(d.state(), "starting");
    assert.deepEqual(d.log, ["halt", "failed attempts=1 error=dropped", "starting attempts=1", "launch 1"]);
  });

  it("waits 1 s, 2 s, 4 s ... at most 30 s between attempts while the push keeps dying, and connected resets the count", () => {
    const d = start();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      d.die();
      assert.equal(d.actor.getSnapshot().context.attempts, attempt);
      const wait = backoffMs(attempt);
      d.clock.increment(wait - 1);
      assert.equal(d.state(), "failed", `attempt ${attempt} retried before ${wait} ms`);
      d.clock.increment(1);
      assert.equal(d.state(), "starting");
      waits.push(wait);
    }
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    d.actor.send({ type: "connected" });
    assert.equal(d.actor.getSnapshot().context.attempts, 0);
    d.die();
    d.clock.increment(1000);
    assert.equal(d.state(), "starting");
  });

  for (const from of ["starting", "active", "failed"] as const) {
    it(`stop in ${from} → stopped (final), halting the push, with reason stopped`, () => {
      const d = start();
      if (from === "active") d.actor.send({ type: "connected" });
      if (from === "failed") d.die();
      assert.equal(d.state(), from);
      d.log.length = 0;
      d.actor.send({ type: "stop" });
      assert.equal(d.state(), "stopped");
      assert.equal(d.actor.getSnapshot().status, "done");
      assert.deepEqual(d.log, ["halt", "stopped attempts=" + (from === "failed" ? 1 : 0) + " reason=stopped"]);
      // A retry that was pending in failed never fires.
      d.clock.increment(60_000);
      assert.equal(d.state(), "stopped");
      assert.equal(d.log.length, 2);
    });

    it(`source_ended in ${from} → stopped with reason source_ended`, () => {
      const d = start();
      if (from === "active") d.actor.send({ type: "connected" });
      if (from === "failed") d.die();
      d.actor.send({ type: "source_ended" });
      assert.equal(d.state(), "stopped");
      assert.equal(d.actor.getSnapshot().context.stopReason, "source_ended");
      assert.match(d.log.at(-1) ?? "", /^stopped .*reason=source_ended$/);
    });
  }

  it("ignores connected while failed (a late report of the push that died) and anything after stopped", () => {
    const d = start();
    d.die();
    d.actor.send({ type: "connected" });
    assert.equal(d.state(), "failed");
    d.actor.send({ type: "stop" });
    const logged = d.log.length;
    d.actor.send({ type: "connected" });
    d.die();
    d.actor.send({ type: "source_ended" });
    assert.equal(d.state(), "stopped");
    assert.equal(d.actor.getSnapshot().context.stopReason, "stopped");
    assert.equal(d.log.length, logged);
  });
});
