import assert from "node:assert/strict";
import { before, it } from "node:test";
import pino from "pino";
import { AppStore } from "../../src/apps/store.ts";
import type { Databases } from "../../src/db/databases.ts";
import { EXTERNAL_CHECK_MS } from "../../src/db/external-writes.ts";
import { describeEachBackend } from "../helpers/backends.ts";

const logger = pino({ level: "silent" });

describeEachBackend("AppStore: the apps registry, read synchronously from a snapshot loaded asynchronously", (backend) => {
  let here: Databases;
  let elsewhere: Databases;
  before(async () => {
    const t = await backend.open();
    here = t.databases;
    elsewhere = await t.again();
  });

  it("refuses a read before load(), and shows its own writes once each resolves", async () => {
    const store = new AppStore({ db: here.sql, logger });
    assert.throws(() => store.count(), /before load/);
    await store.load();
    const row = await store.insert("alpha", null);
    assert.deepEqual(store.findByName("alpha"), row);
    assert.equal(store.findById(row.id)?.name, "alpha");
    await store.touch(row.id);
    assert.ok((store.findById(row.id)?.updatedAt ?? "") >= row.updatedAt);
    let listedDuringMove: boolean | undefined;
    await store.remove(row.id, {
      storage: async () => {},
      files: () => {
        listedDuringMove = store.findByName("alpha") !== undefined;
      },
    });
    assert.equal(listedDuringMove, true, "the row leaves with its folder, not before");
    assert.equal(store.findByName("alpha"), undefined);
  });

  it("rolls the row back when the step alongside fails, and refuses a name taken meanwhile", async () => {
    const store = new AppStore({ db: here.sql, logger });
    await store.load();
    await assert.rejects(
      store.insert("beta", null, {
        storage: async () => {},
        files: () => {
          throw new Error("rename failed");
        },
      }),
      /rename failed/,
    );
    assert.equal(store.findByName("beta"), undefined);
    const results = await Promise.allSettled([store.insert("gamma", null), store.insert("gamma", null)]);
    assert.deepEqual(results.map((r) => r.status).sort(), ["fulfilled", "rejected"]);
    assert.equal(store.list({ all: true }).filter((a) => a.name === "gamma").length, 1);
  });

  it("serves the previous snapshot after another process writes, then the new one once reloaded", async () => {
    const store = new AppStore({ db: here.sql, logger });
    await store.load();
    const other = new AppStore({ db: elsewhere.sql, logger });
    await other.load();
    const before = store.snapshot();
    await other.insert("delta", null);
    // SQLite notices another process's commit at its next check; PostgreSQL's NOTIFY comes sooner.
    await new Promise((r) => setTimeout(r, EXTERNAL_CHECK_MS + 50));
    assert.equal(store.snapshot(), before, "the read that hears of the write still answers at once");
    const deadline = Date.now() + 2000;
    while (store.findByName("delta") === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.ok(store.findByName("delta"), "reloaded in the background");
  });
});
