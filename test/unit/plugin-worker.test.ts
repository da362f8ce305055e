import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SimulatedClock, createActor } from "xstate";
import { backoffMs } from "../../machines/backoff.ts";
import { MAX_CRASHES, STABLE_MS, pluginWorker } from "../../machines/plugin-worker.ts";

/** The machine with its effects recorded and time simulated: a worker that crashes on cue. */
function start() {
  const clock = new SimulatedClock();
  const log: string[] = [];
  const actor = createActor(
    pluginWorker.provide({
      actions: {
        launch: () => log.push("launch"),
        terminate: () => log.push("terminate"),
        started: (_, p) => log.push(`started ${p.pid}`),
        stopped: (_, p) => log.push(`stopped ${p.pid}`),
        crashed: (_, p) => log.push(`crashed ${p.crashes} ${p.exitCode} ${p.signal} ${p.willRestart}`),
      },
    }),
    { input: { app: "demo", plugin: "yolo" }, clock },
  ).start();
  const state = () => actor.getSnapshot().value;
  const up = (pid: number) => {
    actor.send({ type: "spawned", pid });
    actor.send({ type: "ready" });
  };
  return { actor, clock, log, state, up };
}

describe("plugin worker actor (SPEC 6.3)", () => {
  it("tells an asked-for stop from a death: stop → stopped, an exit nobody asked for → one crash", () => {
    const w = start();
    w.actor.send({ type: "start" });
    w.up(10);
    assert.equal(w.state(), "running");
    w.actor.send({ type: "stop" });
    assert.equal(w.state(), "stopping");
    w.actor.send({ type: "stop" });
    w.actor.send({ type: "exited", exitCode: null, signal: "SIGTERM" });
    assert.equal(w.state(), "stopped");
    w.actor.send({ type: "stop" });
    assert.deepEqual(w.log, ["launch", "started 10", "terminate", "stopped 10"]);

    w.log.length = 0;
    w.actor.send({ type: "start" });
    w.up(11);
    w.actor.send({ type: "exited", exitCode: 3, signal: null });
    assert.equal(w.state(), "crashed");
    assert.deepEqual(w.log, ["launch", "started 11", "crashed 1 3 null true"]);
  });

  it("restarts after 1 s, 2 s, 4 s ... and stays failed after MAX_CRASHES until started again", () => {
    const w = start();
    w.actor.send({ type: "start" });
    for (let n = 1; n <= MAX_CRASHES; n++) {
      w.up(100 + n);
      w.actor.send({ type: "exited", exitCode: null, signal: "SIGKILL" });
      if (n === MAX_CRASHES) break;
      assert.equal(w.state(), "crashed");
      w.clock.increment(backoffMs(n) - 1);
      assert.equal(w.state(), "crashed", `still waiting before restart ${n}`);
      w.clock.increment(1);
      assert.equal(w.state(), "starting");
    }
    assert.equal(w.state(), "failed");
    assert.equal(w.log.filter((l) => l.startsWith("crashed")).length, MAX_CRASHES, "one error per crashing run");
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map(backoffMs), [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    w.clock.increment(120_000);
    assert.equal(w.state(), "failed", "no restart on its own");
    w.actor.send({ type: "start" });
    assert.equal(w.state(), "starting");
    assert.equal(w.actor.getSnapshot().context.crashes, 0);
  });

  it("counts a spawn failure as a crash, forgets crashes after a stable minute, and restarts a start that came during a stop", () => {
    const w = start();
    w.actor.send({ type: "start" });
    w.actor.send({ type: "spawn_failed", error: "ENOENT" });
    assert.equal(w.state(), "crashed");
    assert.equal(w.actor.getSnapshot().context.lastExit?.error, "ENOENT");
    w.clock.increment(backoffMs(1));
    w.up(7);
    w.clock.increment(STABLE_MS);
    assert.equal(w.actor.getSnapshot().context.crashes, 0);
    w.actor.send({ type: "stop" });
    w.actor.send({ type: "start" });
    w.actor.send({ type: "exited", exitCode: 0, signal: null });
    assert.equal(w.state(), "starting", "the start waited for the old process to go");
  });

  it("a stop while waiting to restart ends the wait", () => {
    const w = start();
    w.actor.send({ type: "start" });
    w.up(1);
    w.actor.send({ type: "exited", exitCode: 1, signal: null });
    w.actor.send({ type: "stop" });
    assert.equal(w.state(), "stopped");
    w.clock.increment(60_000);
    assert.equal(w.state(), "stopped");
  });
});
