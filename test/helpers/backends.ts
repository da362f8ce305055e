import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { after, describe } from "node:test";
import pino from "pino";
import { AppStore, type AppRow, type AppSteps } from "../../src/apps/store.ts";
import type { Databases } from "../../src/db/databases.ts";
import { PostgresDatabases } from "../../src/db/postgres-databases.ts";
import { SqliteDatabases } from "../../src/db/sqlite-databases.ts";
import { sharedPostgres } from "./postgres.ts";
import { tempDir } from "./temp.ts";

/**
 * Store-level tests on both backends (docs/storage.md): `describeEachBackend` runs a describe
 * block once on SQLite (a temp data dir) and once on PostgreSQL (a fresh database on a throwaway
 * cluster), so `npm test` checks every store on both dialects every time.
 */

export type Backend = "sqlite" | "postgres";

const logger = pino({ level: "silent" });

/** One test's state: a data dir, and on PostgreSQL a database of its own. */
export interface TestDatabases {
  readonly backend: Backend;
  /** Opened and migrated; closed after the describe block. */
  readonly databases: Databases;
  /** Node-local files (config files, staging folders); SQLite's databases too. */
  readonly dataDir: string;
  /** Another `Databases` on the same state, as a second process or node opens it. */
  again(): Promise<Databases>;
  /** Closes `dbs` now (a restart), instead of after the block. */
  close(dbs: Databases): Promise<void>;
  /** What `AppStore.insert` runs beside the row to give app `name` its storage, as `POST /apps` does. */
  creating(name: string): AppSteps;
  /** What `AppStore.remove` runs beside the row to drop app `name`'s storage, as `DELETE /apps` does. */
  removing(name: string): AppSteps;
  /** App `name` in the registry with its storage (file or schema), through an `AppStore` of its own. */
  registerApp(name: string, teamId?: number | null): Promise<AppRow>;
}

export interface BackendUnderTest {
  readonly name: Backend;
  /** A fresh, empty, migrated state. */
  open(): Promise<TestDatabases>;
}

/** The backend `startServer` runs on in this test run (`SERVICE_TEST_DATABASE`). */
export const serverBackend: Backend = process.env["SERVICE_TEST_DATABASE"] === "postgres" ? "postgres" : "sqlite";

/**
 * Test options for an integration test about SQLite's files themselves (damage, WAL, quick_check):
 * skipped, with the reason, when the suite runs on PostgreSQL, never passed in silence.
 */
export function sqliteOnly(why: string): { skip?: string } {
  return serverBackend === "sqlite" ? {} : { skip: `SQLite only (the suite runs on ${serverBackend}): ${why}` };
}

/** Runs `body` in a describe block per backend, titled `title (sqlite)` and `title (postgres)`. */
export function describeEachBackend(title: string, body: (backend: BackendUnderTest) => void): void {
  for (const name of ["sqlite", "postgres"] as const) {
    describe(`${title} (${name})`, () => {
      const open = new Set<Databases>();
      after(async () => {
        for (const dbs of open) await dbs.close();
        open.clear();
      });
      body({ name, open: () => openState(name, open) });
    });
  }
}

async function openState(backend: Backend, open: Set<Databases>): Promise<TestDatabases> {
  const dataDir = tempDir();
  const url = backend === "postgres" ? await (await sharedPostgres()).database() : undefined;
  const connect = async (): Promise<Databases> => {
    const dbs = url === undefined ? new SqliteDatabases({ dataDir, logger }) : await PostgresDatabases.open({ url, logger });
    open.add(dbs);
    return dbs;
  };
  const databases = await connect();
  const folder = (name: string) => path.join(dataDir, "apps", name);
  const creating = (name: string): AppSteps => {
    mkdirSync(folder(name), { recursive: true });
    return { storage: (trx) => databases.createApp(name, { staging: folder(name), trx }), files: () => {} };
  };
  return {
    backend,
    databases,
    dataDir,
    again: connect,
    async close(dbs) {
      open.delete(dbs);
      await dbs.close();
    },
    creating,
    removing: (name) => ({
      storage: (trx) => databases.dropApp(name, trx),
      files: () => {
        databases.closeApp(name);
        rmSync(folder(name), { recursive: true, force: true });
      },
    }),
    async registerApp(name, teamId = null) {
      const store = new AppStore({ db: databases.sql, logger });
      await store.load();
      return store.insert(name, teamId, creating(name));
    },
  };
}
