import type { Db } from "../db/open.ts";

/** The registry row of an app: its identity and the tenant that owns it (null: platform-owned). */
export interface AppRef {
  readonly id: number;
  readonly name: string;
  readonly teamId: number | null;
}

interface Row {
  id: number;
  name: string;
  team_id: number | null;
}

const toRef = (row: Row | undefined): AppRef | undefined =>
  row && { id: row.id, name: row.name, teamId: row.team_id };

export class AppStore {
  private readonly byId;
  private readonly byName;
  private readonly insertRow;

  constructor(db: Db) {
    this.byId = db.prepare<[number], Row>("SELECT id, name, team_id FROM apps WHERE id = ?");
    this.byName = db.prepare<[string], Row>("SELECT id, name, team_id FROM apps WHERE name = ?");
    this.insertRow = db.prepare<[string, number | null, string]>(
      "INSERT INTO apps (name, team_id, created_at) VALUES (?, ?, ?)",
    );
  }

  findById(id: number): AppRef | undefined {
    return toRef(this.byId.get(id));
  }

  findByName(name: string): AppRef | undefined {
    return toRef(this.byName.get(name));
  }

  insert(name: string, teamId: number | null): AppRef {
    const id = Number(this.insertRow.run(name, teamId, new Date().toISOString()).lastInsertRowid);
    return { id, name, teamId };
  }
}
