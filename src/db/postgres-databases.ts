import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type pg from "pg";
import type { Logger } from "pino";
import type { Migration } from "./migrator.ts";
import { appSchema, migrateSchema, postgresPool, postgresSql, underMigrationLock } from "./postgres.ts";
import { installMigrations, postgresMigrations } from "./postgres-install.ts";
import type { DbHealth, DbSizes } from "../../workers/db-maintenance.ts";
import type { DatabasesContract, NodeMessages } from "./contract.ts";
import type { SqlDb } from "./sql.ts";
import { PostgresWriteFeed } from "./postgres-feed.ts";
import { registerWriteFeed } from "./writes.ts";

export interface PostgresDatabasesOptions {
  readonly url: string;
  readonly logger: Logger;
}

/**
 * Durable state in PostgreSQL: the global tables in the database's default schema, each app's
 * tables in a schema of its own (`appSchema`), the mapping of SQLite's file per app. An app's
 * schema is created and migrated inside the transaction that registers the app, and dropped inside
 * the one that removes it, so the registry and the schemas never disagree.
 */
export class PostgresDatabases implements DatabasesContract {
  readonly dialect = "postgres" as const;
  readonly files = undefined;
  private readonly handles = new Map<string, SqlDb>();
  private readonly optimizing = new Set<string>();

  private constructor(
    private readonly pool: pg.Pool,
    readonly sql: SqlDb,
    readonly instanceId: string,
    /** True when this start created the global tables: an empty database. */
    readonly fresh: boolean,
    private readonly appMigrations: readonly Migration[],
    private readonly feed: PostgresWriteFeed,
  ) {}

  get messages(): NodeMessages {
    return this.feed;
  }

  /**
   * Connects and, under the cluster-wide migration lock, brings the global schema and every app's
   * schema up to this build (a node starting beside a migrating one waits, then finds nothing to do).
   */
  static async open(options: PostgresDatabasesOptions): Promise<PostgresDatabases> {
    const log = options.logger.child({ component: "db" });
    const pool = postgresPool(options.url, log);
    const handle = postgresSql(pool);
    const feed = new PostgresWriteFeed(options.url, pool, log);
    try {
      const { global: globals, app: apps } = postgresMigrations();
      const { fresh, instanceId } = await underMigrationLock(pool, async (client) => {
        const { applied } = await migrateSchema(client, "public", globals, "PostgreSQL global schema");
        if (applied.length > 0) log.info({ applied }, "migrated the global schema");
        await client.query("INSERT INTO instance (id, instance_id, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING", [
          randomUUID(),
          new Date().toISOString(),
        ]);
        const { rows } = await client.query<{ instance_id: string }>("SELECT instance_id FROM instance WHERE id = 1");
        const names = await client.query<{ name: string }>("SELECT name FROM apps ORDER BY name");
        for (const { name } of names.rows) {
          const app = await migrateSchema(client, appSchema(name), apps, `schema of app ${name}`);
          if (app.applied.length > 0) log.info({ app: name, applied: app.applied }, "migrated an app schema");
        }
        return { fresh: applied.includes(1), instanceId: rows[0]?.instance_id ?? "" };
      });
      await feed.start();
      registerWriteFeed(handle, feed.scope("global"));
      return new PostgresDatabases(pool, handle, instanceId, fresh, apps, feed);
    } catch (err) {
      await feed.close();
      await pool.end();
      throw err;
    }
  }

  /** The app's tables: the same handle each time, its queries qualified with the app's schema. */
  appSql(name: string): SqlDb {
    let handle = this.handles.get(name);
    if (handle === undefined) {
      handle = this.sql.withSchema(appSchema(name));
      registerWriteFeed(handle, this.feed.scope(`app:${name}`));
      this.handles.set(name, handle);
    }
    return handle;
  }

  /** An app's schema never fails on its own: the whole database does, which `/ready` reports. */
  availability(): undefined {
    return undefined;
  }

  /**
   * Creates the app's schema with every app migration, inside `trx` (the transaction that inserts
   * its registry row): a name already taken fails the whole transaction, and nothing is left over.
   */
  async createApp(name: string, { trx }: { readonly trx: SqlDb }): Promise<void> {
    const schema = appSchema(name);
    await sql.raw(`CREATE SCHEMA ${schema}`).execute(trx);
    await installMigrations(trx, schema, this.appMigrations);
    await sql`INSERT INTO ${sql.table(`${schema}.app_meta`)} (id, app_name, created_at) VALUES (1, ${name}, ${new Date().toISOString()})`.execute(trx);
  }

  /** Drops the app's schema and everything in it, inside `trx` (the transaction that removes its row). */
  async dropApp(name: string, trx: SqlDb): Promise<void> {
    await sql.raw(`DROP SCHEMA IF EXISTS ${appSchema(name)} CASCADE`).execute(trx);
    this.handles.delete(name);
  }

  appBytes(name: string): Promise<number> {
    return this.schemaBytes(appSchema(name));
  }

  /** A schema's tables with their indexes and TOAST. */
  private async schemaBytes(schema: string): Promise<number> {
    const { rows } = await this.pool.query<{ bytes: number }>(
      "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'",
      [schema],
    );
    return rows[0]?.bytes ?? 0;
  }

  /**
   * What `GET .../db/health` reports of a schema (`public`, or an app's): PostgreSQL has no
   * `quick_check` (its checksums and amcheck are the operator's), so `integrity` is `ok` once the
   * schema answers; sizes are its tables' and indexes', in pages of the server's block size.
   */
  async health(app?: string): Promise<DbHealth> {
    const schema = app === undefined ? "public" : appSchema(app);
    const [bytes, version, block] = await Promise.all([
      this.schemaBytes(schema),
      this.pool.query<{ v: number }>(`SELECT coalesce(max(version), 0) AS v FROM ${schema}.schema_migrations`),
      this.pool.query<{ block_size: string }>("SHOW block_size"),
    ]);
    const pageSize = Number(block.rows[0]?.block_size ?? 8192);
    return {
      file: `postgresql schema ${schema}`,
      integrity: "ok",
      schemaVersion: version.rows[0]?.v ?? 0,
      pageSize,
      pageCount: Math.ceil(bytes / pageSize),
      freelistCount: 0,
      fileBytes: bytes,
      walBytes: 0,
    };
  }

  /**
   * `VACUUM (ANALYZE)` of the app's tables: reclaims dead rows and refreshes the planner's
   * statistics without locking out readers or writers, so the app stays online throughout.
   * Answers undefined while this node optimizes the app already.
   */
  async optimize(app: string): Promise<{ before: DbSizes; after: DbSizes } | undefined> {
    if (this.optimizing.has(app)) return undefined;
    this.optimizing.add(app);
    try {
      return await this.vacuum(appSchema(app));
    } finally {
      this.optimizing.delete(app);
    }
  }

  private async vacuum(schema: string): Promise<{ before: DbSizes; after: DbSizes }> {
    const sizes = async (): Promise<DbSizes> => {
      const bytes = await this.schemaBytes(schema);
      return { fileBytes: bytes, walBytes: 0, pageCount: Math.ceil(bytes / 8192), freelistCount: 0 };
    };
    const before = await sizes();
    const { rows } = await this.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY tablename", [schema]);
    for (const { tablename } of rows) await this.pool.query(`VACUUM (ANALYZE) ${schema}.${tablename}`);
    return { before, after: await sizes() };
  }

  closeApp(name: string): void {
    this.handles.delete(name);
  }

  /** Whether the database answers now (readiness). */
  async reachable(): Promise<boolean> {
    try {
      await this.pool.query("SELECT 1");
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.handles.clear();
    await this.feed.close();
    await this.pool.end();
  }
}
