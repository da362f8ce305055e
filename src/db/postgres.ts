import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { MIGRATIONS_TABLE, pendingMigrations, type Migration } from "./migrator.ts";
import type { SqlDb } from "./sql.ts";

// PostgreSQL counts and BIGINT columns arrive as strings by default; every integer the service
// stores is far below 2^53, so rows read back as numbers, the same as from SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Connections one node keeps to PostgreSQL (requests and background work together). */
const POOL_SIZE = 10;

/**
 * The node's connections. An idle connection the server drops (a restart, a failover) is an
 * `error` event on the pool, which would end the process unheard: it is logged, and the pool
 * connects again on the next query.
 */
export function postgresPool(url: string, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on("error", (err) => logger.warn({ err: err.message }, "a PostgreSQL connection was lost; the next query reconnects"));
  return pool;
}

/** Kysely over the pool; the pool is the caller's to end (`pool.end()`, never the handle's destroy). */
export function postgresSql(pool: pg.Pool): SqlDb {
  return new Kysely<object>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The schema an app's tables live in: `app_` and its name with dashes as underscores. App names
 * are lowercase letters, digits and dashes (never underscores), so no two apps share a schema, and
 * the name needs no quoting.
 */
export function appSchema(app: string): string {
  if (!/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/.test(app)) throw new Error(`not an app name: ${JSON.stringify(app)}`);
  return `app_${app.replace(/-/g, "_")}`;
}

/**
 * Every node migrates under this one session-level advisory lock: whichever node starts first
 * applies what is pending while the others wait for it, then find nothing left to do.
 */
const MIGRATION_LOCK = 0x5e_c0_7e_32;

/** Runs `work` holding the migration lock on one connection of the pool. */
export async function underMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Applies pending migrations to one schema (`public` for the global tables, `appSchema(app)` for
 * an app's), each in its own transaction with its bookkeeping row: PostgreSQL's DDL is
 * transactional, so a failed migration leaves the schema at the previous version. Call it under
 * `underMigrationLock`.
 */
export async function migrateSchema(client: pg.PoolClient, schema: string, migrations: readonly Migration[], label: string): Promise<{ applied: number[] }> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await client.query(`SET search_path TO ${schema}`);
  try {
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
      "SELECT version, name, checksum FROM schema_migrations ORDER BY version",
    );
    const applied: number[] = [];
    for (const m of pendingMigrations(rows, migrations, label)) {
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query("INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES ($1, $2, $3, $4)", [
          m.version,
          m.name,
          m.checksum,
          new Date().toISOString(),
        ]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
      applied.push(m.version);
    }
    return { applied };
  } finally {
    await client.query("RESET search_path");
  }
}
