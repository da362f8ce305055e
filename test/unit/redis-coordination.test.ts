import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import pino from "pino";
import { createLimiter } from "../../src/auth/limiter.ts";
import { SharedRequestWindows, SYNC_MS } from "../../src/auth/request-windows.ts";
import { clusterLock } from "../../src/core/cluster-lock.ts";
import { connectRedis, type RedisLink } from "../../src/core/redis.ts";
import { startRedis, type TestRedis } from "../helpers/redis.ts";
import { eventually } from "../helpers/wait.ts";

const logger = pino({ level: "silent" });
const MINUTE = { max: 3, windowMs: 60_000 };

/** Two nodes' views of one Redis: each its own connection, as two processes have. */
describe("coordination through Redis between nodes", () => {
  let redis: TestRedis;
  let one: RedisLink;
  let two: RedisLink;
  before(async () => {
    redis = await startRedis();
    [one, two] = await Promise.all([connectRedis(redis.url, logger), connectRedis(redis.url, logger)]);
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await redis?.stop();
  });

  it("counts one window per key for both: the fourth attempt is refused whichever node sees it", async () => {
    const [a, b] = [createLimiter({ redis: one, logger }), createLimiter({ redis: two, logger })];
    assert.equal(await a.hit("login:ip:1", MINUTE, "tries"), undefined);
    assert.equal(await b.hit("login:ip:1", MINUTE, "tries"), undefined);
    const third = await a.take("login:ip:1", MINUTE);
    assert.deepEqual([third.allowed, third.remaining], [true, 0]);
    assert.ok(third.resetAt > Date.now() + 59_000 && third.resetAt <= Date.now() + 60_000, "the window opened with the first attempt");
    const refused = await b.hit("login:ip:1", MINUTE, "tries");
    assert.equal(refused?.code, "rate_limited");
    assert.equal(refused?.headers?.["retry-after"], "60");
    assert.equal((await a.blocked("login:ip:1", MINUTE, "tries"))?.code, "rate_limited");
    assert.equal(await a.blocked("login:ip:2", MINUTE, "tries"), undefined, "another key has its own window");
    await b.reset("login:ip:1");
    assert.equal(await a.hit("login:ip:1", MINUTE, "tries"), undefined, "a reset on one node clears it for both");
  });

  it("counts the API's request windows exactly near their limit, in batches far from it, and every count reaches Redis", async () => {
    const [a, b] = [new SharedRequestWindows(one, logger), new SharedRequestWindows(two, logger)];
    try {
      // A small limit is always counted exactly: alternate nodes, refused at the limit.
      const small = { max: 10, windowMs: 60_000 };
      const allowed: boolean[] = [];
      for (let i = 0; i < 14; i++) allowed.push((await (i % 2 ? b : a).take("free:tok:small", small)).allowed);
      assert.deepEqual(allowed, [...Array<boolean>(10).fill(true), ...Array<boolean>(4).fill(false)]);

      // Far from a large limit, counts go in batches: after the sync every one is in Redis.
      const large = { max: 1000, windowMs: 60_000 };
      for (let i = 0; i < 300; i++) assert.ok((await (i % 2 ? b : a).take("free:tok:large", large)).allowed);
      await sleep(SYNC_MS * 3);
      assert.equal(await one.command(["GET", "service-core:rate:free:tok:large"]), "300");
      // Then, past half the limit, each request is counted in Redis and refused at the limit.
      let admitted = 300;
      for (let i = 0; i < 1000; i++) if ((await (i % 2 ? b : a).take("free:tok:large", large)).allowed) admitted++;
      assert.equal(admitted, 1000, "as many as the limit: batching let nothing extra through with syncs between");
      assert.ok(Number(await one.command<string>(["PTTL", "service-core:rate:free:tok:large"])) > 0, "the window has an expiry");
    } finally {
      a.close();
      b.close();
    }
  });

  it("gives every window an expiry, so keys do not outlive their window", async () => {
    const limiter = createLimiter({ redis: one, logger });
    await limiter.take("expiry:1", { max: 1, windowMs: 200 });
    assert.ok((await one.command<number>(["PTTL", "service-core:rate:expiry:1"])) > 0);
    await sleep(250);
    assert.equal(await one.command<number>(["EXISTS", "service-core:rate:expiry:1"]), 0);
  });

  it("keeps a check-then-hold on one node from interleaving with the other's for the same name", async () => {
    let held = 0;
    let overshoot = false;
    // A quota of one slot whose check awaits before it holds: without the lock both would hold it.
    const reserve = async () => {
      const seen = held;
      await sleep(20);
      if (seen < 1) held++;
      if (held > 1) overshoot = true;
    };
    const [a, b] = [clusterLock(one, logger), clusterLock(two, logger)];
    await Promise.all([a.run("team:1", reserve), b.run("team:1", reserve), a.run("team:1", reserve), b.run("team:1", reserve)]);
    assert.equal(held, 1);
    assert.equal(overshoot, false);
    assert.equal(await one.command<number>(["EXISTS", "service-core:lock:team:1"]), 0, "released by its holder");
  });

  it("lets requests through, and quota checks run, while Redis does not answer", async () => {
    const down = await startRedis();
    const link = await connectRedis(down.url, logger);
    try {
      await down.stop();
      const limiter = createLimiter({ redis: link, logger });
      const taken = await limiter.take("any", MINUTE);
      assert.deepEqual([taken.allowed, taken.remaining], [true, MINUTE.max]);
      assert.equal(await limiter.hit("any", { max: 0, windowMs: 1000 }, "tries"), undefined);
      assert.equal(await clusterLock(link, logger).run("team:2", async () => "ran"), "ran");
      assert.equal(await link.ping().catch(() => false), false);
    } finally {
      await link.close();
    }
  });

  it("reconnects on its own once Redis is back", async () => {
    const first = await startRedis();
    const link = await connectRedis(first.url, logger);
    let again: TestRedis | undefined;
    try {
      await first.stop();
      assert.equal(await link.ping().catch(() => false), false);
      again = await startRedis(first.port);
      await eventually(() => link.ping().catch(() => false), 5000, "the link to answer again");
      const limiter = createLimiter({ redis: link, logger });
      assert.deepEqual((await limiter.take("after", MINUTE)).remaining, MINUTE.max - 1, "counted in Redis again");
    } finally {
      await link.close();
      await again?.stop();
    }
  });
});
