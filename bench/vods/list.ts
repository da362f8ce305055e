/**
 * `GET /apps/{app}/vods` over many rows: the app's database is filled through the store the
 * recordings use, in one transaction, then each filter shape of SPEC 4.12 is asked for in turn,
 * one request at a time (latency, not throughput), and its p50/p99 reported.
 */
import type { TestServer } from "../../test/helpers/server.ts";
import { LatencyRecorder } from "../shared/latency.ts";
import { sqliteOf } from "../../test/helpers/server.ts";

export interface ListFigures {
  readonly rows: number;
  readonly shapes: ReadonlyArray<{ readonly query: string; readonly p50Ms: number; readonly p99Ms: number; readonly total: number }>;
}

const ROOMS = 50;
const STATUSES = ["ready", "ready", "ready", "failed", "uploading"] as const;

export function seedVods(server: TestServer, app: string, rows: number): void {
  const db = sqliteOf(server.app).app(app);
  // Raw statements in one transaction: seeding a hundred thousand rows through the async store would time the seeding, not the list.
  const insert = db.prepare("INSERT INTO vods (room, egress_id, source, status, started_at, updated_at) VALUES (?, ?, 'camera', 'recording', ?, ?)");
  const setDone = db.prepare("UPDATE vods SET status = ?, size_bytes = ?, duration_s = ? WHERE id = ?");
  const start = Date.parse("2026-01-01T00:00:00Z");
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const startedAt = new Date(start + i * 60_000).toISOString();
      const id = Number(insert.run(`${app}-room-${i % ROOMS}`, `CR_bench_${i}`, startedAt, startedAt).lastInsertRowid);
      setDone.run(STATUSES[i % STATUSES.length], (i * 7919) % 500_000_000, 60 + (i % 600), id);
    }
  })();
}

export async function measureList(server: TestServer, app: string, rows: number, requests: number): Promise<ListFigures> {
  const base = Date.parse("2026-01-01T00:00:00Z");
  const mid = new Date(base + (rows / 2) * 60_000).toISOString();
  const later = new Date(base + (rows / 2 + 5000) * 60_000).toISOString();
  const shapes = [
    "",
    `?room=${app}-room-7`,
    "?status=failed",
    `?since=${mid}&until=${later}`,
    "?order=size_bytes&dir=desc",
    "?order=started_at&dir=asc&offset=90000",
    `?room=${app}-room-7&status=ready&order=started_at`,
  ];
  const out: Array<{ query: string; p50Ms: number; p99Ms: number; total: number }> = [];
  for (const query of shapes) {
    const latency = new LatencyRecorder();
    let total = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const res = await server.request("GET", `/api/v1/apps/${app}/vods${query}`, { token: server.rootToken });
      latency.record(performance.now() - started);
      if (res.status !== 200) throw new Error(`GET vods${query} answered ${res.status}: ${res.text}`);
      total = (res.json as { total: number }).total;
    }
    out.push({ query: query || "(default: newest 200)", p50Ms: latency.percentile(50), p99Ms: latency.percentile(99), total });
  }
  return { rows, shapes: out };
}
