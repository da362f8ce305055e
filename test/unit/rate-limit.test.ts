import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RateLimiter } from "../../src/auth/rate-limit.ts";

/** Past the 100,000 live windows at which the old limiter began sweeping every window on each new key. */
const LIVE = 100_100;
const MINUTE = { max: 3, windowMs: 60_000 };

/**
 * Runs `work` and answers how many entries it stepped through in any Map (iteration is the only
 * way to visit many windows), so the cost is counted in steps, not measured in wall time.
 */
function mapSteps(work: () => void): number {
  const proto = Map.prototype as unknown as Record<string | symbol, (this: Map<unknown, unknown>) => Iterator<unknown>>;
  const names = [Symbol.iterator, "entries", "keys", "values"] as const;
  const originals = names.map((name) => proto[name] as (this: Map<unknown, unknown>) => Iterator<unknown>);
  let steps = 0;
  names.forEach((name, i) => {
    const original = originals[i] as (this: Map<unknown, unknown>) => Iterator<unknown>;
    proto[name] = function (this: Map<unknown, unknown>) {
      const it = original.call(this);
      const next = it.next.bind(it);
      it.next = () => {
        steps++;
        return next();
      };
      return it;
    };
  });
  try {
    work();
  } finally {
    names.forEach((name, i) => {
      proto[name] = originals[i] as (this: Map<unknown, unknown>) => Iterator<unknown>;
    });
  }
  return steps;
}

function filled(clock: { t: number }): RateLimiter {
  const limiter = new RateLimiter(() => clock.t);
  for (let i = 0; i < LIVE; i++) limiter.take(`ip:${i}`, MINUTE);
  return limiter;
}

describe("RateLimiter", () => {
  it("opens a new window in O(1) steps with 100,000+ windows live (no sweep that drops nothing)", () => {
    const clock = { t: 0 };
    const limiter = filled(clock);
    clock.t = 1000;
    const fresh = 500;
    const steps = mapSteps(() => {
      for (let i = 0; i < fresh; i++) limiter.take(`new:${i}`, MINUTE);
    });
    // One look at the oldest window per new key; a sweep would be 100,000 steps each.
    assert.ok(steps <= 2 * fresh, `${steps} map steps for ${fresh} new keys`);
    assert.equal(limiter.size, LIVE + fresh);
  });

  it("drops expired windows as new ones open, each once, so memory follows the live keys", () => {
    const clock = { t: 0 };
    const limiter = filled(clock);
    clock.t = MINUTE.windowMs;
    const steps = mapSteps(() => {
      for (let i = 0; i < 1000; i++) limiter.take(`next:${i}`, MINUTE);
    });
    assert.equal(limiter.size, 1000, "every expired window was dropped");
    // Every expired window is visited once to drop it, plus one look per new key.
    assert.ok(steps <= LIVE + 2 * 1000, `${steps} map steps`);
  });

  it("keeps counting every key at 100,000+ live windows: over the limit is refused until the window ends", () => {
    const clock = { t: 0 };
    const limiter = filled(clock);
    // `ip:0` has used one of its 3 already.
    const answers = [1, 2, 3].map(() => limiter.hit("ip:0", MINUTE, "tries") === undefined);
    assert.deepEqual(answers, [true, true, false]);
    const refused = limiter.hit("ip:0", MINUTE, "tries");
    assert.equal(refused?.code, "rate_limited");
    assert.equal(refused?.headers?.["retry-after"], "60");
    assert.equal(limiter.blocked("ip:1", { ...MINUTE, max: 1 }, "tries")?.code, "rate_limited");
    clock.t = MINUTE.windowMs;
    assert.equal(limiter.hit("ip:0", MINUTE, "tries"), undefined, "a new window starts over");
  });

  it("keeps windows of different lengths apart, each expiring on its own schedule", () => {
    const clock = { t: 0 };
    const limiter = new RateLimiter(() => clock.t);
    const short = { max: 1, windowMs: 1000 };
    const long = { max: 1, windowMs: 60_000 };
    assert.equal(limiter.hit("a", long, "x"), undefined);
    assert.equal(limiter.hit("b", short, "x"), undefined);
    assert.equal(limiter.hit("b", short, "x")?.code, "rate_limited");
    clock.t = 1000;
    assert.equal(limiter.hit("b", short, "x"), undefined, "the short window ended");
    assert.equal(limiter.hit("a", long, "x")?.code, "rate_limited", "the long one did not");
    limiter.reset("a");
    assert.equal(limiter.hit("a", long, "x"), undefined, "reset forgets the key");
  });
});
