import type { Generated, Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";

/** A continuous-recording segment of a camera room (app migration 0017; issue 34). */
export interface SegmentRow {
  readonly id: number;
  readonly room: string;
  /** ISO instants by the wall clock: when its first frame was filmed, and when its last ended. */
  readonly started_at: string;
  readonly ended_at: string;
  readonly bytes: number;
  /** ffmpeg's codec name: `h264`, `hevc`. */
  readonly codec: string;
  readonly width: number;
  readonly height: number;
  /** Its file on the node that wrote it (its name once uploaded: the file is then gone). */
  readonly local_path: string;
  readonly node: string;
  /** Its object in the app's bucket once uploaded (app migration 0018); null while it is only on its node. */
  readonly object_key: string | null;
  readonly created_at: string;
}

export type NewSegmentRow = Omit<SegmentRow, "id" | "created_at" | "object_key">;

/** What one app's segments add up to. */
export interface SegmentTotals {
  readonly segments: number;
  readonly bytes: number;
  /** When the oldest began; null with none. */
  readonly oldest: string | null;
}

/** Where a page of segments oldest first ends: the next page starts after it. */
export interface AgeCursor {
  readonly started_at: string;
  readonly id: number;
}

/** Which rows a node may prune: its own files, and with `objects` the uploaded segments of every node. */
export interface Prunable {
  readonly node: string;
  readonly objects: boolean;
}

/** `timeline_segments`; ids come from its autoincrement. */
interface SegmentsTable extends Omit<SegmentRow, "id"> {
  readonly id: Generated<number>;
}

type Tables = {
  timeline_segments: SegmentsTable;
};

const ROWS_PER_STATEMENT = 500;

/** One app's timeline rows (in its own database); use `timelineStore(db)`, one per handle. */
export class TimelineStore {
  private readonly db: Kysely<Tables>;

  constructor(db: SqlDb) {
    this.db = db.withTables<Tables>();
  }

  async add(row: NewSegmentRow, createdAt: string): Promise<SegmentRow> {
    return (await this.db
      .insertInto("timeline_segments")
      .values({ ...row, object_key: null, created_at: createdAt })
      .returningAll()
      .executeTakeFirstOrThrow()) as SegmentRow;
  }

  async uploaded(id: number, objectKey: string): Promise<void> {
    await this.db.updateTable("timeline_segments").set({ object_key: objectKey }).where("id", "=", id).execute();
  }

  /** Segments `node` wrote that are not uploaded, lowest id first, after `afterId`, at most `limit`. */
  async notUploaded(node: string | undefined, afterId: number, limit: number): Promise<SegmentRow[]> {
    let q = this.db.selectFrom("timeline_segments").selectAll().where("object_key", "is", null).where("id", ">", afterId);
    if (node !== undefined) q = q.where("node", "=", node);
    return (await q.orderBy("id").limit(limit).execute()) as SegmentRow[];
  }

  /**
   * The segments `who` may prune, of every room, oldest first (by start, then id) from after
   * `after`, at most `limit`; with `endedBefore`, only those that ended before it.
   */
  async oldest(who: Prunable | undefined, after: AgeCursor | undefined, limit: number, endedBefore?: string): Promise<SegmentRow[]> {
    let q = this.db.selectFrom("timeline_segments").selectAll();
    if (who) q = q.where((eb) => (who.objects ? eb.or([eb("node", "=", who.node), eb("object_key", "is not", null)]) : eb.and([eb("node", "=", who.node), eb("object_key", "is", null)])));
    if (after) q = q.where((eb) => eb.or([eb("started_at", ">", after.started_at), eb.and([eb("started_at", "=", after.started_at), eb("id", ">", after.id)])]));
    if (endedBefore !== undefined) q = q.where("started_at", "<", endedBefore).where("ended_at", "<", endedBefore);
    return (await q.orderBy("started_at").orderBy("id").limit(limit).execute()) as SegmentRow[];
  }

  /**
   * Two statements, so that neither reads the table (app migration 0020): the count and the sum
   * from the index of sizes, the oldest from the index by age. In one, the oldest made it a scan of
   * every row (1.3 s of CPU over 4.3 M segments, on SQLite's one thread, twice a sweep).
   */
  async totals(): Promise<SegmentTotals> {
    const sizes = await this.db
      .selectFrom("timeline_segments")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.coalesce(eb.fn.sum<number>("bytes"), eb.lit(0)).as("bytes")])
      .executeTakeFirst();
    const first = await this.db.selectFrom("timeline_segments").select((eb) => eb.fn.min<string>("started_at").as("oldest")).executeTakeFirst();
    return { segments: Number(sizes?.n ?? 0), bytes: Number(sizes?.bytes ?? 0), oldest: first?.oldest ?? null };
  }

  async remove(ids: readonly number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
      await this.db.deleteFrom("timeline_segments").where("id", "in", ids.slice(i, i + ROWS_PER_STATEMENT)).execute();
    }
  }

  /**
   * The room's segments that overlap [since, until), oldest first, at most `limit` from `offset`,
   * with how many there are in all. A segment lasts at most `longestMs` (ISO instants compare
   * as text): the index is read from `since` less that, not from the room's first segment.
   */
  async overlapping(room: string, since: string, until: string, page: { readonly limit: number; readonly offset: number }, longestMs: number): Promise<{ rows: SegmentRow[]; total: number }> {
    const from = new Date(Date.parse(since) - longestMs).toISOString();
    const within = this.db
      .selectFrom("timeline_segments")
      .where("room", "=", room)
      .where("started_at", ">", from)
      .where("started_at", "<", until)
      .where("ended_at", ">", since);
    const [rows, count] = await Promise.all([
      within.selectAll().orderBy("started_at").orderBy("id").limit(page.limit).offset(page.offset).execute(),
      within.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    ]);
    return { rows: rows as SegmentRow[], total: Number(count?.n ?? 0) };
  }

  /**
   * The room's first segment (by start) that ends after `at`: the one covering `at` when it began
   * at or before it, else the next one after a gap. A segment lasts at most `longestMs`.
   */
  async endingAfter(room: string, at: string, longestMs: number): Promise<SegmentRow | undefined> {
    return (await this.db
      .selectFrom("timeline_segments")
      .selectAll()
      .where("room", "=", room)
      .where("started_at", ">", new Date(Date.parse(at) - longestMs).toISOString())
      .where("ended_at", ">", at)
      .orderBy("started_at")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst()) as SegmentRow | undefined;
  }

  /** Which of `ids` are still rows (the others were pruned). */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT) {
      const rows = await this.db.selectFrom("timeline_segments").select("id").where("id", "in", ids.slice(i, i + ROWS_PER_STATEMENT)).execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /** The room's segment `id`; undefined when there is none, or it is another room's. */
  async segment(room: string, id: number): Promise<SegmentRow | undefined> {
    return (await this.db.selectFrom("timeline_segments").selectAll().where("id", "=", id).where("room", "=", room).executeTakeFirst()) as SegmentRow | undefined;
  }
}

export const timelineStore = perDatabase((db: SqlDb) => new TimelineStore(db));
