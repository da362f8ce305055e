import type { Problem } from "../lib/problem.ts";
import type { SqlDb } from "./sql.ts";

/**
 * What both backends offer. Stores see only `sql` and `appSql`; the rest is for the apps registry
 * (creating and dropping an app's storage), readiness, and shutdown.
 */
export interface DatabasesContract {
  readonly dialect: "sqlite" | "postgres";
  /** The global tables. */
  readonly sql: SqlDb;
  readonly instanceId: string;
  /** True when this start created the global tables. */
  readonly fresh: boolean;
  /** One app's tables; throws `AppUnavailableError` when they cannot be used. */
  appSql(name: string): SqlDb;
  /** Why the app's tables cannot be used, as the API answers it; undefined when they can. */
  availability(name: string): Problem | undefined;
  /**
   * Creates a new app's storage inside the registry's transaction `trx`: a database file in the
   * app's `staging` folder (SQLite), or the app's schema (PostgreSQL).
   */
  createApp(name: string, at: { readonly staging: string; readonly trx: SqlDb }): Promise<void>;
  /** Drops an app's storage inside the registry's transaction that removes it (PostgreSQL's schema). */
  dropApp(name: string, trx: SqlDb): Promise<void>;
  /** Lets go of what is held open for the app (before its storage goes). */
  closeApp(name: string): void;
  /** The bytes the app's tables take. */
  appBytes(name: string): Promise<number>;
  /**
   * Messages from one node to another over the database the nodes share (PostgreSQL's
   * LISTEN/NOTIFY). On SQLite there is no other node, so nothing is ever sent or heard.
   */
  readonly messages: NodeMessages;
  /** Whether the database answers a query now (readiness). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** A short message to one node: delivered at most once, and lost when that node is not listening. */
export interface NodeMessages {
  tell(node: string, body: string): Promise<void>;
  /** Hands every message addressed to `node` (this one) to `handler`. */
  listen(node: string, handler: (body: string) => void): void;
}
