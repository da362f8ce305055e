import assert from "node:assert/strict";
import { it } from "node:test";
import { pino } from "pino";
import { createMachine } from "xstate";
import type { Databases } from "../../src/db/databases.ts";
import { LeaseStore } from "../../src/peers/lease-store.ts";
import { LEASE_MS, Ownership, type ActorKind } from "../../src/peers/ownership.ts";
import { Supervisor } from "../../src/supervisor/supervisor.ts";
import { describeEachBackend } from "../helpers/backends.ts";
import { eventually } from "../helpers/wait.ts";

const logger = pino({ level: "silent" });
const idle = createMachine({ id: "idle", initial: "running", states: { running: {} } });

/** A node: its own supervisor and Ownership over `dbs`, with a clock the test moves. */
function node(id: string, dbs: Databases, clock: { now: number }, solo = false) {
  const supervisor = new Supervisor({ logger });
  const ownership = new Ownership({ store: new LeaseStore(dbs.sql), node: id, solo, messages: dbs.messages, supervisor, logger, now: () => clock.now });
  const adopted: string[] = [];
  const delivered: unknown[] = [];
  const kind: ActorKind = {
    adopt: async (key) => {
      adopted.push(key);
      supervisor.spawn(key, idle, undefined);
      return true;
    },
    deliver: async (_key, message) => void delivered.push(message),
  };
  ownership.register("demo:", kind);
  return { supervisor, ownership, adopted, delivered, kind };
}

describeEachBackend("actor ownership", (backend) => {
  it("gives an actor to one node, and to another once its owner stops renewing", async () => {
    const { databases } = await backend.open();
    const clock = { now: 1_000_000 };
    const a = node("node-a", databases, clock);
    const b = node("node-b", databases, clock);
    const claims = await Promise.all([a.ownership.claim("demo:1"), b.ownership.claim("demo:1")]);
    assert.deepEqual(claims.filter(Boolean).length, 1, "one of two racing claims wins");
    const [owner, other] = claims[0] ? [a, b] : [b, a];
    owner.supervisor.spawn("demo:1", idle, undefined);

    // The owner renews: the lease never expires while it does.
    clock.now += LEASE_MS - 1;
    await owner.ownership.pass();
    clock.now += LEASE_MS - 1;
    await other.ownership.pass();
    assert.deepEqual(other.adopted, []);
    assert.equal(await other.ownership.claim("demo:1"), false);

    // The owner stops renewing: after LEASE_MS the other's next pass adopts the actor.
    clock.now += LEASE_MS + 1;
    await other.ownership.pass();
    assert.deepEqual(other.adopted, ["demo:1"]);
    assert.equal(await owner.ownership.claim("demo:1"), false, "the old owner cannot take it back while the new one renews");
    await Promise.all([a.supervisor.stopAll(), b.supervisor.stopAll()]);
  });

  it("lets go of a lease once its actor ended, and hands every lease over at stop", async () => {
    const { databases } = await backend.open();
    const clock = { now: 2_000_000 };
    const a = node("node-a", databases, clock);
    const b = node("node-b", databases, clock);
    for (const key of ["demo:1", "demo:2"]) {
      assert.equal(await a.ownership.claim(key), true);
      a.supervisor.spawn(key, idle, undefined);
    }
    a.supervisor.stop("demo:1");
    clock.now += 1;
    await a.ownership.pass();
    const store = new LeaseStore(databases.sql);
    assert.equal(await store.holder("demo:1", clock.now), undefined, "an ended actor's lease is gone");
    assert.equal(await store.holder("demo:2", clock.now), "node-a");

    await a.supervisor.stopAll();
    await a.ownership.handOver();
    await b.ownership.pass();
    assert.deepEqual(b.adopted, ["demo:2"], "adopted at the next pass, without waiting for the lease to run out");
    await b.supervisor.stopAll();
  });

  it("offers a role more than one node can fill to the others as soon as its actor ends here", async () => {
    const { databases } = await backend.open();
    const clock = { now: 5_000_000 };
    const a = node("node-a", databases, clock);
    const b = node("node-b", databases, clock);
    const kind: ActorKind = { adopt: async (key) => (b.adopted.push(key), true), deliver: async () => undefined, passOn: true };
    a.ownership.register("role:", kind);
    b.ownership.register("role:", kind);
    assert.equal(await a.ownership.claim("role:1"), true);
    a.supervisor.spawn("role:1", idle, undefined);
    a.supervisor.stop("role:1");
    clock.now += 1;
    await a.ownership.pass();
    await b.ownership.pass();
    assert.deepEqual(b.adopted, ["role:1"], "taken by the other node at its next pass, not after LEASE_MS");
  });

  it("does not adopt what no domain registered, and lets go when the domain finds nothing to run", async () => {
    const { databases } = await backend.open();
    const clock = { now: 3_000_000 };
    const store = new LeaseStore(databases.sql);
    await store.claim("other:1", "gone", clock.now, clock.now);
    await store.claim("done:1", "gone", clock.now, clock.now);
    const b = node("node-b", databases, clock);
    b.ownership.register("done:", { adopt: async () => false, deliver: async () => undefined });
    clock.now += 1;
    await b.ownership.pass();
    assert.equal(await store.holder("done:1", clock.now), undefined);
    assert.deepEqual(await store.expired(clock.now, 10), [{ key: "other:1", node: "gone" }]);
  });

  it("on a single node's own data, holds every lease at start whatever node id held it", async () => {
    const { databases } = await backend.open();
    const clock = { now: 4_000_000 };
    const store = new LeaseStore(databases.sql);
    await store.claim("demo:1", "old-id", clock.now + LEASE_MS, clock.now);
    const solo = node("new-id", databases, clock, true);
    await solo.ownership.prepare();
    assert.equal(await solo.ownership.claim("demo:1"), true);
  });

  if (backend.name === "postgres") {
    it("forwards a message to the node that runs the actor", async () => {
      const { databases, again } = await backend.open();
      const clock = { now: Date.now() };
      const other = await again();
      const a = node("node-a", databases, clock);
      const b = node("node-b", other, clock);
      assert.equal(await a.ownership.claim("demo:7"), true);
      a.supervisor.spawn("demo:7", idle, undefined);
      assert.equal(await a.ownership.forward("demo:7", { op: "stop" }), "here");
      assert.equal(await b.ownership.forward("demo:7", { op: "stop" }), "sent");
      await eventually(() => a.delivered.length === 1, 2000, "the forwarded message");
      assert.deepEqual(a.delivered, [{ op: "stop" }]);
      assert.equal(await b.ownership.forward("elsewhere:none", { op: "stop" }), "nobody");
      assert.equal(await b.ownership.forward("demo:orphan", { op: "stop" }), "here", "no live owner: adopted here first");
      assert.deepEqual(b.adopted, ["demo:orphan"]);
      await b.supervisor.stopAll();
      await a.supervisor.stopAll();
    });
  }
});
