import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import pino from "pino";
import { AppStore } from "../../src/apps/store.ts";
import { AuditLog } from "../../src/audit/service.ts";
import { AuditStore } from "../../src/audit/store.ts";
import { migrate, readMigrations } from "../../src/db/migrator.ts";
import { openDatabase } from "../../src/db/open.ts";
import { tempDir } from "../helpers/server.ts";

const DAY = 86_400_000;
const GLOBAL_MIGRATIONS = fileURLToPath(new URL("../../src/db/migrations/global/", import.meta.url));

/** An audit log on a real, migrated global database, with a clock the test moves. */
function auditLog(retentionDays: number) {
  const db = openDatabase(path.join(tempDir(), "service.db"));
  migrate(db, readMigrations(GLOBAL_MIGRATIONS), "service.db");
  const clock = { now: Date.parse("2026-01-01T00:00:00Z") };
  const log = new AuditLog({
    store: new AuditStore(db),
    apps: new AppStore(db),
    logger: pino({ level: "silent" }),
    retentionMs: retentionDays * DAY,
    now: () => clock.now,
  });
  const targets = () => log.list({ limit: 10_000, offset: 0 }).entries.map((e) => e.target);
  return { db, clock, log, targets };
}

describe("audit log retention", () => {
  it("prunes entries older than the retention, in batches, and keeps the rest", async () => {
    const { db, clock, log, targets } = auditLog(30);
    // 2,500 entries 40 days before "now" (more than two batches), then 3 within the retention.
    for (let i = 0; i < 2500; i++) log.record({ action: "token.create", target: `old-${i}` });
    clock.now += 10 * DAY;
    log.record({ action: "token.revoke", target: "twenty days old" });
    clock.now += 20 * DAY;
    log.record({ action: "token.create", target: "today" });
    clock.now += 10 * DAY;

    assert.equal(await log.prune(), 2500);
    assert.deepEqual(targets(), ["today", "twenty days old"]);
    assert.equal(await log.prune(), 0, "a second prune finds nothing");
    db.close();
  });

  it("keeps every entry with a retention of 0", async () => {
    const { db, clock, log, targets } = auditLog(0);
    log.record({ action: "token.create", target: "ancient" });
    clock.now += 3650 * DAY;
    assert.equal(await log.prune(), 0);
    assert.deepEqual(targets(), ["ancient"]);
    db.close();
  });
});
