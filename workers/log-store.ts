/**
 * Pool task file of the log store, on its one thread: the store (an SQLite file with a full-text
 * index) is written in batches and queried here, so a burst of log lines or a slow search never
 * runs on the event loop. The open store is kept for the thread's life.
 */
import { LogStore, type LogQuery, type LogRow } from "../src/logs/store.ts";

const stores = new Map<string, LogStore>();

function store(file: string): LogStore {
  let open = stores.get(file);
  if (!open) {
    open = new LogStore(file);
    stores.set(file, open);
  }
  return open;
}

export function append(input: { file: string; rows: readonly LogRow[] }): number {
  store(input.file).append(input.rows);
  return input.rows.length;
}

export function query(input: { file: string; query: LogQuery }): ReturnType<LogStore["query"]> {
  return store(input.file).query(input.query);
}

export function prune(input: { file: string; before: string; maxRows: number }): number {
  return store(input.file).prune(input.before, input.maxRows);
}

/** Closes the store (shutdown, or a test that reopens the file). */
export function close(input: { file: string }): void {
  stores.get(input.file)?.close();
  stores.delete(input.file);
}

export type LogStoreTasks = { append: typeof append; query: typeof query; prune: typeof prune; close: typeof close };
