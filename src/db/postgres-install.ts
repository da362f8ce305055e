import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { MIGRATIONS_TABLE, readMigrations, type Migration } from "./migrator.ts";
import type { SqlDb } from "./sql.ts";

const MIGRATIONS = fileURLToPath(new URL("./migrations/postgres/", import.meta.url));

/** This build's PostgreSQL migrations: the global schema's and every app schema's. */
export function postgresMigrations(): { readonly global: readonly Migration[]; readonly app: readonly Migration[] } {
  return { global: readMigrations(path.join(MIGRATIONS, "global")), app: readMigrations(path.join(MIGRATIONS, "app")) };
}

/**
 * Applies every migration to an existing, empty `schema` inside the caller's transaction `trx`,
 * with its bookkeeping rows: a new app's schema (`createApp`), or a whole database copied from
 * SQLite, where a failure must leave nothing behind.
 */
export async function installMigrations(trx: SqlDb, schema: string, migrations: readonly Migration[]): Promise<void> {
  // SET LOCAL lasts until the transaction ends; it is reset right after so the caller's next
  // queries in it are unaffected (a failure aborts the whole transaction anyway).
  await sql.raw(`SET LOCAL search_path TO ${schema}`).execute(trx);
  await sql.raw(MIGRATIONS_TABLE).execute(trx);
  for (const m of migrations) {
    await sql.raw(m.sql).execute(trx);
    await sql`INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (${m.version}, ${m.name}, ${m.checksum}, ${new Date().toISOString()})`.execute(trx);
  }
  await sql.raw("SET LOCAL search_path TO DEFAULT").execute(trx);
}
