/**
 * The backends comparison's table, notes and verdicts. CPU per request counts the service and,
 * on PostgreSQL, the cluster's processes and Redis: a path that moved its work into the database
 * would otherwise look cheaper than it is.
 */
import { topStatements, type BackingWindow } from "../shared/backing.ts";
import type { LoadResult } from "./load.ts";
import { boundOf, cpuMicrosPerRequest } from "./report.ts";

/** What one side did over a measured run besides answering. */
export interface Watched {
  /** Wall seconds between the two samples. */
  readonly seconds: number;
  /** Runs of each SQLite statement text. */
  readonly sqlite: ReadonlyMap<string, number>;
  /** PostgreSQL and Redis, on the sides that use them. */
  readonly backing?: BackingWindow;
}

export type WatchedResult = LoadResult & { readonly watched: Watched };

export interface BackendRow {
  readonly label: string;
  /** Served from caches: the goal applies, and no statement may run on the request path. */
  readonly cached: boolean;
  readonly result: WatchedResult;
  /** SQLite's run of the same scenario; absent on SQLite's own row. */
  readonly baseline?: WatchedResult;
}

/**
 * A statement text that ran at least this often per request is on the request path. The
 * background (each app's outbox sweep every 2 s, heartbeats, VOD checks) runs each of its texts a
 * few dozen times a second at most, a few hundredths per request at the rates measured here,
 * while a request-path statement runs about once per request.
 */
const REQUEST_PATH = 0.1;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const perRequest = (r: WatchedResult, n: number) => n / Math.max(r.requests, 1);
const besideSeconds = (r: WatchedResult) => (r.watched.backing ? r.watched.backing.postgresCpuSeconds + r.watched.backing.redisCpuSeconds : 0);

/** The statements of `runs` on the request path, and how many of them one request ran. */
function requestPath(r: WatchedResult, runs: ReadonlyMap<string, number>): { perRequest: number; texts: ReadonlyMap<string, number> } {
  const texts = new Map([...runs].filter(([, n]) => perRequest(r, n) >= REQUEST_PATH));
  return { perRequest: perRequest(r, [...texts.values()].reduce((a, b) => a + b, 0)), texts };
}
const sqlitePath = (r: WatchedResult) => requestPath(r, r.watched.sqlite);
const postgresPath = (r: WatchedResult) => requestPath(r, r.watched.backing?.statements ?? new Map());

/** Cores PostgreSQL and Redis used over the row's window. */
export const besideCores = (r: WatchedResult): number => besideSeconds(r) / Math.max(r.watched.seconds, 1e-3);

/** Service, PostgreSQL and Redis CPU per request, in microseconds. */
const totalMicros = (r: WatchedResult) => cpuMicrosPerRequest(r) + perRequest(r, besideSeconds(r)) * 1e6;

export function renderBackendTable(rows: readonly BackendRow[]): string {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "err/non2xx", "vs sqlite", "service µs/req", "pg+redis µs/req", "total µs/req", "vs sqlite per cpu", "sqlite stmts/req", "pg stmts/req", "redis cmds/req", "service cpu", "bound"];
  const body = rows.map(({ label, result: r, baseline: b }) => [
    label,
    r.rps.toFixed(0),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    `${r.errors}/${r.non2xx}`,
    b ? pct(r.rps / b.rps) : "-",
    cpuMicrosPerRequest(r).toFixed(1),
    (perRequest(r, besideSeconds(r)) * 1e6).toFixed(1),
    totalMicros(r).toFixed(1),
    b ? pct(totalMicros(b) / totalMicros(r)) : "-",
    sqlitePath(r).perRequest.toFixed(2),
    r.watched.backing ? postgresPath(r).perRequest.toFixed(2) : "-",
    r.watched.backing ? perRequest(r, r.watched.backing.redisCommands).toFixed(2) : "-",
    `${pct(r.server.mainThread)}/${pct(r.server.process)}`,
    boundOf(r),
  ]);
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

export const BACKEND_LEGEND = [
  "vs sqlite: req/s over SQLite's; vs sqlite per cpu: SQLite's total µs/req over this row's (above 100% = cheaper than SQLite)",
  "service µs/req: the service process; pg+redis µs/req: the PostgreSQL cluster's processes and redis-server; total: both",
  "sqlite stmts/req: statements the service ran on SQLite (counted in its process); pg stmts/req: statements PostgreSQL ran for",
  `  the service's database (pg_stat_statements, BEGIN/COMMIT included); both on the request path only: texts that ran >= ${REQUEST_PATH} per request`,
  "redis cmds/req: every command Redis processed over the window, per request",
  "service cpu: main thread / whole process, 100% = one core; bound: whose main thread was saturated (client = autocannon)",
].join("\n");

/** A side's background: what it ran with no request at all. */
export function idleNote(side: string, w: Watched): string {
  const rate = (n: number) => (n / Math.max(w.seconds, 1e-3)).toFixed(0);
  const sqlite = [...w.sqlite.values()].reduce((a, b) => a + b, 0);
  const postgres = w.backing
    ? `, ${rate(w.backing.statementCount)} PostgreSQL statements/s (${topStatements(w.backing.statements, w.seconds, 2).join("; ")}), ${rate(w.backing.redisCommands)} Redis commands/s`
    : "";
  return `note: ${side} idle for ${w.seconds.toFixed(1)} s: ${rate(sqlite)} SQLite statements/s${postgres}`;
}

/** The statements each row ran on its request path, most frequent first. */
export function statementNotes(rows: readonly BackendRow[]): string[] {
  return rows.flatMap(({ label, result: r }) => {
    const texts = [...sqlitePath(r).texts, ...postgresPath(r).texts];
    if (texts.length === 0) return [];
    return [`note: ${label}, statements per request:`, ...topStatements(new Map(texts), r.requests, 4).map((s) => `        ${s}`)];
  });
}

/** Issue 32's goal on each cached path, and the write path's ratio for the record. */
export function judgeBackends(rows: readonly BackendRow[], goal: number): string[] {
  return rows.map(({ label, cached, result: r, baseline: b }) => {
    const sqlite = sqlitePath(r).perRequest;
    const pg = postgresPath(r).perRequest;
    const statements = `${sqlite.toFixed(2)} SQLite + ${pg.toFixed(2)} PostgreSQL statements per request`;
    const untouched = sqlite === 0 && pg === 0;
    if (!b) return `${label}: ${statements}${cached ? (untouched ? ", none on the request path: PASS" : ": the cached path touches the database: FAIL") : ""}`;
    const rps = r.rps / b.rps;
    const cpu = totalMicros(b) / totalMicros(r);
    const ratios = `${pct(rps)} of SQLite's req/s, ${pct(cpu)} of its requests per CPU (service + PostgreSQL + Redis)`;
    if (!cached) return `${label}: ${ratios}, ${statements} (writes; no goal)`;
    const pass = untouched && rps >= goal && cpu >= goal;
    return `${label}: ${ratios}, goal ${pct(goal)}; ${statements}${untouched ? "" : " (the cached path touches the database)"}: ${pass ? "PASS" : "FAIL"}`;
  });
}
