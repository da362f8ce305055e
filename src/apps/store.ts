import { ExternalWrites } from "../db/external-writes.ts";
import type { Db } from "../db/open.ts";
import { perDatabase } from "../db/per-database.ts";

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

interface Registry {
  readonly all: readonly AppRow[];
  readonly byName: ReadonlyMap<string, AppRow>;
  readonly byId: ReadonlyMap<number, AppRow>;
}

/**
 * The apps registry in the global database: identity and tenancy; behaviour lives in config.yaml.
 * Every request reads it (the guard resolves `{app}`, lists render it), so it is held in memory:
 * reloaded after any write made here and whenever another connection has committed.
 */
export class AppStore {
  private readonly s;
  private readonly db: Db;
  private readonly external: ExternalWrites;
  private cached: Registry | undefined;

  constructor(db: Db) {
    this.db = db;
    this.external = new ExternalWrites(db);
    this.s = {
      all: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM apps ORDER BY name`),
      insert: db.prepare<[string, number | null, string, string]>("INSERT INTO apps (name, team_id, created_at, updated_at) VALUES (?, ?, ?, ?)"),
      touch: db.prepare<[string, number]>("UPDATE apps SET updated_at = ? WHERE id = ?"),
      remove: db.prepare<[number]>("DELETE FROM apps WHERE id = ?"),
    };
  }

  findById(id: number): AppRow | undefined {
    return this.registry().byId.get(id);
  }

  findByName(name: string): AppRow | undefined {
    return this.registry().byName.get(name);
  }

  /** Every app, or those of one tenant, by name. */
  list(filter: { all: true } | { teamId: number }): AppRow[] {
    const all = this.registry().all;
    return "all" in filter ? [...all] : all.filter((app) => app.teamId === filter.teamId);
  }

  /** Every app, by name: the same array until the registry changes, so a cache can be keyed on it. */
  snapshot(): readonly AppRow[] {
    return this.registry().all;
  }

  count(): number {
    return this.registry().all.length;
  }

  /** Inserts the row and runs `alongside` (moving the app's folder into place) in one transaction. */
  insert(name: string, teamId: number | null, alongside: () => void = () => {}): AppRow {
    const now = new Date().toISOString();
    const id = this.write(() => {
      const inserted = Number(this.s.insert.run(name, teamId, now, now).lastInsertRowid);
      alongside();
      return inserted;
    });
    return { id, name, teamId, createdAt: now, updatedAt: now };
  }

  touch(id: number): void {
    this.write(() => this.s.touch.run(new Date().toISOString(), id));
  }

  /** Removes the row and runs `alongside` (moving the app's folder away) in one transaction. */
  remove(id: number, alongside: () => void = () => {}): void {
    this.write(() => {
      this.s.remove.run(id);
      alongside();
    });
  }

  /** One transaction; the registry is reloaded afterwards whether it committed or rolled back. */
  private write<T>(run: () => T): T {
    try {
      return this.db.transaction(run)();
    } finally {
      this.cached = undefined;
    }
  }

  private registry(): Registry {
    if (this.external.happened() || !this.cached) {
      const all = this.s.all.all().map(toRow);
      this.cached = { all, byName: new Map(all.map((a) => [a.name, a])), byId: new Map(all.map((a) => [a.id, a])) };
    }
    return this.cached;
  }
}

/** The name of an app secret; a plugin's secret config field is `plugin.<id>.<field>`. */
export type AppSecretName = "s3.key" | "s3.secret" | "callbacks.secret" | "mqtt.password" | "media_server.secret" | `plugin.${string}.${string}`;

/**
 * One app's `secrets` table, in its own database, prepared once per connection (`secretRows(db)`).
 * Values are stored as the caller sealed them; this store never sees a plaintext. Which names are
 * set is kept too (`names` runs for every app a list renders), dropped on every write here and
 * whenever another connection has committed.
 */
export class SecretRows {
  private readonly s;
  private readonly external: ExternalWrites;
  private present: ReadonlySet<AppSecretName> | undefined;

  constructor(db: Db) {
    this.external = new ExternalWrites(db);
    this.s = {
      value: db.prepare<[AppSecretName], string>("SELECT value FROM secrets WHERE name = ?").pluck(),
      all: db.prepare<[], { name: AppSecretName; value: string }>("SELECT name, value FROM secrets ORDER BY name"),
      names: db.prepare<[], AppSecretName>("SELECT name FROM secrets").pluck(),
      remove: db.prepare<[AppSecretName]>("DELETE FROM secrets WHERE name = ?"),
      put: db.prepare<[AppSecretName, string, string]>(
        "INSERT INTO secrets (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
      ),
    };
  }

  /** The sealed value, or undefined when none is stored. */
  sealed(name: AppSecretName): string | undefined {
    return this.s.value.get(name);
  }

  /** Every stored secret, sealed, by name. */
  all(): { name: AppSecretName; value: string }[] {
    return this.s.all.all();
  }

  names(): ReadonlySet<AppSecretName> {
    if (this.external.happened() || !this.present) this.present = new Set(this.s.names.all());
    return this.present;
  }

  put(name: AppSecretName, sealed: string, at: string): void {
    this.s.put.run(name, sealed, at);
    this.present = undefined;
  }

  remove(name: AppSecretName): void {
    this.s.remove.run(name);
    this.present = undefined;
  }
}

export const secretRows = perDatabase((db) => new SecretRows(db));
