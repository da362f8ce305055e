import assert from "node:assert/strict";
import { describe, it, type TestContext } from "node:test";
import { pino } from "pino";
import { PasswordWindows } from "../../src/ingest/password-window.ts";

const WINDOW_MS = 10_000;

/** Windows on the test's mocked timers, whose expiries are recorded as `app/ingress`. */
function windows(t: TestContext): { windows: PasswordWindows; expired: string[] } {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const expired: string[] = [];
  const w = new PasswordWindows({
    windowMs: WINDOW_MS,
    logger: pino({ level: "silent" }),
    expire: async (app, id) => {
      expired.push(`${app}/${id}`);
      return "removed";
    },
  });
  return { windows: w, expired };
}

describe("RTMP password windows", () => {
  it("expires each connection once, a window after its latest start", (t) => {
    const { windows: w, expired } = windows(t);
    w.arm("a", "IN_1");
    w.arm("a", "IN_2");
    t.mock.timers.tick(5_000);
    // A reconnect restarts its window rather than adding a second one.
    w.arm("a", "IN_1");
    t.mock.timers.tick(WINDOW_MS - 5_000);
    assert.deepEqual(expired, ["a/IN_2"]);
    t.mock.timers.tick(4_999);
    assert.deepEqual(expired, ["a/IN_2"]);
    t.mock.timers.tick(1);
    assert.deepEqual(expired, ["a/IN_2", "a/IN_1"]);
    t.mock.timers.tick(10 * WINDOW_MS);
    assert.deepEqual(expired, ["a/IN_2", "a/IN_1"]);
  });

  it("lets nothing expire after the connection ended, its app was deleted, or the service stopped", (t) => {
    const { windows: w, expired } = windows(t);
    w.arm("a", "IN_ended");
    w.arm("a", "IN_deleted");
    w.arm("b", "IN_kept");
    w.cancel("a", "IN_ended");
    w.forgetApp("a");
    t.mock.timers.tick(WINDOW_MS);
    assert.deepEqual(expired, ["b/IN_kept"]);
    w.arm("b", "IN_stopped");
    w.stop();
    w.arm("b", "IN_after_stop");
    t.mock.timers.tick(10 * WINDOW_MS);
    assert.deepEqual(expired, ["b/IN_kept"]);
  });
});
