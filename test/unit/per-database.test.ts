import assert from "node:assert/strict";
import { it } from "node:test";
import pino from "pino";
import { AppStore } from "../../src/apps/store.ts";
import type { SqlDb } from "../../src/db/sql.ts";
import { perDatabase } from "../../src/db/per-database.ts";
import { describeEachBackend } from "../helpers/backends.ts";

describeEachBackend("perDatabase", (backend) => {
  it("makes one value per app handle, and a new one once the app is deleted and created again", async () => {
    const t = await backend.open();
    const apps = new AppStore({ db: t.databases.sql, logger: pino({ level: "silent" }) });
    await apps.load();
    let made = 0;
    const storeOf = perDatabase((db: SqlDb) => ({ n: ++made, db }));
    const row = await apps.insert("per-db", null, t.creating("per-db"));
    const first = storeOf(t.databases.appSql("per-db"));
    assert.equal(storeOf(t.databases.appSql("per-db")), first, "the same handle, the same value");
    await apps.remove(row.id, t.removing("per-db"));
    await apps.insert("per-db", null, t.creating("per-db"));
    assert.equal(storeOf(t.databases.appSql("per-db")).n, 2, "the app created again gets its own value");
  });
});
