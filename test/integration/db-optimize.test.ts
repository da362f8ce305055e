import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { Receiver } from "../helpers/receiver.ts";
import { sqliteOf, startServer, type TestServer } from "../helpers/server.ts";
import { sqliteOnly } from "../helpers/backends.ts";

type Sizes = { fileBytes: number; walBytes: number; pageCount: number; freelistCount: number };

describe("POST /apps/{app}/db/optimize", sqliteOnly("fills an app's database file with SQLite's randomblob and measures VACUUM on the file"), () => {
  let server: TestServer;
  let receiver: Receiver;
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    for (const name of ["big", "other"]) assert.equal((await call("POST", "/api/v1/apps", { name })).status, 201);
    assert.equal((await call("PATCH", "/api/v1/apps/big", { callbackUrl: receiver.url() })).status, 200);
    // Tens of megabytes with half of them freed, so VACUUM has real work to do for a while.
    const db = sqliteOf(server.app).app("big");
    db.exec("CREATE TABLE bulk (id INTEGER PRIMARY KEY, filler BLOB)");
    const insert = db.prepare("INSERT INTO bulk (filler) VALUES (randomblob(200))");
    db.transaction(() => {
      for (let i = 0; i < 200_000; i++) insert.run();
    })();
    db.exec("DELETE FROM bulk WHERE id % 2 = 0");
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it("takes only that app offline, keeps the event loop free and loses no event", async (t) => {
    let worstLagMs = 0;
    let durationMs = 0;
    let last = performance.now();
    const lag = setInterval(() => {
      const now = performance.now();
      worstLagMs = Math.max(worstLagMs, now - last - 5);
      last = now;
    }, 5);
    const optimizing = call("POST", "/api/v1/apps/big/db/optimize");
    try {
      // While it runs: the app answers 503 with Retry-After, other apps are served.
      let sawMaintenance = false;
      for (let i = 0; i < 200 && !sawMaintenance; i++) {
        const res = await call("GET", "/api/v1/apps/big/streams");
        if (res.status === 503) {
          sawMaintenance = true;
          assert.equal(errorOf(res).code, "app_unavailable");
          assert.equal(res.headers.get("retry-after"), "5");
          assert.match(errorOf(res).message, /being optimized/);
        }
      }
      assert.ok(sawMaintenance, "the app answered 503 while its database was closed");
      // A second optimize reaches its route, which says why it cannot run; the app's other routes keep their 503.
      const second = await call("POST", "/api/v1/apps/big/db/optimize");
      assert.equal(second.status, 409, second.text);
      assert.equal(errorOf(second).code, "conflict");
      assert.match(errorOf(second).message, /being optimized already/);
      assert.equal((await call("GET", "/api/v1/apps/big/db/health")).status, 503, "the app's other routes are still closed");
      assert.equal((await call("GET", "/api/v1/apps/other/streams")).status, 200);
      server.app.events.emit("big", "room_started", "big-lobby", { room: "big-lobby", roomSid: "RM_maint" });
    } finally {
      const res = await optimizing;
      clearInterval(lag);
      assert.equal(res.status, 200, res.text);
      const result = dataOf<{ before: Sizes; after: Sizes; durationMs: number }>(res);
      const { before: was, after: now } = result;
      durationMs = result.durationMs;
      assert.ok(was.freelistCount > 0 && now.freelistCount === 0, JSON.stringify({ was, now }));
      assert.ok(now.fileBytes < was.fileBytes, "VACUUM shrank the file");
      assert.equal(now.walBytes, 0, "the WAL was truncated");
      assert.ok(durationMs > 0);
    }
    // Not a speed target: a VACUUM run on the event loop would stall it for about the whole run,
    // while a GC pause or a busy machine (two test files share two cores) costs tens of ms.
    assert.ok(worstLagMs < durationMs / 2, `the event loop stalled ${Math.round(worstLagMs)} ms of a ${durationMs} ms optimize`);
    t.diagnostic(`optimize ${durationMs} ms; the event loop's longest stall ${Math.round(worstLagMs)} ms`);
    await receiver.until(() => receiver.received.some((r) => (r.json as { data?: { roomSid?: string } }).data?.roomSid === "RM_maint"), 10_000, "the event emitted during maintenance");
    assert.equal((await call("GET", "/api/v1/apps/big/streams")).status, 200);
    assert.equal(sqliteOf(server.app).app("big").prepare("SELECT count(*) FROM bulk").pluck().get(), 100_000);
  });
});
