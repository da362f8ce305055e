import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { migrate, readMigrations } from "../../src/db/migrator.ts";
import { openDatabase, type Db } from "../../src/db/open.ts";
import { Outbox } from "../../src/events/store.ts";
import { tempDir } from "../helpers/server.ts";

function appDb(): Db {
  const db = openDatabase(path.join(tempDir(), "app.db"));
  migrate(db, readMigrations(path.join(import.meta.dirname, "../../src/db/migrations/app")), "app.db");
  return db;
}

/** Counts the statements prepared on `db` from now on (better-sqlite3's own method, wrapped). */
function countPrepares(db: Db): () => number {
  let n = 0;
  const original = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    n++;
    return original(sql);
  }) as Db["prepare"];
  return () => n;
}

describe("the webhook outbox store", () => {
  it("filters the delivery log by status and event without preparing a statement per call", () => {
    const db = appDb();
    const outbox = new Outbox(db);
    const now = Date.now();
    const at = new Date(now).toISOString();
    outbox.commit(
      [
        { id: "00000000-0000-4000-8000-000000000001", event: "room_started", room: "r", body: "{}", emittedAt: at },
        { id: "00000000-0000-4000-8000-000000000002", event: "room_finished", room: "r", body: "{}", emittedAt: at },
        { id: "00000000-0000-4000-8000-000000000003", event: "room_started", room: "r", body: "{}", emittedAt: at },
      ],
      [],
      now,
    );
    outbox.commit([], [{ id: "00000000-0000-4000-8000-000000000003", outcome: { status: "delivered", nextAttemptAt: now, url: "http://x", httpStatus: 200, error: null } }], now);
    const prepared = countPrepares(db);

    const all = outbox.list({ limit: 2, offset: 0 });
    assert.equal(all.total, 3);
    assert.deepEqual(all.rows.map((d) => d.id.slice(-1)), ["3", "2"], "newest first, one page");
    assert.deepEqual(outbox.list({ limit: 10, offset: 2 }).rows.map((d) => d.id.slice(-1)), ["1"]);
    const pending = outbox.list({ limit: 10, offset: 0, status: "pending" });
    assert.deepEqual([pending.total, pending.rows.map((d) => d.id.slice(-1))], [2, ["2", "1"]]);
    const started = outbox.list({ limit: 10, offset: 0, event: "room_started" });
    assert.deepEqual([started.total, started.rows.map((d) => d.id.slice(-1))], [2, ["3", "1"]]);
    const both = outbox.list({ limit: 10, offset: 0, status: "pending", event: "room_started" });
    assert.deepEqual([both.total, both.rows.map((d) => d.id.slice(-1))], [1, ["1"]]);
    assert.equal(outbox.list({ limit: 10, offset: 0, status: "failed", event: "room_started" }).total, 0);

    assert.equal(prepared(), 0, "every statement is prepared once, when the outbox is made");
    db.close();
  });
});
