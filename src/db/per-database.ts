import type { Db } from "./open.ts";

/**
 * One `T` per open database connection, made on first use. App stores prepare their statements
 * once, in their constructor, and are looked up through this instead of being built per call.
 * An app database closed and opened again (the app deleted and created anew) is a new
 * connection and gets a new store; the old one goes with the old connection.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
