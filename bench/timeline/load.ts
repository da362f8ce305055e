/**
 * Writes a fleet's rows (rows.ts) straight into an app's database while its service runs, as fast
 * as each backend takes them: SQLite through the app's own file (WAL, so the service's readers go
 * on; one transaction per day and batch of cameras), PostgreSQL into the app's schema with one
 * `INSERT ... SELECT FROM unnest(...)` per batch (a statement per 10,000-odd rows, not per row).
 * The schema is the service's, made by its migrations when the app was created.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { appSchema } from "../../src/db/postgres.ts";
import { cameraDay, type CameraDay, type EventFields, type Fleet, type SegmentFields } from "./rows.ts";

/** Cameras per batch: 10 camera-days are about 14,400 segments. */
const CAMERAS_PER_BATCH = 10;

export interface Loaded {
  readonly segments: number;
  readonly events: number;
  readonly seconds: number;
}

/** The fleet's camera-days in batches, oldest day first (the order the service writes them in, near enough). */
function* batches(fleet: Fleet): Generator<CameraDay[]> {
  for (let day = 0; day < fleet.days; day++) {
    for (let first = 0; first < fleet.cameras; first += CAMERAS_PER_BATCH) {
      const batch: CameraDay[] = [];
      for (let c = first; c < Math.min(fleet.cameras, first + CAMERAS_PER_BATCH); c++) batch.push(cameraDay(fleet, c, day));
      yield batch;
    }
  }
}

const SEGMENT_COLUMNS = ["room", "started_at", "ended_at", "bytes", "codec", "width", "height", "local_path", "node", "object_key", "created_at"] as const satisfies ReadonlyArray<keyof SegmentFields>;
const EVENT_COLUMNS = ["room", "kind", "label", "score", "box", "started_at", "ended_at", "thumbnail_path", "node", "created_at"] as const satisfies ReadonlyArray<keyof EventFields>;

const insertSql = (table: string, columns: readonly string[], values: string): string => `INSERT INTO ${table} (${columns.join(", ")}) ${values}`;

/** Into the app's SQLite file (`<data dir>/apps/<app>/app.db`); the service keeps it open meanwhile. */
export function loadSqlite(file: string, fleet: Fleet, progress: (day: number) => void): Loaded {
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 10000");
    // This connection's own: a large page cache for the index inserts, and no fsync per batch (a crash only loses bench rows).
    db.pragma("cache_size = -262144");
    db.pragma("synchronous = OFF");
    const placeholders = (columns: readonly string[]) => `VALUES (${columns.map(() => "?").join(", ")})`;
    const segment = db.prepare(insertSql("timeline_segments", SEGMENT_COLUMNS, placeholders(SEGMENT_COLUMNS)));
    const event = db.prepare(insertSql("timeline_events", EVENT_COLUMNS, placeholders(EVENT_COLUMNS)));
    const counts = { segments: 0, events: 0 };
    const write = db.transaction((batch: CameraDay[]) => {
      for (const { segments, events } of batch) {
        for (const row of segments) segment.run(SEGMENT_COLUMNS.map((c) => row[c]));
        for (const row of events) event.run(EVENT_COLUMNS.map((c) => row[c]));
        counts.segments += segments.length;
        counts.events += events.length;
      }
    });
    const started = performance.now();
    let n = 0;
    const perDay = Math.ceil(fleet.cameras / CAMERAS_PER_BATCH);
    for (const batch of batches(fleet)) {
      write(batch);
      if (++n % perDay === 0) progress(n / perDay);
    }
    db.pragma("wal_checkpoint(TRUNCATE)");
    return { ...counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    db.close();
  }
}

/** `unnest` of one array parameter per column, each cast to its column's type. */
function unnestValues(columns: readonly string[], types: Readonly<Record<string, string>>): string {
  return `SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${types[c] ?? "text"}[]`).join(", ")})`;
}

const PG_TYPES: Readonly<Record<string, string>> = { bytes: "bigint", width: "bigint", height: "bigint", score: "float8" };

function columnsOf<R, K extends keyof R>(rows: readonly R[], columns: readonly K[]): unknown[][] {
  return columns.map((c) => rows.map((r) => r[c]));
}

/**
 * Into the app's schema on PostgreSQL, then `VACUUM (ANALYZE)` of both tables: what autovacuum
 * does after a load this size, done here so that it is settled before anything is timed, not
 * halfway through. The vacuum matters as much as the statistics: until the visibility map is set,
 * an index-only scan reads the heap too (a fleet's table written over 30 days has been vacuumed).
 */
export async function loadPostgres(databaseUrl: string, fleet: Fleet, progress: (day: number) => void): Promise<Loaded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const schema = appSchema(fleet.app);
    const segments = insertSql(`${schema}.timeline_segments`, SEGMENT_COLUMNS, unnestValues(SEGMENT_COLUMNS, PG_TYPES));
    const events = insertSql(`${schema}.timeline_events`, EVENT_COLUMNS, unnestValues(EVENT_COLUMNS, PG_TYPES));
    const counts = { segments: 0, events: 0 };
    const started = performance.now();
    let n = 0;
    const perDay = Math.ceil(fleet.cameras / CAMERAS_PER_BATCH);
    for (const batch of batches(fleet)) {
      const segmentRows = batch.flatMap((d) => d.segments);
      const eventRows = batch.flatMap((d) => d.events);
      await client.query(segments, columnsOf(segmentRows, SEGMENT_COLUMNS));
      await client.query(events, columnsOf(eventRows, EVENT_COLUMNS));
      counts.segments += segmentRows.length;
      counts.events += eventRows.length;
      if (++n % perDay === 0) progress(n / perDay);
    }
    await client.query(`VACUUM (ANALYZE) ${schema}.timeline_segments, ${schema}.timeline_events`);
    return { ...counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
