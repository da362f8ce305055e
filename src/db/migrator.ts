import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "./open.ts";

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export class MigrationError extends Error {
  override readonly name = "MigrationError";
}

const FILE = /^(\d{4})-([a-z0-9-]+)\.sql$/;

/** Reads `NNNN-name.sql` files in order; numbering must start at 1 and have no gaps. */
export function readMigrations(dir: string): Migration[] {
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .map((file) => {
      const m = FILE.exec(file);
      if (!m) throw new MigrationError(`${dir}/${file}: migration files are named NNNN-name.sql`);
      const sql = readFileSync(path.join(dir, file), "utf8");
      return { version: Number(m[1]), name: m[2] as string, sql, checksum: sha256(sql) };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`${dir}: expected migration ${i + 1}, found ${m.version}`);
  });
  return migrations;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The bookkeeping table both backends keep, one per database (SQLite) or schema (PostgreSQL). */
export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;

type Applied = Pick<Migration, "version" | "name" | "checksum">;

/**
 * The migrations still to apply, after the applied ones (`rows`, by version) are checked: a
 * database newer than this build is refused, and so is one whose applied migrations were edited
 * after they landed.
 */
export function pendingMigrations(rows: readonly Applied[], migrations: readonly Migration[], label: string): readonly Migration[] {
  const known = migrations.length;
  const newest = rows.at(-1)?.version ?? 0;
  if (newest > known) {
    throw new MigrationError(
      `${label}: database schema is at version ${newest} but this build knows only ${known}; ` +
        "it was written by a newer release. Run that release, or restore a backup taken before the upgrade.",
    );
  }
  for (const row of rows) {
    const mine = migrations[row.version - 1];
    if (!mine || mine.checksum !== row.checksum) {
      throw new MigrationError(
        `${label}: migration ${row.version}-${row.name} differs from the one applied to this database; ` +
          "landed migrations must never be edited, add a new one instead.",
      );
    }
  }
  return migrations.slice(newest);
}

/**
 * Applies pending SQLite migrations, each in its own transaction together with its bookkeeping
 * row, so a failed migration leaves the database at the previous version.
 */
export function migrate(db: Db, migrations: readonly Migration[], label: string): { applied: number[] } {
  db.exec(MIGRATIONS_TABLE);
  const rows = db.prepare("SELECT version, name, checksum FROM schema_migrations ORDER BY version").all() as Applied[];
  const insert = db.prepare("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)");
  const applied: number[] = [];
  for (const m of pendingMigrations(rows, migrations, label)) {
    db.transaction(() => {
      db.exec(m.sql);
      insert.run(m.version, m.name, m.checksum, new Date().toISOString());
    })();
    applied.push(m.version);
  }
  return { applied };
}
