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
  readonly sqliteStatements: number;
  /** PostgreSQL and Redis, on the sides that use them. */
  readonly backing?: BackingWindow;
}

export type WatchedResult = LoadResult & { readonly watched: Watched };

export interface BackendRow {
  readonly label: string;
  readonly side: string;
  readonly scenario: string;
  /** Served from caches: the goal applies, and no statement may run per request. */
  readonly cached: boolean;
  readonly result: WatchedResult;
  /** The side's background over an idle window (no requests): subtracted before judging the request path. */
  readonly idle: Watched;
  /** SQLite's run of the same scenario; absent on SQLite's own row. */
  readonly baseline?: WatchedResult;
}

/**
 * Statements per request beyond the idle background that still count as none on the request path:
 * the background itself wobbles by a few per cent between windows.
 */
const NONE_PER_REQUEST = 0.002;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const perRequest = (r: WatchedResult, n: number) => n / Math.max(r.requests, 1);
const pgStatements = (w: Watched) => w.backing?.statementCount ?? 0;
const sqliteStatements = (w: Watched) => w.sqliteStatements;
/** Statements a run ran beyond its side's idle rate over as long a window, per request. */
const beyondIdle = (row: BackendRow, count: (w: Watched) => number) => {
  const background = (count(row.idle) / Math.max(row.idle.seconds, 1e-3)) * row.result.watched.seconds;
  return perRequest(row.result, Math.max(0, count(row.result.watched) - background));
};
const besideSeconds = (r: WatchedResult) => (r.watched.backing ? r.watched.backing.postgresCpuSeconds + r.watched.backing.redisCpuSeconds : 0);

/** Cores PostgreSQL and Redis used over the row's window. */
export const besideCores = (r: WatchedResult): number => besideSeconds(r) / Math.max(r.watched.seconds, 1e-3);

/** Service, PostgreSQL and Redis CPU per request, in microseconds. */
const totalMicros = (r: WatchedResult) => cpuMicrosPerRequest(r) + perRequest(r, besideSeconds(r)) * 1e6;

export function renderBackendTable(rows: readonly BackendRow[]): string {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "err/non2xx", "vs sqlite", "service µs/req", "pg+redis µs/req", "total µs/req", "vs sqlite per cpu", "sqlite stmts/req", "pg stmts/req", "redis cmds/req", "service cpu", "bound"];
  const body = rows.map((row) => {
    const { label, result: r, baseline: b } = row;
    return [
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
    beyondIdle(row, sqliteStatements).toFixed(3),
    r.watched.backing ? beyondIdle(row, pgStatements).toFixed(3) : "-",
    r.watched.backing ? perRequest(r, r.watched.backing.redisCommands).toFixed(3) : "-",
    `${pct(r.server.mainThread)}/${pct(r.server.process)}`,
    boundOf(r),
    ];
  });
  const all = [header, ...body];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

export const BACKEND_LEGEND = [
  "vs sqlite: req/s over SQLite's; vs sqlite per cpu: SQLite's total µs/req over this row's (above 100% = cheaper than SQLite)",
  "service µs/req: the service process; pg+redis µs/req: the PostgreSQL cluster's processes and redis-server; total: both",
  "sqlite stmts/req: statements the service ran on SQLite (counted in its process); pg stmts/req: statements PostgreSQL ran",
  "  for the service's database (pg_stat_statements, BEGIN/COMMIT included); both beyond the side's idle background (notes)",
  "redis cmds/req: Redis's commands processed over the window",
  "service cpu: main thread / whole process, 100% = one core; bound: whose main thread was saturated (client = autocannon)",
].join("\n");

/** A side's background: what it ran with no request at all. */
export function idleNote(side: string, w: Watched): string {
  const rate = (n: number) => (n / Math.max(w.seconds, 1e-3)).toFixed(0);
  const top = w.backing ? topStatements(w.backing, w.seconds, 3).map((s) => `; ${s.replace(" x ", "/s x ")}`).join("") : "";
  return `note: ${side} idle for ${w.seconds.toFixed(1)} s: ${rate(w.sqliteStatements)} SQLite statements/s${w.backing ? `, ${rate(w.backing.statementCount)} PostgreSQL statements/s, ${rate(w.backing.redisCommands)} Redis commands/s${top}` : ""}`;
}

/** What PostgreSQL ran during each of its rows, the most frequent statements first. */
export function statementNotes(rows: readonly BackendRow[]): string[] {
  return rows.flatMap(({ label, result: r }) => {
    const b = r.watched.backing;
    if (!b) return [];
    const head = `note: ${label}: PostgreSQL ran ${b.statementCount} statements for ${r.requests} requests in ${r.watched.seconds.toFixed(1)} s (per request:)`;
    return [head, ...topStatements(b, r.requests, 4).map((s) => `        ${s}`)];
  });
}

/** Issue 32's goal on each cached path, and the write path's ratio for the record. */
export function judgeBackends(rows: readonly BackendRow[], goal: number): string[] {
  return rows.map((row) => {
    const { label, cached, result: r, baseline: b } = row;
    const sqlite = beyondIdle(row, sqliteStatements);
    const pg = beyondIdle(row, pgStatements);
    const statements = `${sqlite.toFixed(3)} SQLite + ${pg.toFixed(3)} PostgreSQL statements per request beyond the idle background`;
    const untouched = sqlite < NONE_PER_REQUEST && pg < NONE_PER_REQUEST;
    if (!b) return `${label}: ${statements}${cached ? (untouched ? ", none on the request path: PASS" : ": the cached path touches the database: FAIL") : ""}`;
    const rps = r.rps / b.rps;
    const cpu = totalMicros(b) / totalMicros(r);
    const ratios = `${pct(rps)} of SQLite's req/s, ${pct(cpu)} of its requests per CPU (service + PostgreSQL + Redis)`;
    if (!cached) return `${label}: ${ratios}, ${statements} (writes; no goal)`;
    const pass = untouched && rps >= goal && cpu >= goal;
    return `${label}: ${ratios}, goal ${pct(goal)}; ${statements}${untouched ? "" : " (touches the database)"}: ${pass ? "PASS" : "FAIL"}`;
  });
}
