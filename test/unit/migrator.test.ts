import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { sql } from "kysely";
import { pino } from "pino";
import { SqliteDatabases } from "../../src/db/sqlite-databases.ts";
import { migrate, MigrationError, readMigrations } from "../../src/db/migrator.ts";
import { openDatabase } from "../../src/db/open.ts";
import { describeEachBackend } from "../helpers/backends.ts";
import { tempDir } from "../helpers/server.ts";

function migrationsDir(files: Record<string, string>): string {
  const dir = tempDir("migrations-");
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

const logger = pino({ level: "silent" });

describe("migrator", () => {
  const v1 = { "0001-things.sql": "CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL);" };
  const v2 = { ...v1, "0002-thing-color.sql": "ALTER TABLE things ADD COLUMN color TEXT;" };

  it("applies pending migrations once; a second run is a no-op", () => {
    const db = openDatabase(path.join(tempDir(), "x.db"));
    assert.deepEqual(migrate(db, readMigrations(migrationsDir(v2)), "x").applied, [1, 2]);
    assert.deepEqual(migrate(db, readMigrations(migrationsDir(v2)), "x").applied, []);
    db.prepare("INSERT INTO things (name, color) VALUES ('a', 'red')").run();
    const versions = db.prepare("SELECT version FROM schema_migrations").pluck().all();
    assert.deepEqual(versions, [1, 2]);
    db.close();
  });

  it("applies only what is new when the code gains a migration", () => {
    const db = openDatabase(path.join(tempDir(), "x.db"));
    migrate(db, readMigrations(migrationsDir(v1)), "x");
    assert.deepEqual(migrate(db, readMigrations(migrationsDir(v2)), "x").applied, [2]);
    db.close();
  });

  it("rolls a failing migration back whole and keeps the previous version", () => {
    const db = openDatabase(path.join(tempDir(), "x.db"));
    const broken = { ...v1, "0002-broken.sql": "CREATE TABLE extra (id INTEGER); INSERT INTO nowhere VALUES (1);" };
    assert.throws(() => migrate(db, readMigrations(migrationsDir(broken)), "x"), /nowhere/);
    assert.deepEqual(db.prepare("SELECT version FROM schema_migrations").pluck().all(), [1]);
    assert.equal(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get(), undefined);
    db.close();
  });

  it("refuses a database newer than the code, with a message saying what to do", () => {
    const db = openDatabase(path.join(tempDir(), "x.db"));
    migrate(db, readMigrations(migrationsDir(v2)), "x");
    assert.throws(
      () => migrate(db, readMigrations(migrationsDir(v1)), "/data/service.db"),
      (err: unknown) =>
        err instanceof MigrationError && /\/data\/service\.db: database schema is at version 2 but this build knows only 1/.test(err.message),
    );
    db.close();
  });

  it("refuses a landed migration that was edited", () => {
    const db = openDatabase(path.join(tempDir(), "x.db"));
    migrate(db, readMigrations(migrationsDir(v1)), "x");
    const edited = { "0001-things.sql": "CREATE TABLE things (id INTEGER PRIMARY KEY);" };
    assert.throws(() => migrate(db, readMigrations(migrationsDir(edited)), "x"), /must never be edited/);
    db.close();
  });

  it("refuses gaps and badly named files", () => {
    assert.throws(() => readMigrations(migrationsDir({ "0002-late.sql": "SELECT 1;" })), /expected migration 1/);
    assert.throws(() => readMigrations(migrationsDir({ "1-bad.sql": "SELECT 1;" })), /NNNN-name\.sql/);
  });
});

describeEachBackend("Databases", (backend) => {
  it("keeps the instance id across restarts", async () => {
    const t = await backend.open();
    const id = t.databases.instanceId;
    assert.match(id, /^[0-9a-f-]{36}$/);
    assert.equal(t.databases.fresh, true, "this start created the global tables");
    await t.close(t.databases);
    const again = await t.again();
    assert.equal(again.instanceId, id);
    assert.equal(again.fresh, false);
  });

  it("has no actor_snapshots table: the unused snapshot persistence went", async () => {
    const { databases } = await backend.open();
    const tables = (await databases.sql.introspection.getTables()).map((table) => table.name);
    assert.ok(tables.includes("apps"), `the introspection sees the global tables: ${tables.join(", ")}`);
    assert.equal(tables.includes("actor_snapshots"), false);
  });

  it("refuses to start on a global database written by a newer release", async () => {
    const t = await backend.open();
    await sql`INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (999, 'future', 'x', 'now')`.execute(t.databases.sql);
    await t.close(t.databases);
    await assert.rejects(t.again(), /schema is at version 999/);
  });
});

/** What only SQLite's files have: the data dir's mode, pragmas, and a database file per app. */
describe("SqliteDatabases", () => {
  it("creates a missing data dir readable by its owner only", () => {
    const dataDir = path.join(tempDir(), "fresh");
    new SqliteDatabases({ dataDir, logger }).closeNow();
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
  });

  it("opens the global DB with WAL, foreign keys and a busy timeout", () => {
    const dbs = new SqliteDatabases({ dataDir: tempDir(), logger });
    assert.equal(dbs.global.pragma("journal_mode", { simple: true }), "wal");
    assert.equal(dbs.global.pragma("foreign_keys", { simple: true }), 1);
    assert.equal(dbs.global.pragma("busy_timeout", { simple: true }), 5000);
    assert.equal(dbs.global.pragma("synchronous", { simple: true }), 1);
    dbs.closeNow();
  });

  it("drops actor_snapshots in migration 0010", () => {
    const dbs = new SqliteDatabases({ dataDir: tempDir(), logger });
    try {
      assert.ok(dbs.global.prepare("SELECT 1 FROM schema_migrations WHERE version = 10").get(), "migration 0010 applied");
    } finally {
      dbs.closeNow();
    }
  });

  it("opens app databases lazily, caches the handle, and refuses names that are not slugs", () => {
    const dataDir = tempDir();
    const dbs = new SqliteDatabases({ dataDir, logger });
    const db = dbs.app("demo");
    assert.equal(dbs.app("demo"), db);
    assert.equal(db.prepare("SELECT app_name FROM app_meta").pluck().get(), "demo");
    assert.throws(() => dbs.app("../evil"), /not an app name/);
    dbs.closeApp("demo");
    assert.notEqual(dbs.app("demo"), db);
    dbs.closeNow();
  });

  it("refuses an app database that belongs to another app", () => {
    const dataDir = tempDir();
    const dbs = new SqliteDatabases({ dataDir, logger });
    dbs.app("alpha");
    dbs.closeNow();
    mkdirSync(path.join(dataDir, "apps", "beta"), { recursive: true });
    copyFileSync(path.join(dataDir, "apps", "alpha", "app.db"), path.join(dataDir, "apps", "beta", "app.db"));
    const again = new SqliteDatabases({ dataDir, logger });
    assert.throws(() => again.app("beta"), /belongs to app "alpha"/);
    again.closeNow();
  });
});
