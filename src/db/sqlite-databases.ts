import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { Problem } from "../lib/problem.ts";
import { AppUnavailableError, appUnavailableProblem, type FailedCheck } from "./app-unavailable.ts";
import { migrate, MigrationError, readMigrations, type Migration } from "./migrator.ts";
import { openDatabase, type Db } from "./open.ts";
import type { DatabasesContract, NodeMessages } from "./contract.ts";
import { sqliteSql, type SqlDb } from "./sql.ts";

const MIGRATIONS = fileURLToPath(new URL("./migrations/", import.meta.url));

/** App names are slugs; checked again here because they become file paths. */
const APP_NAME = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export interface SqliteDatabasesOptions {
  readonly dataDir: string;
  readonly logger: Logger;
}

/**
 * The global database (`<data>/service.db`) and one database per app
 * (`<data>/apps/<name>/app.db`), the latter opened on first use and cached until closed.
 */
export class SqliteDatabases implements DatabasesContract {
  readonly dialect = "sqlite" as const;
  readonly global: Db;
  /** The global database as stores query it (`sql.ts`). */
  readonly sql: SqlDb;
  readonly instanceId: string;
  /** True when this start created the global database: an empty data dir. */
  readonly fresh: boolean;
  private readonly apps = new Map<string, Db>();
  private readonly appHandles = new Map<string, SqlDb>();
  /** Apps whose database is closed while `maintain` runs. */
  private readonly maintained = new Map<string, AppUnavailableError>();
  /** Apps whose database was refused, with why; kept until restart (or the app's deletion). */
  private readonly unavailable = new Map<string, AppUnavailableError>();
  private readonly appMigrations: readonly Migration[];
  private readonly log: Logger;

  constructor(private readonly options: SqliteDatabasesOptions) {
    this.log = options.logger.child({ component: "db" });
    // Owner-only: the data dir holds password hashes, sessions and sealed secrets.
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    this.appMigrations = readMigrations(path.join(MIGRATIONS, "app"));
    const file = path.join(options.dataDir, "service.db");
    this.global = openDatabase(file);
    try {
      const { applied } = migrate(this.global, readMigrations(path.join(MIGRATIONS, "global")), file);
      if (applied.length > 0) this.log.info({ file, applied }, "migrated global database");
      this.fresh = applied.includes(1);
      this.sql = sqliteSql(this.global);
      this.instanceId = this.ensureInstance();
    } catch (err) {
      this.global.close();
      throw err;
    }
  }

  /**
   * The app's database, opened, checked and migrated on first use. One that SQLite cannot open,
   * that fails `PRAGMA quick_check`, or that our migrations refuse throws `AppUnavailableError`,
   * now and on every later call until the process restarts: that app is down, every other app
   * runs, and the file is left exactly as it was for the operator.
   */
  app(name: string): Db {
    const cached = this.apps.get(name);
    if (cached) return cached;
    const known = this.unavailable.get(name) ?? this.maintained.get(name);
    if (known) throw known;
    if (!APP_NAME.test(name)) throw new Error(`not an app name: ${JSON.stringify(name)}`);
    const file = this.appDbPath(name);
    mkdirSync(path.dirname(file), { recursive: true });
    let db: Db | undefined;
    let check: FailedCheck = "open";
    try {
      db = openDatabase(file);
      check = "quick_check";
      const integrity = db.pragma("quick_check(1)", { simple: true });
      if (integrity !== "ok") throw new Error(String(integrity));
      check = "migrate";
      const { applied } = migrate(db, this.appMigrations, file);
      if (applied.length > 0) this.log.info({ app: name, file, applied }, "migrated app database");
      this.claim(db, name, file);
    } catch (err) {
      db?.close();
      throw this.refuse(name, file, check, err);
    }
    this.apps.set(name, db);
    return db;
  }

  /**
   * The app's database as stores query it: one handle per open database (the same until the app
   * is closed), refused like `app`.
   */
  appSql(name: string): SqlDb {
    const db = this.app(name);
    let handle = this.appHandles.get(name);
    if (handle === undefined) {
      handle = sqliteSql(db);
      this.appHandles.set(name, handle);
    }
    return handle;
  }

  /** The files behind the handles, for the maintenance only SQLite has. */
  get files(): SqliteDatabases {
    return this;
  }

  /**
   * Creates a new app's database in `staging` (the app's folder, renamed into place later in the
   * registry's transaction), migrated and claimed for `name`, and closes it.
   */
  async createApp(name: string, at: { readonly staging: string }): Promise<void> {
    const file = path.join(at.staging, "app.db");
    const db = openDatabase(file);
    try {
      migrate(db, this.appMigrations, file);
      this.claim(db, name, file);
    } finally {
      db.close();
    }
  }

  /** Nothing to do in the registry's transaction: the apps service moves the app's folder away. */
  async dropApp(): Promise<void> {}

  /** The app database's size on disk, with its WAL. */
  async appBytes(name: string): Promise<number> {
    const file = this.appDbPath(name);
    const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    return size(file) + size(`${file}-wal`);
  }

  appDbPath(name: string): string {
    return path.join(this.options.dataDir, "apps", name, "app.db");
  }

  /** Why the app's database cannot be used, as the API answers it; undefined when it opens. */
  availability(name: string): Problem | undefined {
    try {
      this.app(name);
      return undefined;
    } catch (err) {
      if (err instanceof AppUnavailableError) return appUnavailableProblem(err);
      throw err;
    }
  }

  /**
   * Runs `work` on the app's database file with this process's connection closed: until it
   * settles, every use of the app throws `AppUnavailableError` (check `maintenance`), so nothing
   * on the event loop can wait on the file's lock; the next use after it reopens and checks the
   * file again. Answers undefined when the app is already under maintenance.
   */
  async maintain<T>(name: string, work: (file: string) => Promise<T>): Promise<T | undefined> {
    if (this.maintained.has(name)) return undefined;
    this.app(name);
    this.maintained.set(name, new AppUnavailableError(name, "maintenance", "closed while it is optimized"));
    this.closeApp(name);
    try {
      return await work(this.appDbPath(name));
    } finally {
      this.maintained.delete(name);
    }
  }

  /** Whether the global database answers a query now (readiness). */
  /** One node has no one to tell: the service refuses a second node on this data (docs/storage.md). */
  readonly messages: NodeMessages = { tell: async () => undefined, listen: () => undefined };

  async reachable(): Promise<boolean> {
    try {
      await sql`SELECT 1`.execute(this.sql);
      return true;
    } catch {
      return false;
    }
  }

  /** Closes one app's handle, e.g. before its folder is removed. */
  closeApp(name: string): void {
    this.apps.get(name)?.close();
    this.apps.delete(name);
    this.appHandles.delete(name);
    this.unavailable.delete(name);
  }

  async close(): Promise<void> {
    this.closeNow();
  }

  /** `close` for the exits that cannot wait (a failed start). */
  closeNow(): void {
    for (const name of [...this.apps.keys()]) this.closeApp(name);
    this.global.close();
  }

  private ensureInstance(): string {
    this.global
      .prepare("INSERT OR IGNORE INTO instance (id, instance_id, created_at) VALUES (1, ?, ?)")
      .run(randomUUID(), new Date().toISOString());
    const row = this.global.prepare("SELECT instance_id FROM instance WHERE id = 1").get() as { instance_id: string };
    return row.instance_id;
  }

  private refuse(app: string, file: string, check: FailedCheck, err: unknown): AppUnavailableError {
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 300);
    const refused = new AppUnavailableError(app, check, detail);
    this.unavailable.set(app, refused);
    this.log.error(
      { app, file, check, detail },
      `the database of app ${app} failed its ${check} check: the app answers 503 app_unavailable while every other app runs, and its files are left untouched. ` +
        "Stop the service, restore this file from a backup (a copy with its -wal file, taken while the service was stopped), then start it again",
    );
    return refused;
  }

  private claim(db: Db, name: string, file: string): void {
    db.prepare("INSERT OR IGNORE INTO app_meta (id, app_name, created_at) VALUES (1, ?, ?)").run(
      name,
      new Date().toISOString(),
    );
    const row = db.prepare("SELECT app_name FROM app_meta WHERE id = 1").get() as { app_name: string };
    if (row.app_name !== name) {
      throw new MigrationError(`${file} belongs to app "${row.app_name}", not "${name}"`);
    }
  }
}
