import { createHash, type Hash } from "node:crypto";
import path from "node:path";
import { sql, type RawBuilder } from "kysely";
import type { Logger } from "pino";
import { ConfigFiles } from "../apps/config/files.ts";
import { postgresPool, postgresSql, underMigrationLock } from "./postgres.ts";
import { installMigrations, postgresMigrations } from "./postgres-install.ts";
import type { SqlDb } from "./sql.ts";
import { NOT_COPIED, openSource, type SourceDatabase, type SourceTable, type SqliteSource } from "./sqlite-source.ts";

/** Rows per INSERT and per read-back query: 500 rows of the widest table stay far below PostgreSQL's 65,535 parameters. */
const BATCH = 500;

export interface CopySummary {
  readonly tables: number;
  readonly rows: number;
  readonly apps: number;
  readonly seconds: number;
}

/** Why the copy did not happen or was rolled back, in a sentence for the operator. */
export class CopyRefused extends Error {
  override readonly name = "CopyRefused";
}

/**
 * Copies a single-node data dir's SQLite databases into an empty PostgreSQL database
 * (docs/storage.md, "Moving from SQLite"): the target's schemas are created with this build's
 * migrations and filled in one transaction, every row keeping its id, each identity sequence set
 * past the highest id; then each table is read back from both sides and its row count and
 * checksum compared. Any difference rolls the whole transaction back: the target is left empty.
 */
export async function copySqliteToPostgres(options: { dataDir: string; url: string; logger: Logger }): Promise<CopySummary> {
  const started = performance.now();
  const source = openSource(options.dataDir, options.logger);
  if (typeof source === "string") throw new CopyRefused(source);
  const pool = postgresPool(options.url, options.logger);
  const db = postgresSql(pool);
  try {
    // Under the migration lock a node started on the target meanwhile waits, then finds the copy done.
    const counted = await underMigrationLock(pool, () => db.transaction().execute((trx) => copyAll(trx, source, options.dataDir)));
    return { ...counted, apps: source.databases.length - 1, seconds: (performance.now() - started) / 1000 };
  } finally {
    source.close();
    await pool.end();
  }
}

async function copyAll(trx: SqlDb, source: SqliteSource, dataDir: string): Promise<{ tables: number; rows: number }> {
  const held = await serviceTables(trx);
  if (held.length > 0) throw new CopyRefused(`the target database already holds service tables (${held.slice(0, 5).join(", ")}${held.length > 5 ? ", …" : ""}): copy into an empty database; nothing was copied`);
  const migrations = postgresMigrations();
  let tables = 0;
  let rows = 0;
  for (const database of source.databases) {
    if (database.app === undefined) await installMigrations(trx, "public", migrations.global);
    else {
      await sql.raw(`CREATE SCHEMA ${database.schema}`).execute(trx);
      await installMigrations(trx, database.schema, migrations.app);
    }
    await sameTables(trx, database);
    for (const table of database.tables) {
      rows += await copyTable(trx, source, database, table);
      await setIdentities(trx, source, database, table.name);
      tables++;
    }
    if (database.app !== undefined) rows += await copyConfig(trx, new ConfigFiles(path.join(dataDir, "apps")), database.app, database.schema);
  }
  return { tables, rows };
}

/** Tables of the service already in the target: any table of the default schema, or an app's schema. */
async function serviceTables(trx: SqlDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' OR table_schema LIKE 'app\\_%' ORDER BY 1`.execute(trx);
  return rows.map((r) => r.name);
}

/** The target's tables in the schema must be the source's, column for column: both come from this build's migrations. */
async function sameTables(trx: SqlDb, database: SourceDatabase): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = ${database.schema}`.execute(trx);
  const target = new Set(rows.filter((r) => !NOT_COPIED.has(r.table_name) && !FROM_FILES.has(r.table_name)).map((r) => `${r.table_name}.${r.column_name}`));
  const wanted = new Set(database.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c}`)));
  const missing = [...wanted].filter((c) => !target.has(c));
  const extra = [...target].filter((c) => !wanted.has(c));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`${database.file} and the PostgreSQL schema ${database.schema} differ: missing there ${missing.join(", ") || "nothing"}, only there ${extra.join(", ") || "nothing"}`);
  }
}

/** Tables of an app's schema that SQLite keeps as files in the app's folder (`config.yaml`, `config-backups/`). */
const FROM_FILES: ReadonlySet<string> = new Set(["config", "config_backups"]);

/**
 * An app's `config.yaml` and its backups into its schema's `config` and `config_backups`, the
 * backups oldest first (their order is `seq`'s), then read back and compared text for text.
 * Answers the rows written.
 */
async function copyConfig(trx: SqlDb, files: ConfigFiles, app: string, schema: string): Promise<number> {
  const text = files.readNow(app);
  if (text === undefined) throw new CopyRefused(`app ${app} has no config.yaml in its folder: restore it from its config-backups, then copy; nothing was copied`);
  await sql`INSERT INTO ${sql.table(`${schema}.config`)} (id, text, updated_at) VALUES (1, ${text}, ${new Date().toISOString()})`.execute(trx);
  const backups: { ts: string; text: string }[] = [];
  for (const { ts } of (await files.listBackups(app)).reverse()) {
    const backup = await files.readBackup(app, ts);
    if (backup !== undefined) backups.push({ ts, text: backup });
  }
  for (const b of backups) {
    await sql`INSERT INTO ${sql.table(`${schema}.config_backups`)} (ts, text, size) VALUES (${b.ts}, ${b.text}, ${Buffer.byteLength(b.text)})`.execute(trx);
  }
  const stored = await sql<{ text: string }>`SELECT text FROM ${sql.table(`${schema}.config`)}`.execute(trx);
  const storedBackups = await sql<{ ts: string; text: string }>`SELECT ts, text FROM ${sql.table(`${schema}.config_backups`)} ORDER BY seq`.execute(trx);
  if (stored.rows[0]?.text !== text || JSON.stringify(storedBackups.rows) !== JSON.stringify(backups)) {
    throw new Error(`app ${app}'s config text or backups read back differently from PostgreSQL`);
  }
  return 1 + backups.length;
}

/** Copies one table in batches, then compares both sides; returns its row count. */
async function copyTable(trx: SqlDb, source: SqliteSource, database: SourceDatabase, table: SourceTable): Promise<number> {
  const target = sql.table(`${database.schema}.${table.name}`);
  const columns = sql.join(table.columns.map((c) => sql.id(c)));
  const sent = new Checksum();
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = sql.join(batch.map((row) => sql`(${sql.join(row)})`));
    await sql`INSERT INTO ${target} (${columns}) VALUES ${values}`.execute(trx);
    batch = [];
  };
  for (const row of source.rows(database.db, table)) {
    sent.add(row);
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  const stored = await readBack(trx, database.schema, table);
  const where = `${database.app === undefined ? "global table" : `table of app ${database.app}`} ${table.name}`;
  if (stored.count !== sent.count) throw new CopyRefused(`${where}: ${sent.count} rows in SQLite but ${stored.count} in PostgreSQL; rolled back, nothing was copied`);
  if (stored.digest() !== sent.digest()) throw new CopyRefused(`${where}: its rows read back from PostgreSQL differ from SQLite's (checksum mismatch); rolled back, nothing was copied`);
  return sent.count;
}

/**
 * The table's rows as PostgreSQL holds them, in primary-key order by keyset pages. Text keys sort
 * with the "C" collation, byte order, the order SQLite's default BINARY collation gives.
 */
async function readBack(trx: SqlDb, schema: string, table: SourceTable): Promise<Checksum> {
  const types = await sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type FROM information_schema.columns
    WHERE table_schema = ${schema} AND table_name = ${table.name}`.execute(trx);
  const isText = new Set(types.rows.filter((r) => r.data_type === "text").map((r) => r.column_name));
  const key = (c: string): RawBuilder<unknown> => (isText.has(c) ? sql`${sql.id(c)} COLLATE "C"` : sql`${sql.id(c)}`);
  const order = sql.join(table.primaryKey.map(key));
  const columns = sql.join(table.columns.map((c) => sql.id(c)));
  const from = sql.table(`${schema}.${table.name}`);
  const keyAt = table.primaryKey.map((c) => table.columns.indexOf(c));
  const read = new Checksum();
  let last: unknown[] | undefined;
  for (;;) {
    const after = last === undefined ? sql`TRUE` : sql`(${order}) > (${sql.join(last)})`;
    const { rows } = await sql<Record<string, unknown>>`SELECT ${columns} FROM ${from} WHERE ${after} ORDER BY ${order} LIMIT ${BATCH}`.execute(trx);
    for (const row of rows) read.add(table.columns.map((c) => row[c]));
    const tail = rows.at(-1);
    if (tail === undefined || rows.length < BATCH) return read;
    last = keyAt.map((i) => tail[table.columns[i] ?? ""]);
  }
}

/** Sets each identity column's sequence past the highest id copied, or handed out by SQLite's AUTOINCREMENT, so no id is issued twice. */
async function setIdentities(trx: SqlDb, source: SqliteSource, database: SourceDatabase, table: string): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
    WHERE table_schema = ${database.schema} AND table_name = ${table} AND is_identity = 'YES'`.execute(trx);
  for (const { column_name: column } of rows) {
    const max = await sql<{ max: number | null }>`SELECT max(${sql.id(column)}) AS max FROM ${sql.table(`${database.schema}.${table}`)}`.execute(trx);
    const highest = Math.max(Number(max.rows[0]?.max ?? 0), source.autoincrement(database.db, table));
    if (highest > 0) await sql`SELECT setval(pg_get_serial_sequence(${`${database.schema}.${table}`}, ${column}), ${highest})`.execute(trx);
  }
}

/**
 * A table's row count and SHA-256 over its rows in order, each row serialized the same way from
 * either side: a JSON array of its values (numbers, text, null) in the source's column order.
 */
class Checksum {
  count = 0;
  private readonly hash: Hash = createHash("sha256");

  add(row: readonly unknown[]): void {
    this.count++;
    this.hash.update(`${JSON.stringify(row)}\n`);
  }

  digest(): string {
    return this.hash.digest("hex");
  }
}
