import type { Generated, Kysely } from "kysely";
import { perDatabase } from "../../db/per-database.ts";
import type { Databases } from "../../db/databases.ts";
import { appSchema } from "../../db/postgres.ts";
import type { SqlDb } from "../../db/sql.ts";
import { announceWrite, watchWrites, type WriteWatch } from "../../db/writes.ts";
import { BACKUP_TS, backupStamp, MAX_BACKUPS, type BackupInfo, type ConfigStorage } from "./storage.ts";

type ConfigTables = {
  config: { id: number; text: string; updated_at: string };
  config_backups: { seq: Generated<number>; ts: string; text: string; size: number };
};

/** One app's `config` and `config_backups` tables (PostgreSQL), one per handle (`configRows(db)`). */
class ConfigRows {
  private readonly db: Kysely<ConfigTables>;
  private readonly external: WriteWatch;

  constructor(private readonly handle: SqlDb) {
    this.db = handle.withTables<ConfigTables>();
    this.external = watchWrites(handle);
  }

  async text(): Promise<string | undefined> {
    const row = await this.db.selectFrom("config").select("text").where("id", "=", 1).executeTakeFirst();
    return row?.text;
  }

  /**
   * In one transaction: the current row locked (a writer on another node waits here), copied to a
   * new backup, the new text stored, and backups past the newest MAX_BACKUPS pruned.
   */
  async write(text: string, now: Date): Promise<string | undefined> {
    const ts = await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("config").select("text").where("id", "=", 1).forUpdate().executeTakeFirst();
      const backup = current === undefined ? undefined : await backUp(trx, current.text, now);
      await trx
        .insertInto("config")
        .values({ id: 1, text, updated_at: now.toISOString() })
        .onConflict((oc) => oc.column("id").doUpdateSet((eb) => ({ text: eb.ref("excluded.text"), updated_at: eb.ref("excluded.updated_at") })))
        .execute();
      return backup;
    });
    announceWrite(this.handle);
    return ts;
  }

  async backups(): Promise<BackupInfo[]> {
    const rows = await this.db.selectFrom("config_backups").select(["ts", "size"]).orderBy("seq", "desc").execute();
    return rows.map((r) => ({ ts: r.ts, sizeBytes: r.size }));
  }

  async backup(ts: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("config_backups").select("text").where("ts", "=", ts).executeTakeFirst();
    return row?.text;
  }

  /** True once after another node wrote to the app's tables (any of them: a reload tells which). */
  changedElsewhere(): boolean {
    return this.external.happened();
  }

  /** Every other node's next read of the app's tables reads them again, as after a write here. */
  announce(): void {
    announceWrite(this.handle);
  }
}

/** Copies `text` to a new backup named after `now` (`-N` when the name is taken); prunes the oldest. */
async function backUp(trx: Kysely<ConfigTables>, text: string, now: Date): Promise<string> {
  const base = backupStamp(now);
  const taken = new Set((await trx.selectFrom("config_backups").select("ts").where("ts", "like", `${base}%`).execute()).map((r) => r.ts));
  let ts = base;
  for (let n = 1; taken.has(ts); n++) ts = `${base}-${n}`;
  await trx.insertInto("config_backups").values({ ts, text, size: Buffer.byteLength(text) }).execute();
  const kept = trx.selectFrom("config_backups").select("seq").orderBy("seq", "desc").limit(MAX_BACKUPS);
  await trx.deleteFrom("config_backups").where("seq", "not in", kept).execute();
  return ts;
}

const configRows = perDatabase((db: SqlDb) => new ConfigRows(db));

/**
 * The PostgreSQL backend's config storage: each app's text and backups in tables of its schema,
 * shared by every node. Reads are asynchronous, so the config service reads every app ahead and
 * reloads one when `changedElsewhere` says another node wrote its tables.
 */
export class DatabaseConfigs implements ConfigStorage {
  constructor(private readonly databases: Databases) {}

  read(app: string): Promise<string | undefined> {
    return this.rows(app).text();
  }

  write(app: string, text: string): Promise<string | undefined> {
    return this.rows(app).write(text, new Date());
  }

  listBackups(app: string): Promise<BackupInfo[]> {
    return this.rows(app).backups();
  }

  async readBackup(app: string, ts: string): Promise<string | undefined> {
    return BACKUP_TS.test(ts) ? this.rows(app).backup(ts) : undefined;
  }

  /** The app's schema exists only inside `trx` until it commits, so the row goes in through it. */
  async create(app: string, text: string, { trx }: { readonly trx: SqlDb }): Promise<void> {
    await trx
      .withSchema(appSchema(app))
      .withTables<ConfigTables>()
      .insertInto("config")
      .values({ id: 1, text, updated_at: new Date().toISOString() })
      .execute();
  }

  changedElsewhere(app: string): boolean {
    return this.rows(app).changedElsewhere();
  }

  readAgainElsewhere(app: string): void {
    this.rows(app).announce();
  }

  place(app: string): { where: string; repair: string } {
    return { where: `table config of schema ${appSchema(app)}`, repair: `restore the text in table config of schema ${appSchema(app)}, then POST /api/v1/apps/${app}/reload` };
  }

  private rows(app: string): ConfigRows {
    return configRows(this.databases.appSql(app));
  }
}
