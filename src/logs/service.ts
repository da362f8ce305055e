import type { Logger } from "pino";
import type { LogStoreTasks } from "../../workers/log-store.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import { STANDARD_LOG_FIELDS, type LogLevelName, type LogRecord } from "../logging.ts";
import { cursorOf, type LogLine, type LogPosition, type LogsQuery } from "./schemas.ts";
import type { LogQuery, LogRow } from "./store.ts";

export type { LogLine };

const LEVEL_NUMBERS: Record<LogLevelName, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const LEVEL_NAMES = new Map(Object.entries(LEVEL_NUMBERS).map(([name, n]) => [n, name]));

/**
 * Lines that stay out of the store: mail without SMTP is logged for the operator with its sign-in
 * links and invite codes (the 0600 log file keeps them), and the store's own lines would feed it.
 */
const EXCLUDED_SOURCES = new Set(["mail", "log-store"]);

/** A batch is flushed this long after its first line, or at once when this many are waiting. */
const FLUSH_MS = 250;
const BATCH = 2000;
/** Lines waiting beyond this (the store far behind a flood) are dropped and counted. */
const MAX_WAITING = 200_000;
const META_MAX = 2000;

export interface LogSinkOptions {
  readonly pool: TaskPool<LogStoreTasks>;
  /** The store's file (`<dataDir>/logs.db`). */
  readonly file: string;
  /** This node's id (SERVICE_NODE_ID): the store holds this node's lines alone, so each line names it. */
  readonly node: string;
  readonly maxAgeMs: number;
  readonly maxRows: number;
  readonly logger: Logger;
}

/** The line as a row: its source is the logger's `source` or `component`, its extra fields `meta`. */
function toRow(r: LogRecord): LogRow | undefined {
  const source = String(r.source ?? r["component"] ?? "service");
  if (EXCLUDED_SOURCES.has(source)) return undefined;
  const extra: Record<string, unknown> = {};
  let any = false;
  for (const key in r) {
    if (STANDARD_LOG_FIELDS.has(key)) continue;
    extra[key] = r[key];
    any = true;
  }
  const meta = any ? JSON.stringify(extra) : null;
  return {
    ts: r.time,
    level: LEVEL_NUMBERS[r.level] ?? 30,
    app: typeof r.app === "string" ? r.app : null,
    source: source.slice(0, 100),
    msg: String(r.msg ?? ""),
    meta: meta !== null && meta.length > META_MAX ? JSON.stringify({ truncated: meta.slice(0, META_MAX) }) : meta,
  };
}

/**
 * `before` as a bound on this node's lines: the cluster-wide order is `ts`, then `node`, then
 * `id`, each descending, so at the cursor's own instant a node named before the cursor's comes
 * after it (all of its lines of that instant), one named after it before it (none), and the
 * cursor's own node continues below the cursor's id.
 */
function olderThan(before: LogPosition, node: string): LogQuery["olderThan"] {
  if (node === before.node) return { ts: before.ts, id: before.id };
  return { ts: before.ts, id: node < before.node ? Number.MAX_SAFE_INTEGER : 0 };
}

/**
 * The log store's front (SPEC 4.7 `/logs`): every line the logger writes is turned into a row here
 * (cheap: the line is parsed once already for subscribers) and waits in memory; batches go to the
 * store's worker thread (`workers/log-store.ts`), which writes them in one transaction each, so
 * the event loop only ever hands rows over. Queries and pruning (by age and by row count) run on
 * that thread too.
 */
export class LogSink {
  private waiting: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Lines dropped because too many were waiting. */
  dropped = 0;
  private readonly log: Logger;

  constructor(private readonly o: LogSinkOptions) {
    this.log = o.logger.child({ component: "log-store" });
  }

  /** The logging subscriber. */
  record(record: LogRecord): void {
    if (this.closed) return;
    const row = toRow(record);
    if (!row) return;
    if (this.waiting.length >= MAX_WAITING) {
      this.dropped++;
      return;
    }
    this.waiting.push(row);
    if (this.waiting.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Hands every waiting line to the store, a batch at a time; resolves once they are written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // `finally` runs as a microtask, after the assignment: with nothing waiting, drain() settles
    // at once, and clearing `flushing` synchronously inside it would leave a settled promise here
    // that no later flush could replace (the store then silently stopped taking lines).
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
      // Lines that came while the last batch was being written and found the flush still open.
      if (this.waiting.length > 0 && !this.closed) this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, BATCH);
      await this.o.pool.run("append", { file: this.o.file, rows: batch }).catch((err: Error) => {
        this.dropped += batch.length;
        this.log.error({ err: err.message, lines: batch.length }, "log lines not stored");
      });
    }
  }

  /** The store's lines after `q.before` in the cluster-wide order, as this node's part of it. */
  async query(q: Omit<LogsQuery, "scope"> & { apps?: readonly string[] }): Promise<{ data: LogLine[]; total: number }> {
    const node = this.o.node;
    const query: LogQuery = {
      apps: q.apps,
      app: q.app,
      minLevel: q.level === undefined ? undefined : LEVEL_NUMBERS[q.level],
      source: q.source,
      q: q.q,
      since: q.since === undefined ? undefined : new Date(q.since).toISOString(),
      until: q.until === undefined ? undefined : new Date(q.until).toISOString(),
      olderThan: q.before === undefined ? undefined : olderThan(q.before, node),
      limit: q.limit,
      offset: q.offset,
    };
    const { rows, total } = await this.o.pool.run("query", { file: this.o.file, query });
    const data = rows.map((r) => ({
      id: r.id,
      node,
      ts: r.ts,
      level: LEVEL_NAMES.get(r.level) ?? "info",
      app: r.app,
      source: r.source,
      message: r.msg,
      meta: r.meta === null ? null : (JSON.parse(r.meta) as Record<string, unknown>),
      cursor: cursorOf({ ts: r.ts, node, id: r.id }),
    }));
    return { data, total };
  }

  /** Drops lines beyond the retention (age, then count). */
  async prune(): Promise<void> {
    const before = new Date(Date.now() - this.o.maxAgeMs).toISOString();
    const removed = await this.o.pool.run("prune", { file: this.o.file, before, maxRows: this.o.maxRows });
    if (removed > 0) this.log.debug({ removed }, "old log lines pruned");
  }

  /** Writes what is waiting, then lets the store go. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.o.pool.run("close", { file: this.o.file });
  }
}
