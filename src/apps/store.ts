import type { Db } from "../db/open.ts";

/** The registry row of an app: its identity and the tenant that owns it (null: platform-owned). */
export interface AppRef {
  readonly id: number;
  readonly name: string;
  readonly teamId: number | null;
}

export interface AppRow extends AppRef {
  readonly createdAt: string;
  readonly updatedAt: string;
}

interface Row {
  id: number;
  name: string;
  team_id: number | null;
  created_at: string;
  updated_at: string | null;
}

const COLUMNS = "id, name, team_id, created_at, updated_at";

function toRow(row: Row): AppRow {
  return { id: row.id, name: row.name, teamId: row.team_id, createdAt: row.created_at, updatedAt: row.updated_at ?? row.created_at };
}

/** The apps registry in the global database: identity and tenancy; behaviour lives in config.yaml. */
export class AppStore {
  readonly transaction: Db["transaction"];
  private readonly s;

  constructor(db: Db) {
    this.transaction = db.transaction.bind(db);
    this.s = {
      byId: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM apps WHERE id = ?`),
      byName: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM apps WHERE name = ?`),
      all: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM apps ORDER BY name`),
      byTeam: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM apps WHERE team_id = ? ORDER BY name`),
      count: db.prepare<[], number>("SELECT count(*) FROM apps").pluck(),
      insert: db.prepare<[string, number | null, string, string]>("INSERT INTO apps (name, team_id, created_at, updated_at) VALUES (?, ?, ?, ?)"),
      touch: db.prepare<[string, number]>("UPDATE apps SET updated_at = ? WHERE id = ?"),
      remove: db.prepare<[number]>("DELETE FROM apps WHERE id = ?"),
    };
  }

  findById(id: number): AppRow | undefined {
    const row = this.s.byId.get(id);
    return row && toRow(row);
  }

  findByName(name: string): AppRow | undefined {
    const row = this.s.byName.get(name);
    return row && toRow(row);
  }

  /** Every app, or those of one tenant, by name. */
  list(filter: { all: true } | { teamId: number }): AppRow[] {
    return ("all" in filter ? this.s.all.all() : this.s.byTeam.all(filter.teamId)).map(toRow);
  }

  count(): number {
    return this.s.count.get() ?? 0;
  }

  insert(name: string, teamId: number | null): AppRow {
    const now = new Date().toISOString();
    const id = Number(this.s.insert.run(name, teamId, now, now).lastInsertRowid);
    return { id, name, teamId, createdAt: now, updatedAt: now };
  }

  touch(id: number): void {
    this.s.touch.run(new Date().toISOString(), id);
  }

  remove(id: number): void {
    this.s.remove.run(id);
  }
}
