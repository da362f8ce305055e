/**
 * The timeline's read routes over real HTTP, one request at a time on one keep-alive connection
 * (a person scrubbing a camera's day: latency, not throughput), each request for a camera and a
 * range picked at random (seeded) so that no two in a row read the same pages. Every query runs on
 * the fleet's app and, as its baseline, on an app of one camera and one day on the same server;
 * the queries take turns request by request, so a change in the machine's load falls on all alike.
 */
import { Pool } from "undici";
import { runSeconds } from "../plugins/sched-cpu.ts";
import { LatencyRecorder } from "../shared/latency.ts";
import { cameraName, fleetStartMs, random, type Fleet } from "./rows.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A day is about 1,435 segments: offset 1000 at the default limit of 500 is its last page. */
const LAST_PAGE_OFFSET = 1000;
const MONTH_DAYS = 30;
const WARMUP_REQUESTS = 10;

/** An app the queries read, with a token of its own. */
export interface QueryApp {
  readonly fleet: Fleet;
  readonly token: string;
}

interface Query {
  readonly name: string;
  /** The route's path and query for one request on `fleet`, its camera and range drawn from `rand`. */
  readonly path: (fleet: Fleet, rand: () => number) => string;
}

/** A range of `spanMs` starting on a whole minute drawn within the fleet's rows. */
function within(fleet: Fleet, spanMs: number, rand: () => number): { since: string; until: string } {
  const start = fleetStartMs(fleet);
  const minutes = Math.max(0, Math.floor((fleet.endMs - spanMs - start) / 60_000));
  const since = start + Math.floor(rand() * (minutes + 1)) * 60_000;
  return { since: new Date(since).toISOString(), until: new Date(since + spanMs).toISOString() };
}

const camera = (fleet: Fleet, rand: () => number) => `/api/v1/apps/${fleet.app}/cameras/${cameraName(Math.floor(rand() * fleet.cameras))}`;
const qs = (params: Readonly<Record<string, string | number>>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

export const QUERIES: readonly Query[] = [
  { name: "timeline, a day (first page)", path: (f, r) => `${camera(f, r)}/timeline?${qs(within(f, DAY_MS, r))}` },
  { name: "timeline, an hour", path: (f, r) => `${camera(f, r)}/timeline?${qs(within(f, HOUR_MS, r))}` },
  { name: "timeline, a day (last page)", path: (f, r) => `${camera(f, r)}/timeline?${qs({ ...within(f, DAY_MS, r), offset: LAST_PAGE_OFFSET })}` },
  { name: "events, a day", path: (f, r) => `${camera(f, r)}/events?${qs(within(f, DAY_MS, r))}` },
  {
    name: `events, ${MONTH_DAYS} days, label person`,
    path: (f, r) => `${camera(f, r)}/events?${qs({ since: new Date(f.endMs - MONTH_DAYS * DAY_MS).toISOString(), until: new Date(f.endMs).toISOString(), label: "person" })}`,
  },
  // The floor: an authenticated read of one row, on the same server and token.
  { name: "GET /apps/{app} (floor)", path: (f) => `/api/v1/apps/${f.app}` },
];

export interface QueryFigures {
  readonly query: string;
  readonly app: string;
  readonly requests: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** The first answer's `total` and entries: that the query read what it should. */
  readonly total: number | undefined;
  readonly entries: number | undefined;
  readonly bytes: number;
  /** The service's CPU per request (all its threads, from schedstat): what the answer cost it, however loaded the machine. */
  readonly cpuMs: number;
}

class Timed {
  readonly recorder = new LatencyRecorder();
  requests = 0;
  bytes = 0;
  cpuSeconds = 0;
  total: number | undefined;
  entries: number | undefined;
  max = 0;
}

/** `requests` of each query on each app, interleaved, to the service `pid` at `base`; throws on any answer but 200. */
export async function timeQueries(base: string, pid: number, apps: readonly QueryApp[], requests: number, seed = 34): Promise<QueryFigures[]> {
  const pool = new Pool(base, { connections: 1, pipelining: 1 });
  const rand = random(seed);
  const timed = new Map<string, Timed>();
  const key = (q: Query, a: QueryApp) => `${q.name}\u0000${a.fleet.app}`;
  try {
    const once = async (q: Query, a: QueryApp, t: Timed | undefined) => {
      const path = q.path(a.fleet, rand);
      const cpu0 = runSeconds(pid);
      const started = performance.now();
      const res = await pool.request({ method: "GET", path, headers: { authorization: `Bearer ${a.token}` } });
      const body = Buffer.from(await res.body.arrayBuffer());
      const ms = performance.now() - started;
      const cpu = runSeconds(pid) - cpu0;
      if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${body.toString("utf8").slice(0, 500)}`);
      if (!t) return;
      t.recorder.record(ms);
      t.max = Math.max(t.max, ms);
      t.cpuSeconds += cpu;
      t.bytes += body.length;
      if (t.requests++ === 0) {
        const parsed = JSON.parse(body.toString("utf8")) as { data?: unknown; total?: number };
        t.total = parsed.total;
        t.entries = Array.isArray(parsed.data) ? parsed.data.length : undefined;
      }
    };
    for (let i = 0; i < WARMUP_REQUESTS; i++) for (const a of apps) for (const q of QUERIES) await once(q, a, undefined);
    for (const a of apps) for (const q of QUERIES) timed.set(key(q, a), new Timed());
    for (let i = 0; i < requests; i++) for (const a of apps) for (const q of QUERIES) await once(q, a, timed.get(key(q, a)));
  } finally {
    await pool.close();
  }
  return apps.flatMap((a) =>
    QUERIES.map((q) => {
      const t = timed.get(key(q, a)) ?? new Timed();
      const r = t.recorder;
      return { query: q.name, app: a.fleet.app, requests: t.requests, p50: r.percentile(50), p95: r.percentile(95), p99: r.percentile(99), max: t.max, total: t.total, entries: t.entries, bytes: t.requests > 0 ? t.bytes / t.requests : 0, cpuMs: t.requests > 0 ? (t.cpuSeconds * 1000) / t.requests : 0 };
    }),
  );
}
