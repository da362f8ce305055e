import { statSync } from "node:fs";
import Database from "better-sqlite3";

/** What `GET .../db/health` reports of one SQLite file. */
export interface DbHealth {
  readonly file: string;
  /** `ok`, or SQLite's first complaint from `PRAGMA quick_check`. */
  readonly integrity: string;
  readonly schemaVersion: number;
  readonly pageSize: number;
  readonly pageCount: number;
  readonly freelistCount: number;
  readonly fileBytes: number;
  readonly walBytes: number;
}

const sizeOf = (file: string): number => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** What an optimize run found before and what it left after. */
export interface DbSizes {
  readonly fileBytes: number;
  readonly walBytes: number;
  readonly pageCount: number;
  readonly freelistCount: number;
}

function sizes(db: Database.Database, file: string): DbSizes {
  return {
    fileBytes: sizeOf(file),
    walBytes: sizeOf(`${file}-wal`),
    pageCount: Number(db.pragma("page_count", { simple: true })),
    freelistCount: Number(db.pragma("freelist_count", { simple: true })),
  };
}

/**
 * `PRAGMA optimize`, a WAL checkpoint that truncates the WAL, and `VACUUM`, on a connection of the
 * worker's own while the service's connection to the file is closed (`Databases.maintain`).
 */
export function dbOptimize(file: string): { before: DbSizes; after: DbSizes } {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const before = sizes(db, file);
    db.pragma("optimize");
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.exec("VACUUM");
    db.pragma("wal_checkpoint(TRUNCATE)");
    return { before, after: sizes(db, file) };
  } finally {
    db.close();
  }
}

/**
 * Runs in a worker thread on its own read-only connection: `quick_check` reads the whole file,
 * which on the event loop would stall every app; in WAL mode this reader blocks no writer.
 */
export function dbHealth(file: string): DbHealth {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const pragma = (name: string): number => Number(db.pragma(name, { simple: true }));
    return {
      file,
      integrity: String(db.pragma("quick_check(1)", { simple: true })),
      schemaVersion: Number(db.prepare("SELECT coalesce(max(version), 0) FROM schema_migrations").pluck().get()),
      pageSize: pragma("page_size"),
      pageCount: pragma("page_count"),
      freelistCount: pragma("freelist_count"),
      fileBytes: sizeOf(file),
      walBytes: sizeOf(`${file}-wal`),
    };
  } finally {
    db.close();
  }
}
