/**
 * The PostgreSQL and the Redis a bench compares the SQLite service against, started as the tests
 * start theirs (test/helpers), and what they did over a window: each statement PostgreSQL ran for
 * the service's database (pg_stat_statements counts a statement as it ends, so a window's count is
 * exact, unlike pg_stat_database, whose counters backends publish up to 10 s late), the CPU of the
 * whole cluster, and Redis's commands and CPU. A bench's own queries go to other databases and
 * connections, so they are not counted.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { startPostgres, type TestPostgres } from "../../test/helpers/postgres.ts";
import { startRedis, type TestRedis } from "../../test/helpers/redis.ts";
import { processTreeSeconds } from "./proc-cpu.ts";

/** What the backing services had done by a moment: diff two of them for a window. */
export interface BackingSample {
  /** Calls per statement text, for the watched database. */
  readonly statements: ReadonlyMap<string, number>;
  readonly postgresCpuSeconds: number;
  readonly redisCommands: number;
  readonly redisCpuSeconds: number;
}

/** A window's growth of a sample. */
export interface BackingWindow {
  readonly statements: ReadonlyMap<string, number>;
  readonly statementCount: number;
  readonly postgresCpuSeconds: number;
  readonly redisCommands: number;
  readonly redisCpuSeconds: number;
}

const redisInfoField = (info: string, name: string): number => {
  const value = new RegExp(`^${name}:([0-9.]+)\\r?$`, "m").exec(info)?.[1];
  if (value === undefined) throw new Error(`no ${name} in Redis INFO`);
  return Number(value);
};

export class Backing {
  private constructor(
    readonly postgres: TestPostgres,
    readonly redis: TestRedis,
    /** On the cluster's `postgres` database, where the extension is. */
    private readonly admin: pg.Client,
    private readonly redisAdmin: { info(): Promise<string>; close(): Promise<void> },
    private readonly postmasterPid: number,
  ) {}

  static async start(): Promise<Backing> {
    const [postgres, redis] = await Promise.all([startPostgres({ shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" }), startRedis()]);
    const admin = new pg.Client({ connectionString: postgres.url });
    const redisAdmin = createClient({ url: redis.url });
    try {
      await admin.connect();
      await admin.query("CREATE EXTENSION pg_stat_statements");
      const dataDir = (await admin.query<{ data_directory: string }>("SHOW data_directory")).rows[0]?.data_directory ?? "";
      // The first line of postmaster.pid is the postmaster's pid; every backend is its child.
      const postmasterPid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      await redisAdmin.connect();
      const info = () => redisAdmin.sendCommand<string>(["INFO"]);
      return new Backing(postgres, redis, admin, { info, close: () => redisAdmin.close() }, postmasterPid);
    } catch (err) {
      await admin.end().catch(() => undefined);
      if (redisAdmin.isOpen) redisAdmin.destroy();
      await Promise.all([postgres.stop(), redis.stop()]);
      throw err;
    }
  }

  /** Everything done so far for `databaseUrl` (one made by `postgres.database()`), and by Redis. */
  async sample(databaseUrl: string): Promise<BackingSample> {
    const database = new URL(databaseUrl).pathname.slice(1);
    const { rows } = await this.admin.query<{ query: string; calls: number }>(
      "SELECT s.query, s.calls::float8 AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1",
      [database],
    );
    const statements = new Map<string, number>();
    for (const { query, calls } of rows) statements.set(query, (statements.get(query) ?? 0) + calls);
    const info = await this.redisAdmin.info();
    return {
      statements,
      postgresCpuSeconds: processTreeSeconds(this.postmasterPid),
      redisCommands: redisInfoField(info, "total_commands_processed"),
      redisCpuSeconds: redisInfoField(info, "used_cpu_user") + redisInfoField(info, "used_cpu_sys"),
    };
  }

  async stop(): Promise<void> {
    await Promise.all([this.admin.end().catch(() => undefined), this.redisAdmin.close().catch(() => undefined)]);
    await Promise.all([this.postgres.stop(), this.redis.stop()]);
  }
}

/** What happened between two samples; the INFO that took `before` counts as one Redis command. */
export function windowOf(before: BackingSample, after: BackingSample): BackingWindow {
  const statements = growth(before.statements, after.statements);
  return {
    statements,
    statementCount: [...statements.values()].reduce((a, b) => a + b, 0),
    postgresCpuSeconds: after.postgresCpuSeconds - before.postgresCpuSeconds,
    redisCommands: after.redisCommands - before.redisCommands - 1,
    redisCpuSeconds: after.redisCpuSeconds - before.redisCpuSeconds,
  };
}

/** How much each count grew between two readings; counts that did not grow are left out. */
export function growth(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): Map<string, number> {
  const grew = new Map<string, number>();
  for (const [key, n] of after) {
    const by = n - (before.get(key) ?? 0);
    if (by > 0) grew.set(key, by);
  }
  return grew;
}

/** The statements of a window that ran most, as `calls x text` lines, each text on one line and cut short. */
export function topStatements(statements: ReadonlyMap<string, number>, per: number, count = 5): string[] {
  return [...statements]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([query, calls]) => `${(calls / per).toFixed(3)} x ${query.replace(/\s+/g, " ").slice(0, 110)}`);
}
