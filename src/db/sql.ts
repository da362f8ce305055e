import type { Statement } from "better-sqlite3";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import { ExternalWrites } from "./external-writes.ts";
import type { Db } from "./open.ts";
import { registerWriteFeed } from "./writes.ts";

/**
 * The query handle every store is given: Kysely over one database, SQLite (one file) or
 * PostgreSQL (one schema). A store adds the tables it owns to the type with
 * `db.withTables<MyTables>()` and writes its queries with the builder, so the same code compiles
 * to both dialects. Rules that keep it portable (docs/storage.md): no raw table names in `sql`
 * fragments (an app's schema is applied by the builder), booleans stored as 0/1, timestamps as
 * ISO-8601 text, new ids read back with `returning`, and inside `transaction().execute` every
 * query goes through the transaction handle (SQLite has one connection: a query on `db` there
 * waits for the transaction that is waiting for it).
 */
export type SqlDb = Kysely<object>;

/** Statements kept prepared per SQLite connection; past this the cache starts over. */
const MAX_STATEMENTS = 500;

/**
 * Kysely over an open better-sqlite3 connection. Kysely prepares every query it runs; preparing
 * costs more than running a small one, so statements are kept by their SQL text. The handle never
 * closes the connection: `Databases` owns it. Caches over it hear of other processes' writes
 * through `watchWrites` (`writes.ts`).
 */
export function sqliteSql(db: Db): SqlDb {
  const statements = new Map<string, Statement>();
  const database: SqliteDatabase = {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      return statement as ReturnType<SqliteDatabase["prepare"]>;
    },
    close() {},
  };
  const sql = new Kysely<object>({ dialect: new SqliteDialect({ database }) });
  // Another process's commit changes the file's data_version; this one's own need no telling.
  registerWriteFeed(sql, { watch: () => new ExternalWrites(db), wrote: () => {} });
  return sql;
}
