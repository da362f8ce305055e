import type { SqlDb } from "../../db/sql.ts";

/** Backups kept per app; older ones are pruned on each write. */
export const MAX_BACKUPS = 50;
/** A backup's name: the write's time to the millisecond, `-N` when several fall in one. */
export const BACKUP_TS = /^\d{8}T\d{9}Z(?:-\d{1,4})?$/;

export interface BackupInfo {
  readonly ts: string;
  readonly sizeBytes: number;
}

/** The `ts` a backup made at `now` is named after (before any `-N`). */
export function backupStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(".", "");
}

/**
 * Where each app's config text and its backups are kept: `config.yaml` files in the data dir
 * (SQLite), or tables of the app's schema (PostgreSQL, shared by every node). Callers serialize
 * writers per app (an `InTurn` per app); the text is stored exactly as given.
 */
export interface ConfigStorage {
  /** The stored text, or undefined when the app has none. */
  read(app: string): Promise<string | undefined>;
  /**
   * The text without waiting, where the storage can (files); absent where reads are asynchronous
   * (a database), so configs are read ahead instead.
   */
  readonly readNow?: (app: string) => string | undefined;
  /** Backs up the current text (when there is one) and stores the new one; answers the backup's `ts`. */
  write(app: string, text: string): Promise<string | undefined>;
  /** Newest first. */
  listBackups(app: string): Promise<BackupInfo[]>;
  readBackup(app: string, ts: string): Promise<string | undefined>;
  /**
   * Stores a new app's first config inside the registry's transaction `trx` that creates its
   * storage: in its staging folder (files), or its schema's table (PostgreSQL).
   */
  create(app: string, text: string, at: { readonly staging: string; readonly trx: SqlDb }): Promise<void>;
  /** True once after another node wrote the app's tables (files: never, a hand edit needs a reload). */
  changedElsewhere(app: string): boolean;
  /** Asks every other node to read the app's config again (a reload here of a text edited by hand). */
  readAgainElsewhere(app: string): void;
  /** Where the text lives and how an operator repairs it outside the API, for the 503 and the log. */
  place(app: string): { readonly where: string; readonly repair: string };
}
