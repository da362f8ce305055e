import type { Logger } from "pino";
import { PostgresDatabases } from "./postgres-databases.ts";
import { SqliteDatabases } from "./sqlite-databases.ts";

/**
 * Where the service's durable state lives (docs/storage.md): SQLite files in the data dir, or a
 * PostgreSQL database shared by every node; `dialect` tells them apart where one has what the
 * other lacks (files, queries on schemas).
 */
export type Databases = SqliteDatabases | PostgresDatabases;

export type { DatabasesContract } from "./contract.ts";

export interface DatabasesOptions {
  readonly dataDir: string;
  /** SERVICE_DATABASE_URL: PostgreSQL when set. */
  readonly url: string | undefined;
  readonly logger: Logger;
}

/** Opens (and migrates) the configured backend. */
export async function openDatabases(options: DatabasesOptions): Promise<Databases> {
  if (options.url === undefined) return new SqliteDatabases({ dataDir: options.dataDir, logger: options.logger });
  return PostgresDatabases.open({ url: options.url, logger: options.logger });
}
