import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SimulatedClock, createActor } from "xstate";
import { backoffMs } from "../../machines/backoff.ts";
import { FIRST_ATTEMPTS, pulledCamera } from "../../machines/pulled-camera.ts";

/** The machine with its effects recorded and time simulated. */
function start() {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    pulledCamera.provide({
      actions: {
        launch: (_, attempt) => log.push(`launch ${attempt}`),
        halt: () => log.push("halt"),
        entered: (_, p) => log.push(`${p.state} attempts=${p.attempts}${p.error === null ? "" : ` error=${p.error}`}${p.failure === null ? "" : ` failure=${p.failure}`}`),
      },
    }),
    { input: { app: "demo", room: "demo-door" }, clock },
  ).start();
  const state = () => actor.getSnapshot().value;
  const drop = (error = "connection reset") => actor.send({ type: "dropped", error });
  return { actor, clock, log, state, drop };
}

describe("pulled camera actor", () => {
  it("connects, goes live, and on a drop reconnects after the backoff, not before", () => {
    const c = start();
    c.actor.send({ type: "live" });
    assert.equal(c.state(), "live");
    c.drop("EOF");
    assert.equal(c.state(), "reconnecting");
    c.clock.increment(backoffMs(1) - 1);
    assert.equal(c.state(), "reconnecting");
    c.clock.increment(1);
    assert.equal(c.state(), "connecting");
    c.actor.send({ type: "live" });
    assert.deepEqual(c.log, ["connecting attempts=0", "launch 0", "live attempts=0", "halt", "reconnecting attempts=1 error=EOF", "connecting attempts=1", "launch 1", "live attempts=0"]);
  });

  it("keeps reconnecting a camera that was live once, waiting longer each time up to 30 s", () => {
    const c = start();
    c.actor.send({ type: "live" });
    const waits: number[] = [];
    for (let i = 1; i <= 8; i++) {
      c.drop();
      assert.equal(c.state(), "reconnecting", `drop ${i}`);
      waits.push(backoffMs(i));
      c.clock.increment(backoffMs(i));
      assert.equal(c.state(), "connecting");
    }
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it(`ends as failed (unreachable) when a source never live drops ${FIRST_ATTEMPTS} times, with the last error`, () => {
    const c = start();
    for (let i = 1; i < FIRST_ATTEMPTS; i++) {
      c.drop(`refused ${i}`);
      assert.equal(c.state(), "reconnecting");
      c.clock.increment(backoffMs(i));
    }
    c.drop("Connection refused");
    assert.equal(c.state(), "failed");
    assert.equal(c.actor.getSnapshot().status, "done");
    assert.equal(c.log.at(-1), `failed attempts=${FIRST_ATTEMPTS} error=Connection refused failure=unreachable`);
  });

  it("ends as failed at once when the source refuses in a way a retry cannot change, from any state", () => {
    for (const before of ["connecting", "live", "reconnecting"] as const) {
      const c = start();
      if (before !== "connecting") c.actor.send({ type: "live" });
      if (before === "reconnecting") c.drop();
      c.actor.send({ type: "refused", reason: "unauthorized", error: "401 Unauthorized" });
      assert.equal(c.state(), "failed", before);
      assert.equal(c.log.at(-1)?.endsWith("error=401 Unauthorized failure=unauthorized"), true, c.log.join(" | "));
      c.clock.increment(60_000);
      assert.equal(c.log.filter((l) => l.startsWith("launch")).length, 1, `${before}: never launched again`);
    }
  });

  it("stops from any state, halting what it pulls, and launches nothing after", () => {
    for (const before of ["connecting", "live", "reconnecting"] as const) {
      const c = start();
      if (before !== "connecting") c.actor.send({ type: "live" });
      if (before === "reconnecting") c.drop();
      c.actor.send({ type: "stop" });
      assert.equal(c.state(), "stopped", before);
      assert.equal(c.log.at(-2), "halt");
      c.clock.increment(60_000);
      assert.equal(c.log.filter((l) => l.startsWith("launch")).length, 1, `${before}: never launched again`);
    }
  });
});
