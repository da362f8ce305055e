import type { Generated, Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";
import { announceWrite, watchWrites, type WriteWatch } from "../db/writes.ts";
import { BackgroundLoads } from "../lib/background-loads.ts";
import { APP_NAME } from "./config/schema.ts";

/** What creating or removing an app does besides its registry row, inside the same transaction. */
export interface AppSteps {
  /** The app's tables (a database file, or a PostgreSQL schema created or dropped in `trx`). */
  readonly storage: (trx: SqlDb) => Promise<void>;
  /** Its folder moved, in one synchronous step with the registry's change. */
  readonly files: () => void;
}

const NO_STEPS: AppSteps = { storage: async () => {}, files: () => {} };
/** The one key of the registry's background reloads. */
const REGISTRY = "registry";

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

interface AppsTable {
  id: Generated<number>;
  name: string;
  team_id: number | null;
  created_at: string;
  updated_at: string | null;
}

function toRow(row: Selectable<AppsTable>): AppRow {
  return { id: row.id, name: row.name, teamId: row.team_id, createdAt: row.created_at, updatedAt: row.updated_at ?? row.created_at };
}

interface Registry {
  readonly all: readonly AppRow[];
  readonly byName: ReadonlyMap<string, AppRow>;
  readonly byId: ReadonlyMap<number, AppRow>;
}

function registryOf(all: readonly AppRow[]): Registry {
  return { all, byName: new Map(all.map((a) => [a.name, a])), byId: new Map(all.map((a) => [a.id, a])) };
}

export interface AppStoreOptions {
  /** The global database. */
  readonly db: SqlDb;
  /** Where a failed background reload is told (the previous snapshot keeps serving, and the next read retries). */
  readonly logger: Logger;
}

/**
 * The apps registry in the global database: identity and tenancy; behaviour lives in config.yaml.
 * Every request reads it (the guard resolves `{app}`, lists render it) and many domains read it
 * synchronously, so reads are served from a snapshot in memory: loaded by `load()` before the
 * service takes requests, loaded again by every write made here before the write resolves, and in
 * the background once another process has written (reads serve the previous snapshot meanwhile).
 */
export class AppStore {
  private readonly db: Kysely<{ apps: AppsTable }>;
  private readonly handle: SqlDb;
  private readonly logger: Logger;
  private readonly external: WriteWatch;
  private cached: Registry | undefined;
  /** Loads are numbered as they start; one that started before the snapshot now held is dropped. */
  private started = 0;
  private shown = 0;
  /** Set when a reload failed or a write rolled back: the next read reloads. */
  private retry = false;
  private readonly reloads: BackgroundLoads<typeof REGISTRY>;
  private readonly added: Array<(names: string[]) => Promise<void>> = [];
  private readonly appeared: Array<(names: string[]) => void> = [];

  constructor(options: AppStoreOptions) {
    this.handle = options.db;
    this.logger = options.logger.child({ component: "apps-registry" });
    this.external = watchWrites(options.db);
    this.db = options.db.withTables<{ apps: AppsTable }>();
    this.reloads = new BackgroundLoads(
      () => this.load(),
      (_, err) => {
        this.logger.error({ err }, "reloading the apps registry failed: serving the previous one, and retrying on the next read");
        this.retry = true;
      },
    );
  }

  /** Reads the registry into memory; awaited once before the first read, and after each write here. */
  async load(): Promise<void> {
    const load = ++this.started;
    const rows = await this.db.selectFrom("apps").select(["id", "name", "team_id", "created_at", "updated_at"]).orderBy("name").execute();
    await this.show(load, rows.map(toRow));
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

  /** Every app's name as the database holds it now, past the snapshot (which may not show another node's create yet). */
  async storedNames(): Promise<string[]> {
    const rows = await this.db.selectFrom("apps").select("name").execute();
    return rows.map((row) => row.name);
  }

  count(): number {
    return this.registry().all.length;
  }

  /**
   * Inserts the row, creates the app's storage (`steps.storage`, in the same transaction) and moves
   * its folder into place (`steps.files`), in one transaction. A name already taken fails on the
   * table's unique constraint, and nothing is inserted.
   */
  async insert(name: string, teamId: number | null, steps: AppSteps = NO_STEPS): Promise<AppRow> {
    const now = new Date().toISOString();
    const id = await this.write(async (apps, trx) => {
      const { id } = await apps.insertInto("apps").values({ name, team_id: teamId, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      await steps.storage(trx);
      steps.files();
      return id;
    });
    return { id, name, teamId, createdAt: now, updatedAt: now };
  }

  async touch(id: number): Promise<void> {
    await this.write((apps) => apps.updateTable("apps").set({ updated_at: new Date().toISOString() }).where("id", "=", id).execute());
  }

  /**
   * Removes the row, drops the app's storage (`steps.storage`) and moves its folder away
   * (`steps.files`) in one transaction. The row leaves the snapshot in the same synchronous step as
   * its folder leaves: no request finds the app in between, which would open its database again
   * where the folder was.
   */
  async remove(id: number, steps: AppSteps = NO_STEPS): Promise<void> {
    await this.write(async (apps, trx) => {
      await apps.deleteFrom("apps").where("id", "=", id).execute();
      await steps.storage(trx);
      steps.files();
      void this.show(++this.started, (this.cached?.all ?? []).filter((app) => app.id !== id));
    });
  }

  /** One transaction, then the registry is read again before the write resolves. */
  private async write<T>(run: (apps: Kysely<{ apps: AppsTable }>, trx: SqlDb) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.handle.transaction().execute((trx) => run(trx.withTables<{ apps: AppsTable }>(), trx));
    } catch (err) {
      // Rolled back: `remove` may have shown its change already, so the next read reloads.
      this.retry = true;
      throw err;
    }
    announceWrite(this.handle);
    await this.load();
    return result;
  }

  /**
   * Told the names of apps a reload found that the previous snapshot did not have (another node
   * created them); the reload resolves once every listener has (they read those apps' config).
   */
  onAdded(listener: (names: string[]) => Promise<void>): void {
    this.added.push(listener);
  }

  /** Told the same names once the registry shows them (after the `onAdded` listeners). */
  onShown(listener: (names: string[]) => void): void {
    this.appeared.push(listener);
  }

  /**
   * For an app (by name or id) this node does not know, which another node may have created a
   * moment ago (a snapshot served stale would answer 404 for an app that exists): awaits a reload
   * another process's write asked for, then, if the app is still missing, asks the database for it
   * alone (its notice may still be on its way) and reads the registry again when it is there.
   */
  async fresh(app: { readonly name: string } | { readonly id: number }): Promise<void> {
    const known = () => ("name" in app ? this.findByName(app.name) : this.findById(app.id));
    this.reloadIfStale();
    await this.reloads.settled(REGISTRY);
    // Only a name or id an app may have is asked for (no NUL or other text PostgreSQL would refuse, no id past BIGINT).
    if (known() || ("name" in app ? !APP_NAME.test(app.name) : !Number.isSafeInteger(app.id) || app.id < 1)) return;
    const row = this.db.selectFrom("apps").select("id");
    if (!(await ("name" in app ? row.where("name", "=", app.name) : row.where("id", "=", app.id)).executeTakeFirst())) return;
    this.retry = true;
    this.reloadIfStale();
    await this.reloads.settled(REGISTRY);
  }

  private async show(load: number, all: readonly AppRow[]): Promise<void> {
    if (load < this.shown) return;
    this.shown = load;
    const before = this.cached;
    const added = before ? all.filter((app) => !before.byName.has(app.name)).map((app) => app.name) : [];
    if (added.length > 0) await Promise.all(this.added.map((listener) => listener(added)));
    if (load < this.shown) return;
    this.cached = registryOf(all);
    if (added.length > 0) for (const listener of this.appeared) listener(added);
  }

  private registry(): Registry {
    if (!this.cached) throw new Error("the apps registry was read before load()");
    this.reloadIfStale();
    return this.cached;
  }

  /** Another process wrote (or a reload failed, or a write rolled back): read again, serving the previous snapshot until then. */
  private reloadIfStale(): void {
    if (!this.external.happened() && !this.retry) return;
    this.retry = false;
    this.reloads.request(REGISTRY);
  }
}

/** The name of an app secret; a plugin's secret config field is `plugin.<id>.<field>`. */
export type AppSecretName = "s3.key" | "s3.secret" | "callbacks.secret" | "mqtt.password" | "media_server.secret" | `plugin.${string}.${string}`;

interface SecretsTable {
  name: AppSecretName;
  value: string;
  updated_at: string;
}

/**
 * One app's `secrets` table, in its own database, one per handle (`secretRows(db)`). Values are
 * stored as the caller sealed them; this store never sees a plaintext. `AppSecrets` keeps what it
 * read in memory, and asks `changedElsewhere` whether another process wrote since.
 */
export class SecretRows {
  private readonly db: Kysely<{ secrets: SecretsTable }>;
  private readonly handle: SqlDb;
  private readonly external: WriteWatch;

  constructor(db: SqlDb) {
    this.handle = db;
    this.external = watchWrites(db);
    this.db = db.withTables<{ secrets: SecretsTable }>();
  }

  /** Every stored secret, sealed, by name. */
  async all(): Promise<{ name: AppSecretName; value: string }[]> {
    return this.db.selectFrom("secrets").select(["name", "value"]).orderBy("name").execute();
  }

  /** True once after another process wrote to this database. */
  changedElsewhere(): boolean {
    return this.external.happened();
  }

  async put(name: AppSecretName, sealed: string, at: string): Promise<void> {
    await this.db
      .insertInto("secrets")
      .values({ name, value: sealed, updated_at: at })
      .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: eb.ref("excluded.updated_at") })))
      .execute();
    announceWrite(this.handle);
  }

  async remove(name: AppSecretName): Promise<void> {
    await this.db.deleteFrom("secrets").where("name", "=", name).execute();
    announceWrite(this.handle);
  }
}

export const secretRows = perDatabase((db: SqlDb) => new SecretRows(db));
