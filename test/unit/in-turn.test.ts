import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InTurn } from "../../src/lib/in-turn.ts";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("InTurn", () => {
  it("runs one key's work one at a time, in the order asked, while other keys go on", async () => {
    const turns = new InTurn<string>();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} begins`);
      await tick();
      log.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([turns.run("a", step("a1")), turns.run("a", step("a2")), turns.run("b", step("b1"))]);
    assert.deepEqual(results, ["a1", "a2", "b1"]);
    assert.ok(log.indexOf("a1 ends") < log.indexOf("a2 begins"), log.join(", "));
    assert.ok(log.indexOf("b1 begins") < log.indexOf("a1 ends"), "another key does not wait");
  });

  it("goes on after a failure, which only its own caller sees", async () => {
    const turns = new InTurn<number>();
    const failed = turns.run(1, async () => {
      throw new Error("boom");
    });
    const next = turns.run(1, async () => "next");
    await assert.rejects(failed, /boom/);
    assert.equal(await next, "next");
  });

  it("idle settles once everything asked for has settled", async () => {
    const turns = new InTurn<string>();
    let done = false;
    const work = turns.run("a", async () => {
      await tick();
      done = true;
    });
    await turns.idle();
    assert.equal(done, true);
    await work;
  });

  it("lets a failure reach its caller without stopping the next, and settles a key once all queued under it has", async () => {
    const turns = new InTurn<string>();
    const done: string[] = [];
    const failing = turns.run("a", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = turns.run("a", async () => done.push("a after the failure"));
    await assert.rejects(failing, /boom/);
    await turns.settled("a");
    assert.deepEqual(done, ["a after the failure"]);
    await next;
    await turns.settled("never used");
  });
});
