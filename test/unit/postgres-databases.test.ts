import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import pg from "pg";
import { pino } from "pino";
import { PostgresDatabases } from "../../src/db/postgres-databases.ts";
import { migrateSchema, postgresPool, underMigrationLock } from "../../src/db/postgres.ts";
import { MigrationError, type Migration } from "../../src/db/migrator.ts";
import { announceWrite, watchWrites, type WriteWatch } from "../../src/db/writes.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";

const logger = pino({ level: "silent" });

async function heardWithin(watch: WriteWatch, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (watch.happened()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

describe("PostgreSQL databases", () => {
  let server: TestPostgres;
  before(async () => (server = await sharedPostgres()));
  after(() => server.stop());

  it("migrates an empty database once, even when two nodes start together", async () => {
    const url = await server.database();
    const [a, b] = await Promise.all([PostgresDatabases.open({ url, logger }), PostgresDatabases.open({ url, logger })]);
    assert.equal([a.fresh, b.fresh].filter(Boolean).length, 1, "one node applied the migrations, the other found them done");
    assert.equal(a.instanceId, b.instanceId);
    const again = await PostgresDatabases.open({ url, logger });
    assert.equal(again.fresh, false);
    await Promise.all([a.close(), b.close(), again.close()]);
  });

  it("keeps each app's tables in its own schema, created and dropped with its registry row", async () => {
    const url = await server.database();
    const dbs = await PostgresDatabases.open({ url, logger });
    for (const name of ["cam-a", "cam-b"]) {
      await dbs.sql.transaction().execute(async (trx) => {
        await sql`INSERT INTO apps (name, created_at) VALUES (${name}, ${new Date().toISOString()})`.execute(trx);
        await dbs.createApp(name, { trx });
      });
    }
    const secrets = (name: string) => dbs.appSql(name).withTables<{ secrets: { name: string; value: string; updated_at: string } }>();
    await secrets("cam-a").insertInto("secrets").values({ name: "s3.key", value: "sealed-a", updated_at: "now" }).execute();
    assert.deepEqual(await secrets("cam-b").selectFrom("secrets").select("value").execute(), [], "app b sees none of app a's rows");
    assert.deepEqual(await secrets("cam-a").selectFrom("secrets").select("value").execute(), [{ value: "sealed-a" }]);

    await assert.rejects(
      dbs.sql.transaction().execute(async (trx) => dbs.createApp("cam-a", { trx })),
      /already exists/,
      "a taken name fails the registering transaction",
    );
    await dbs.sql.transaction().execute(async (trx) => {
      await sql`DELETE FROM apps WHERE name = 'cam-a'`.execute(trx);
      await dbs.dropApp("cam-a", trx);
    });
    const schemas = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'app_%' ORDER BY nspname`.execute(dbs.sql);
    assert.deepEqual(schemas.rows.map((r) => r.nspname), ["app_cam_b"]);
    await dbs.close();
  });

  it("tells every other node's caches of a write within the second, and never a node of its own", async () => {
    const url = await server.database();
    const a = await PostgresDatabases.open({ url, logger });
    const b = await PostgresDatabases.open({ url, logger });
    const onB = { global: watchWrites(b.sql), app: watchWrites(b.appSql("cam-a")), other: watchWrites(b.appSql("cam-b")) };
    const onA = watchWrites(a.appSql("cam-a"));
    announceWrite(a.appSql("cam-a"));
    announceWrite(a.sql);
    assert.ok(await heardWithin(onB.app, 1000), "node b heard of node a's write to the app within 1 s");
    assert.ok(await heardWithin(onB.global, 1000), "and of the global one");
    assert.equal(onB.other.happened(), false, "another app's cache is left alone");
    assert.equal(onA.happened(), false, "node a's own write");
    await Promise.all([a.close(), b.close()]);
  });

  it("refuses a schema newer than the build, and an edited migration, as SQLite does", async () => {
    const url = await server.database();
    const pool = postgresPool(url, logger);
    const m = (version: number, text: string): Migration => ({ version, name: `m${version}`, sql: text, checksum: text });
    await underMigrationLock(pool, (c) => migrateSchema(c, "x", [m(1, "CREATE TABLE t (id BIGINT)"), m(2, "ALTER TABLE t ADD COLUMN n TEXT")], "x"));
    await assert.rejects(
      underMigrationLock(pool, (c) => migrateSchema(c, "x", [m(1, "CREATE TABLE t (id BIGINT)")], "x")),
      (err: unknown) => err instanceof MigrationError && /at version 2 but this build knows only 1/.test(err.message),
    );
    await assert.rejects(
      underMigrationLock(pool, (c) => migrateSchema(c, "x", [m(1, "CREATE TABLE t (id INT)"), m(2, "ALTER TABLE t ADD COLUMN n TEXT")], "x")),
      /must never be edited/,
    );
    const broken = [m(1, "CREATE TABLE t (id BIGINT)"), m(2, "ALTER TABLE t ADD COLUMN n TEXT"), m(3, "CREATE TABLE extra (id INT); INSERT INTO nowhere VALUES (1)")];
    await assert.rejects(underMigrationLock(pool, (c) => migrateSchema(c, "x", broken, "x")), /nowhere/);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const tables = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'x' ORDER BY 1");
    assert.deepEqual(tables.rows.map((r: { table_name: string }) => r.table_name), ["schema_migrations", "t"], "the failed migration left nothing");
    await client.end();
    await pool.end();
  });
});
