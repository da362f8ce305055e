import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { pino } from "pino";
import { assign, fromPromise, setup } from "xstate";
import { Databases } from "../../src/db/databases.ts";
import { SnapshotStore } from "../../src/supervisor/snapshot-store.ts";
import { Supervisor } from "../../src/supervisor/supervisor.ts";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A destination-like lifecycle: counts its retries, backs off on a timer, runs a job when asked. */
const retrying = setup({
  types: { input: {} as { name: string }, context: {} as { name: string; attempts: number }, events: {} as { type: "fail" } | { type: "work" } | { type: "finish" } },
  actors: { job: fromPromise<string, { name: string }>(async () => "unset") },
}).createMachine({
  id: "retrying",
  context: ({ input }) => ({ name: input.name, attempts: 0 }),
  initial: "active",
  states: {
    active: {
      on: {
        fail: { target: "backoff", actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
        work: "working",
        finish: "over",
      },
    },
    backoff: { after: { 600: "active" } },
    working: { invoke: { src: "job", input: ({ context }) => ({ name: context.name }), onDone: "over" } },
    over: { type: "final" },
  },
});

describe("Supervisor persistence", () => {
  let dir: string;
  let databases: Databases;
  let store: SnapshotStore;
  /** A supervisor as a fresh process would build it, over the same database. */
  const boot = () => new Supervisor({ logger, snapshots: store });

  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "sup-persist-"));
    databases = new Databases({ dataDir: dir, logger });
    store = new SnapshotStore(databases.global);
  });
  after(() => {
    databases.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("brings an actor back after a restart in its state, with its context", async () => {
    const first = boot();
    first.spawn("restream:demo:1", retrying, { name: "yt" }, { persist: true }).send({ type: "fail" });
    await first.stopAll();
    const second = boot();
    assert.deepEqual(second.restorable("restream:demo:"), ["restream:demo:1"]);
    const actor = second.spawn("restream:demo:1", retrying, { name: "ignored" }, { persist: true });
    assert.equal(actor.getSnapshot().value, "backoff");
    assert.deepEqual(actor.getSnapshot().context, { name: "yt", attempts: 1 });
    const [info] = second.list("restream:");
    assert.equal(info?.persisted, true);
    assert.ok(info?.restoredFrom && Date.parse(info.restoredFrom) <= Date.now());
    assert.deepEqual(second.restorable(), [], "a running actor is not restorable");
    second.stop("restream:demo:1");
    assert.equal(store.load("restream:demo:1"), undefined, "stopping ends the lifecycle");
    await second.stopAll();
  });

  it("keeps the time left on a pending `after` across the restart, and fires overdue ones at once", async () => {
    const first = boot();
    first.spawn("timer:a", retrying, { name: "a" }, { persist: true }).send({ type: "fail" });
    first.spawn("timer:b", retrying, { name: "b" }, { persist: true }).send({ type: "fail" });
    await sleep(100);
    await first.stopAll();
    const second = boot();
    const a = second.spawn("timer:a", retrying, { name: "a" }, { persist: true });
    await sleep(150);
    assert.equal(a.getSnapshot().value, "backoff", "100 of 600 ms were spent before the restart, 150 after");
    await sleep(500);
    assert.equal(a.getSnapshot().value, "active");
    // b was not brought back for 750 ms: its backoff is overdue and ends as soon as it is restored.
    const b = second.spawn("timer:b", retrying, { name: "b" }, { persist: true });
    await sleep(20);
    assert.equal(b.getSnapshot().value, "active");
    await second.stopAll();
  });

  it("runs an invoked job again after a restart, and forgets the actor when it reaches its end", async () => {
    const first = boot();
    const hanging = retrying.provide({ actors: { job: fromPromise(() => new Promise<string>(() => {})) } });
    first.spawn("job:1", hanging, { name: "j" }, { persist: true }).send({ type: "work" });
    await first.stopAll();
    const runs: string[] = [];
    const quick = retrying.provide({ actors: { job: fromPromise<string, { name: string }>(async ({ input }) => (runs.push(input.name), "ok")) } });
    const second = boot();
    second.spawn("job:1", quick, { name: "ignored" }, { persist: true });
    await sleep(20);
    assert.deepEqual(runs, ["j"]);
    assert.deepEqual(second.list("job:"), []);
    assert.equal(store.load("job:1"), undefined);
    await second.stopAll();
  });

  it("deletes the snapshot of an actor that fails, and can discard one nobody restores", async () => {
    const sup = boot();
    const dying = fromPromise(async () => {
      await sleep(10);
      throw new Error("boom");
    });
    let died = false;
    sup.spawn("dying", dying, undefined, { persist: true, onDeath: () => (died = true) });
    assert.ok(store.load("dying"));
    await sleep(40);
    assert.equal(died, true);
    assert.equal(store.load("dying"), undefined);
    sup.spawn("orphan", retrying, { name: "o" }, { persist: true });
    await sup.stopAll();
    const next = boot();
    assert.deepEqual(next.restorable("orphan"), ["orphan"]);
    next.discard("orphan");
    assert.deepEqual(next.restorable("orphan"), []);
    await next.stopAll();
  });

  it("starts from the input when the stored snapshot belongs to another machine, is corrupt or no longer fits", async () => {
    const other = setup({}).createMachine({ id: "other", initial: "x", states: { x: {} } });
    store.save("mismatch", "other", JSON.stringify({ snapshot: { value: "x" }, timers: [] }), Date.now());
    store.save("corrupt", "retrying", "{not json", Date.now());
    const sup = boot();
    const fits = sup.spawn("fits", retrying, { name: "f" }, { persist: true });
    fits.send({ type: "fail" });
    await sup.stopAll();
    // The snapshot of `fits` names a state the new definition does not have.
    const renamed = setup({ types: { input: {} as { name: string } } }).createMachine({ id: "retrying", initial: "active", states: { active: {} } });
    const next = boot();
    assert.equal(next.spawn("mismatch", retrying, { name: "m" }, { persist: true }).getSnapshot().value, "active");
    assert.equal(next.spawn("corrupt", retrying, { name: "c" }, { persist: true }).getSnapshot().value, "active");
    const refit = next.spawn("fits", renamed, { name: "f" }, { persist: true });
    assert.equal(refit.getSnapshot().value, "active");
    assert.equal(next.list("fits")[0]?.restoredFrom, null);
    assert.equal(next.spawn("plain", other, undefined).getSnapshot().value, "x");
    assert.equal(store.load("plain"), undefined, "only persisted actors are stored");
    await next.stopAll();
    assert.throws(() => new Supervisor({ logger }).spawn("p", retrying, { name: "p" }, { persist: true }), /snapshot store/);
  });
});
