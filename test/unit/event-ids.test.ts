import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pino } from "pino";
import { EventDispatcher, type EmittedEvent } from "../../src/events/dispatcher.ts";

describe("event ids", () => {
  const emitted: EmittedEvent[] = [];
  const events = new EventDispatcher({ appExists: () => true, logger: pino({ level: "silent" }) });
  events.onEvent((e) => emitted.push(e));
  const joined = (participant: string, cause?: string) => events.emit("demo", "participant_joined", "r", { room: "r", participant, name: participant }, cause);

  it("derives an event's id from its cause, so handling a webhook again makes the same event", () => {
    joined("ann", "EV_1");
    joined("ann", "EV_1");
    joined("bob", "EV_1");
    joined("ann", "EV_2");
    const [first, again, other, next] = emitted.map((e) => e.id);
    assert.equal(again, first, "same cause, name and data: same id");
    assert.notEqual(other, first, "other data: another id");
    assert.notEqual(next, first, "another cause: another id");
    assert.match(first ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, "a version-5 shaped UUID");
  });

  it("gives an event without a cause an id of its own", () => {
    emitted.length = 0;
    joined("ann");
    joined("ann");
    assert.notEqual(emitted[0]?.id, emitted[1]?.id);
  });
});
