import { fileURLToPath } from "node:url";
import { migrate, readMigrations } from "../db/migrator.ts";
import type { Statement } from "better-sqlite3";
import { openDatabase, type Db } from "../db/open.ts";

const MIGRATIONS = fileURLToPath(new URL("../db/migrations/logs/", import.meta.url));

/** One stored line: pino's level number, the app it is about (if any), its source and message. */
export interface LogRow {
  readonly ts: string;
  readonly level: number;
  readonly app: string | null;
  readonly source: string;
  readonly msg: string;
  readonly meta: string | null;
}

/** A query of the store; `apps` (when set) limits it to those apps' lines. */
export interface LogQuery {
  readonly apps?: readonly string[];
  readonly app?: string;
  readonly minLevel?: number;
  readonly source?: string;
  readonly q?: string;
  readonly since?: string;
  readonly until?: string;
  /** Only lines before this position in the order (`ts`, then `id`, both descending). */
  readonly olderThan?: { readonly ts: string; readonly id: number };
  readonly limit: number;
  readonly offset: number;
}

/** Rows deleted per statement when pruning, so one prune never holds the writer for long. */
const PRUNE_BATCH = 5000;

/**
 * Free text as an FTS5 query: every word quoted (quotes inside doubled), all required, so a
 * user's `q` is never FTS syntax (`AND`, `NEAR`, `*`, `"`, `:`) and never a syntax error.
 */
export function ftsQuery(q: string): string | undefined {
  const words = q.split(/\s+/).filter((w) => w !== "");
  return words.length === 0 ? undefined : words.map((w) => `"${w.replace(/"/g, '""')}"`).join(" ");
}

/**
 * The log store: its own SQLite file (`logs.db`), written and read only by the log-store worker
 * thread, so neither a burst of lines nor a slow full-text query ever runs on the event loop.
 */
export class LogStore {
  private readonly db: Db;
  private readonly insertRow;
  private readonly queries = new Map<string, { rows: Statement<unknown[]>; count: Statement<unknown[]> }>();
  private readonly pruneBefore;
  private readonly pruneBeyond;

  constructor(file: string) {
    this.db = openDatabase(file);
    migrate(this.db, readMigrations(MIGRATIONS), file);
    this.insertRow = this.db.prepare<[string, number, string | null, string, string, string | null]>(
      "INSERT INTO logs (ts, level, app, source, msg, meta) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.pruneBefore = this.db.prepare<[string, number]>("DELETE FROM logs WHERE id IN (SELECT id FROM logs WHERE ts < ? ORDER BY id LIMIT ?)");
    // Everything older than the newest `maxRows` lines, a batch at a time.
    this.pruneBeyond = this.db.prepare<[number, number]>(
      "DELETE FROM logs WHERE id IN (SELECT id FROM logs WHERE id <= (SELECT id FROM logs ORDER BY id DESC LIMIT 1 OFFSET ?) ORDER BY id LIMIT ?)",
    );
  }

  append(rows: readonly LogRow[]): void {
    this.db.transaction(() => {
      for (const r of rows) this.insertRow.run(r.ts, r.level, r.app, r.source, r.msg, r.meta);
    })();
  }

  /** Newest first (by `ts`, then `id`), with the number of matching lines. */
  query(f: LogQuery): { rows: (LogRow & { id: number })[]; total: number } {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (f.apps) {
      where.push(`app IN (${f.apps.map(() => "?").join(", ") || "NULL"})`);
      args.push(...f.apps);
    }
    if (f.app !== undefined) (where.push("app = ?"), args.push(f.app));
    if (f.minLevel !== undefined) (where.push("level >= ?"), args.push(f.minLevel));
    if (f.source !== undefined) (where.push("source = ?"), args.push(f.source));
    const match = f.q === undefined ? undefined : ftsQuery(f.q);
    if (match !== undefined) (where.push("id IN (SELECT rowid FROM logs_fts WHERE logs_fts MATCH ?)"), args.push(match));
    if (f.since !== undefined) (where.push("ts >= ?"), args.push(f.since));
    if (f.until !== undefined) (where.push("ts <= ?"), args.push(f.until));
    if (f.olderThan !== undefined) (where.push("(ts, id) < (?, ?)"), args.push(f.olderThan.ts, f.olderThan.id));
    const filter = where.length === 0 ? "" : `WHERE ${where.join(" AND ")}`;
    // One prepared pair per filter shape (which conditions are present): a handful in practice.
    let prepared = this.queries.get(filter);
    if (!prepared) {
      prepared = {
        rows: this.db.prepare<unknown[]>(`SELECT id, ts, level, app, source, msg, meta FROM logs ${filter} ORDER BY ts DESC, id DESC LIMIT ? OFFSET ?`),
        count: this.db.prepare<unknown[]>(`SELECT count(*) FROM logs ${filter}`).pluck(),
      };
      this.queries.set(filter, prepared);
    }
    const rows = prepared.rows.all(...args, f.limit, f.offset) as (LogRow & { id: number })[];
    const total = prepared.count.get(...args) as number;
    return { rows, total };
  }

  /** Drops lines older than `before` and beyond the newest `maxRows`, in batches; answers how many went. */
  prune(before: string, maxRows: number): number {
    let removed = 0;
    for (let n = PRUNE_BATCH; n === PRUNE_BATCH; removed += n) n = this.pruneBefore.run(before, PRUNE_BATCH).changes;
    for (let n = PRUNE_BATCH; n === PRUNE_BATCH; removed += n) n = this.pruneBeyond.run(maxRows, PRUNE_BATCH).changes;
    return removed;
  }

  close(): void {
    this.db.close();
  }
}
