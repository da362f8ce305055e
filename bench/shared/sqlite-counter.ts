/**
 * Counts the SQLite statements this process runs, the SQLite side of "does a cached path touch
 * the database" (PostgreSQL counts its own, see backing.ts). It wraps better-sqlite3's entry
 * points on their prototypes, so call it before the service opens a database: every statement
 * the service runs, prepared or not, pragmas included, goes through one of them.
 */
import Database from "better-sqlite3";

let statements = 0;
let installed = false;

/** Starts counting (once per process) and answers how to read the count. */
export function countSqliteStatements(): () => number {
  if (!installed) {
    installed = true;
    const probe = new Database(":memory:");
    const statementProto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, unknown>;
    probe.close();
    const wrap = (proto: Record<string, unknown>, name: string) => {
      const original = proto[name] as (this: unknown, ...args: unknown[]) => unknown;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        statements++;
        return original.apply(this, args);
      };
    };
    for (const name of ["run", "get", "all", "iterate"]) wrap(statementProto, name);
    wrap(Database.prototype as unknown as Record<string, unknown>, "exec");
  }
  return () => statements;
}
