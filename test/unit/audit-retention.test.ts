import assert from "node:assert/strict";
import { it } from "node:test";
import pino from "pino";
import { AppStore } from "../../src/apps/store.ts";
import { AuditLog } from "../../src/audit/service.ts";
import { AuditStore } from "../../src/audit/store.ts";
import { describeEachBackend, type BackendUnderTest } from "../helpers/backends.ts";

const DAY = 86_400_000;

/** An audit log on a real, migrated global database, with a clock the test moves. */
async function auditLog(backend: BackendUnderTest, retentionDays: number) {
  const db = (await backend.open()).databases.sql;
  const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
  const log = new AuditLog({
    store: new AuditStore(db),
    apps: new AppStore({ db: db, logger: pino({ level: "silent" }) }),
    logger: pino({ level: "silent" }),
    retentionMs: retentionDays * DAY,
    now: () => clock.now,
  });
  const targets = async () => (await log.list({ limit: 10_000, offset: 0 })).entries.map((e) => e.target);
  return { clock, log, targets };
}

describeEachBackend("audit log retention", (backend) => {
  it("prunes entries older than the retention, in batches, and keeps the rest", async () => {
    const { clock, log, targets } = await auditLog(backend, 30);
    // 2,500 entries 40 days before "now" (more than two batches), then 3 within the retention.
    // Fifty at a time: one by one, PostgreSQL's round trips make this the slowest unit test.
    for (let i = 0; i < 2500; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => log.record({ action: "token.create", target: `old-${i + j}` })));
    }
    clock.now += 10 * DAY;
    await log.record({ action: "token.revoke", target: "twenty days old" });
    clock.now += 20 * DAY;
    await log.record({ action: "token.create", target: "today" });
    clock.now += 10 * DAY;

    assert.equal(await log.prune(), 2500);
    assert.deepEqual(await targets(), ["today", "twenty days old"]);
    assert.equal(await log.prune(), 0, "a second prune finds nothing");
  });

  it("keeps every entry with a retention of 0", async () => {
    const { clock, log, targets } = await auditLog(backend, 0);
    await log.record({ action: "token.create", target: "ancient" });
    clock.now += 3650 * DAY;
    assert.equal(await log.prune(), 0);
    assert.deepEqual(await targets(), ["ancient"]);
  });
});
