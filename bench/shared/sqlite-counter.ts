/**
 * Counts the SQLite statements this process runs, by statement text: the SQLite side of "does a
 * cached path touch the database" (PostgreSQL counts its own, see backing.ts). It wraps
 * better-sqlite3's entry points on their prototypes, so call it before the service opens a
 * database: every statement the service runs, prepared or not, pragmas included, goes through one
 * of them.
 */
import Database from "better-sqlite3";

export interface SqliteStatements {
  /** Runs so far of each statement text. */
  bySource(): ReadonlyMap<string, number>;
  /** Runs so far, all texts together. */
  total(): number;
}

const runs = new Map<string, number>();
let total = 0;
let installed = false;

const count = (source: string): void => {
  runs.set(source, (runs.get(source) ?? 0) + 1);
  total++;
};

/** Starts counting (once per process) and answers how to read the counts. */
export function countSqliteStatements(): SqliteStatements {
  if (!installed) {
    installed = true;
    const probe = new Database(":memory:");
    const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
    probe.close();
    for (const name of ["run", "get", "all", "iterate"]) {
      const original = statementProto[name] as (this: { source: string }, ...args: unknown[]) => unknown;
      statementProto[name] = function (this: { source: string }, ...args: unknown[]) {
        count(this.source);
        return original.apply(this, args);
      };
    }
    const exec = Database.prototype.exec;
    Database.prototype.exec = function (this: Database.Database, source: string) {
      count(source);
      return exec.call(this, source);
    };
  }
  return { bySource: () => new Map(runs), total: () => total };
}
