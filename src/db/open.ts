import Database from "better-sqlite3";

export type Db = Database.Database;

/**
 * Opens a SQLite file with the pragmas every database of the service uses: WAL so readers never
 * block the writer, a busy timeout instead of instant SQLITE_BUSY, foreign keys enforced, and
 * `synchronous=NORMAL`, which in WAL mode survives a process crash and loses at most the last
 * transactions on power loss (see docs/operations.md).
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  db.pragma("synchronous = NORMAL");
  return db;
}
