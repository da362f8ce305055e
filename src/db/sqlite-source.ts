import { existsSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { PEER_STALE_MS } from "../peers/service.ts";
import { AppUnavailableError } from "./app-unavailable.ts";
import type { Db } from "./open.ts";
import { appSchema } from "./postgres.ts";
import { SqliteDatabases } from "./sqlite-databases.ts";

/** One table to copy: its columns in SQLite's order and its primary key, which orders its rows. */
export interface SourceTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly primaryKey: readonly string[];
}

/** One SQLite file and the PostgreSQL schema its tables go to. */
export interface SourceDatabase {
  readonly file: string;
  readonly schema: string;
  /** The app whose file it is; undefined for the global database. */
  readonly app: string | undefined;
  readonly db: Db;
  readonly tables: readonly SourceTable[];
}

/**
 * Tables that are not copied: each database's own migration bookkeeping (the target has its own),
 * and the service's node heartbeats, which say which processes run now, not what they stored (a
 * stale row would read as a live peer to the first node on PostgreSQL).
 */
export const NOT_COPIED: ReadonlySet<string> = new Set(["schema_migrations", "service_nodes"]);

/**
 * A single-node data dir, opened for the copy: the global database and every registered app's,
 * each migrated to this build as the service does on start, then held under SQLite's write lock
 * (`BEGIN IMMEDIATE`) until `close`, so every read sees one state and no writer can change it
 * meanwhile. Answers a sentence instead when the data dir cannot be copied now.
 */
export function openSource(dataDir: string, logger: Logger): SqliteSource | string {
  const globalFile = path.join(dataDir, "service.db");
  if (!existsSync(globalFile)) return `${globalFile} does not exist: SERVICE_DATA_DIR must name the data dir of a node that ran on SQLite`;
  const databases = new SqliteDatabases({ dataDir, logger });
  const source = new SqliteSource(databases);
  try {
    const live = liveNodes(databases.global);
    if (live.length > 0) {
      source.close();
      return `the service is running on ${dataDir} (node ${live.join(", ")} heartbeated in the last ${PEER_STALE_MS / 1000} s): stop it, then copy`;
    }
    const refused = source.lock(globalFile, databases.global, "public", undefined);
    if (refused !== undefined) return refused;
    const apps = databases.global.prepare("SELECT name FROM apps ORDER BY name").pluck().all() as string[];
    for (const app of apps) {
      const db = openApp(databases, app);
      if (typeof db === "string") {
        source.close();
        return db;
      }
      const again = source.lock(databases.appDbPath(app), db, appSchema(app), app);
      if (again !== undefined) return again;
    }
    return source;
  } catch (err) {
    source.close();
    throw err;
  }
}

/** The app's database as the service opens it (checked, migrated, claimed), or why it cannot be copied. */
function openApp(databases: SqliteDatabases, app: string): Db | string {
  try {
    return databases.app(app);
  } catch (err) {
    if (!(err instanceof AppUnavailableError)) throw err;
    const busy = /busy|locked/i.test(err.detail);
    return `${err.message}: ${busy ? "another process is writing it; stop it, then copy" : "repair or restore it first"}`;
  }
}

function liveNodes(db: Db): string[] {
  return db.prepare("SELECT id FROM service_nodes WHERE heartbeat_at >= ? ORDER BY id").pluck().all(Date.now() - PEER_STALE_MS) as string[];
}

export class SqliteSource {
  readonly databases: SourceDatabase[] = [];
  private readonly locked: Db[] = [];

  constructor(private readonly files: SqliteDatabases) {}

  /** Takes `db`'s write lock and lists its tables; a sentence (and everything let go) when another process holds it. */
  lock(file: string, db: Db, schema: string, app: string | undefined): string | undefined {
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (err) {
      this.close();
      if ((err as { code?: string }).code !== "SQLITE_BUSY") throw err;
      return `another process is writing ${file} (the service, a backup, an optimize?): stop it, then copy`;
    }
    this.locked.push(db);
    this.databases.push({ file, schema, app, db, tables: tablesOf(db, file) });
    return undefined;
  }

  /** The table's rows as value arrays in `columns` order, sorted by primary key (SQLite's binary order of text). */
  rows(db: Db, table: SourceTable): IterableIterator<unknown[]> {
    const order = table.primaryKey.map(quote).join(", ");
    return db.prepare(`SELECT ${table.columns.map(quote).join(", ")} FROM ${quote(table.name)} ORDER BY ${order}`).raw().iterate() as IterableIterator<unknown[]>;
  }

  /** The highest id SQLite's AUTOINCREMENT handed out for `table` (rows since deleted included), 0 if none. */
  autoincrement(db: Db, table: string): number {
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
    if (has === undefined) return 0;
    return Number(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").pluck().get(table) ?? 0);
  }

  /** Lets go of the locks (nothing was written) and closes the files. */
  close(): void {
    for (const db of this.locked.splice(0)) if (db.inTransaction) db.exec("ROLLBACK");
    this.files.closeNow();
  }
}

function tablesOf(db: Db, file: string): SourceTable[] {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
    .pluck()
    .all() as string[];
  // Creation order: a table is created after the tables its foreign keys name, so it is copied after them too.
  return names
    .filter((name) => !NOT_COPIED.has(name))
    .map((name) => {
      const info = db.prepare(`PRAGMA table_info(${quote(name)})`).all() as Array<{ name: string; pk: number }>;
      const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      if (primaryKey.length === 0) throw new Error(`${file}: table ${name} has no primary key to order its rows by`);
      return { name, columns: info.map((c) => c.name), primaryKey };
    });
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
