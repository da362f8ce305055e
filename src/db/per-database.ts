/**
 * One `T` per open database handle (a better-sqlite3 connection, or a `SqlDb`), made on first
 * use. App stores prepare their statements or caches once, in their constructor, and are looked
 * up through this instead of being built per call. An app database closed and opened again (the
 * app deleted and created anew) is a new handle and gets a new store; the old one goes with it.
 */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
