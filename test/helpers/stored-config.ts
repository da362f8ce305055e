import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SqlDb } from "../../src/db/sql.ts";
import type { TestServer } from "./server.ts";

/**
 * What an app's config looks like where it is stored, read past the API: `config.yaml` and
 * `config-backups/` in the app's folder (SQLite), or the `config` and `config_backups` tables of
 * its schema (PostgreSQL).
 */

type ConfigTables = {
  config: { id: number; text: string; updated_at: string };
  config_backups: { seq: number; ts: string; text: string; size: number };
};

const onPostgres = (server: TestServer): boolean => server.app.databases.dialect === "postgres";
const tables = (server: TestServer, app: string) => (server.app.databases.appSql(app) as SqlDb).withTables<ConfigTables>();
const appFolder = (server: TestServer, app: string) => path.join(server.dataDir, "apps", app);

/** The stored text, exactly. */
export async function storedConfig(server: TestServer, app: string): Promise<string> {
  if (!onPostgres(server)) return readFileSync(path.join(appFolder(server, app), "config.yaml"), "utf8");
  const row = await tables(server, app).selectFrom("config").select("text").where("id", "=", 1).executeTakeFirstOrThrow();
  return row.text;
}

/** An operator's edit past the API (an editor on the file, or SQL on the row): no node is told. */
export async function storeConfigByHand(server: TestServer, app: string, text: string): Promise<void> {
  if (!onPostgres(server)) return writeFileSync(path.join(appFolder(server, app), "config.yaml"), text);
  await tables(server, app).updateTable("config").set({ text }).where("id", "=", 1).execute();
}

/** The stored backups' names, sorted: the files in config-backups/, or the rows' `ts`. */
export async function storedBackups(server: TestServer, app: string): Promise<string[]> {
  if (!onPostgres(server)) {
    const dir = path.join(appFolder(server, app), "config-backups");
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  }
  const rows = await tables(server, app).selectFrom("config_backups").select("ts").execute();
  return rows.map((r) => `${r.ts}.yaml`).sort();
}

/** The config and every backup, as stored: where a secret must never be. */
export async function storedConfigTexts(server: TestServer, app: string): Promise<string[]> {
  if (!onPostgres(server)) {
    const dir = path.join(appFolder(server, app), "config-backups");
    return [await storedConfig(server, app), ...(await storedBackups(server, app)).map((f) => readFileSync(path.join(dir, f), "utf8"))];
  }
  const rows = await tables(server, app).selectFrom("config_backups").select("text").execute();
  return [await storedConfig(server, app), ...rows.map((r) => r.text)];
}
