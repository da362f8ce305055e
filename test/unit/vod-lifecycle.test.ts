import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SimulatedClock, createActor, fromPromise, waitFor } from "xstate";
import { VodFailedError, vodLifecycle, type VodFailure, type VodLifecycleInput, type VodLifecycleStatus } from "../../machines/vod-lifecycle.ts";

/**
 * The machine with its effects recorded and `finalize` settled by the test. The machine has no
 * timers; the simulated clock is passed as the supervisor passes its clock, so nothing here can
 * depend on real time.
 */
function start(status: VodLifecycleStatus = "recording") {
  const log: string[] = [];
  const finals: VodLifecycleInput[] = [];
  let settle: { resolve: () => void; reject: (err: unknown) => void } | undefined;
  const actor = createActor(
    vodLifecycle.provide({
      actions: {
        persist: (_, s) => log.push(`persist ${s}`),
        failed: (_, f) => log.push(`failed ${f.reason}: ${f.detail}`),
      },
      actors: {
        finalize: fromPromise<void, VodLifecycleInput>(({ input }) => {
          finals.push(input);
          log.push("finalize");
          return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
        }),
      },
    }),
    { input: { vodId: 7, app: "demo", room: "demo-lobby", status }, clock: new SimulatedClock() },
  ).start();
  const state = () => actor.getSnapshot().value;
  const settled = () => {
    assert.ok(settle, "finalize was not invoked");
    return settle;
  };
  /** Bounded: the promise actor reports on the next microtasks. */
  const until = (value: string) => waitFor(actor, (s) => s.value === value, { timeout: 2_000 });
  return { actor, log, finals, state, settled, until };
}

describe("VOD lifecycle actor (SPEC 3.1)", () => {
  it("a VOD whose row says recording resumes in recording, storing nothing", () => {
    const v = start("recording");
    assert.equal(v.state(), "recording");
    assert.deepEqual(v.log, []);
  });

  it("a VOD whose row says uploading resumes in uploading and finalizes again", () => {
    const v = start("uploading");
    assert.equal(v.state(), "uploading");
    // At start XState runs the invocation before the initial entry actions; the row says
    // uploading already, so the order does not matter here (it does on a transition, below).
    assert.deepEqual([...v.log].sort(), ["finalize", "persist uploading"]);
    assert.deepEqual(v.finals, [{ vodId: 7, app: "demo", room: "demo-lobby", status: "uploading" }]);
  });

  for (const event of ["stop", "source_ended"] as const) {
    it(`recording → uploading on ${event}: the row is marked uploading, then finalize runs`, () => {
      const v = start();
      v.actor.send({ type: event });
      assert.equal(v.state(), "uploading");
      assert.deepEqual(v.log, ["persist uploading", "finalize"]);
    });
  }

  it("recording → failed on source_failed, with the source's reason, without finalizing", () => {
    const v = start();
    const failure: VodFailure = { reason: "egress_failed", detail: "the media server aborted the egress" };
    v.actor.send({ type: "source_failed", failure });
    assert.equal(v.state(), "failed");
    assert.equal(v.actor.getSnapshot().status, "done");
    assert.deepEqual(v.actor.getSnapshot().context.failure, failure);
    assert.deepEqual(v.log, ["failed egress_failed: the media server aborted the egress"]);
  });

  it("uploading → ready when finalize succeeds (final, nothing more stored by the machine)", async () => {
    const v = start();
    v.actor.send({ type: "stop" });
    v.settled().resolve();
    await v.until("ready");
    assert.equal(v.actor.getSnapshot().status, "done");
    assert.deepEqual(v.log, ["persist uploading", "finalize"]);
  });

  it("uploading → failed with finalize's reason when it raises VodFailedError", async () => {
    const v = start();
    v.actor.send({ type: "source_ended" });
    v.settled().reject(new VodFailedError({ reason: "upload_failed", detail: "the bucket refused the object" }));
    await v.until("failed");
    assert.deepEqual(v.actor.getSnapshot().context.failure, { reason: "upload_failed", detail: "the bucket refused the object" });
    assert.deepEqual(v.log.at(-1), "failed upload_failed: the bucket refused the object");
  });

  it("uploading → failed as internal_error, with the message, when finalize throws anything else", async () => {
    const v = start();
    v.actor.send({ type: "stop" });
    v.settled().reject(new Error("disk full"));
    await v.until("failed");
    assert.deepEqual(v.log.at(-1), "failed internal_error: disk full");
  });

  it("ignores stop, source_ended and source_failed while uploading: finalize runs once", async () => {
    const v = start();
    v.actor.send({ type: "stop" });
    v.actor.send({ type: "stop" });
    v.actor.send({ type: "source_ended" });
    v.actor.send({ type: "source_failed", failure: { reason: "egress_failed", detail: "late" } });
    assert.equal(v.state(), "uploading");
    assert.equal(v.finals.length, 1);
    v.settled().resolve();
    await v.until("ready");
    assert.deepEqual(v.log, ["persist uploading", "finalize"]);
  });

  it("ignores everything once ready or failed (both final)", async () => {
    const v = start();
    v.actor.send({ type: "source_failed", failure: { reason: "egress_failed", detail: "gone" } });
    v.actor.send({ type: "stop" });
    assert.equal(v.state(), "failed");
    assert.equal(v.log.length, 1);
  });
});
