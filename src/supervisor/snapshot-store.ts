import type { Db } from "../db/open.ts";

/** One stored actor: its machine's id, its persisted snapshot (JSON) and when it was saved. */
export interface StoredSnapshot {
  readonly machine: string;
  readonly snapshot: string;
  readonly savedAt: number;
}

/** Where the supervisor keeps the snapshots of persisted actors: the global database. */
export class SnapshotStore {
  private readonly upsert;
  private readonly select;
  private readonly remove;
  private readonly selectIds;

  constructor(db: Db) {
    this.upsert = db.prepare<[string, string, string, number]>(
      `INSERT INTO actor_snapshots (id, machine, snapshot, saved_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET machine = excluded.machine, snapshot = excluded.snapshot, saved_at = excluded.saved_at`,
    );
    this.select = db.prepare<[string], { machine: string; snapshot: string; saved_at: number }>(
      "SELECT machine, snapshot, saved_at FROM actor_snapshots WHERE id = ?",
    );
    this.remove = db.prepare<[string]>("DELETE FROM actor_snapshots WHERE id = ?");
    // `>= prefix AND < prefix + U+FFFF` keeps the primary key's index in use, unlike LIKE.
    this.selectIds = db.prepare<[string, string], { id: string }>(
      "SELECT id FROM actor_snapshots WHERE id >= ? AND id < ? ORDER BY id",
    );
  }

  save(id: string, machine: string, snapshot: string, at: number): void {
    this.upsert.run(id, machine, snapshot, at);
  }

  load(id: string): StoredSnapshot | undefined {
    const row = this.select.get(id);
    return row && { machine: row.machine, snapshot: row.snapshot, savedAt: row.saved_at };
  }

  delete(id: string): void {
    this.remove.run(id);
  }

  ids(prefix: string): string[] {
    return this.selectIds.all(prefix, `${prefix}\uffff`).map((r) => r.id);
  }
}
