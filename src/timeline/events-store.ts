import type { Generated, Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";

import type { EventKind } from "./schemas.ts";

/** An event of a camera room (app migration 0018; issue 34). */
export interface EventRow {
  readonly id: number;
  readonly room: string;
  readonly kind: EventKind;
  /** A detector's label (`person`), `motion`, or `connected` / `disconnected`. */
  readonly label: string;
  /** The best score it was seen with (1 for motion and connections). */
  readonly score: number;
  /** JSON [x, y, width, height] of the best sighting, as fractions of the picture; null when it has none. */
  readonly box: string | null;
  /** ISO instants by the wall clock; a connection event starts and ends at once. */
  readonly started_at: string;
  readonly ended_at: string;
  /** A JPEG of the best sighting on the node that saw it. */
  readonly thumbnail_path: string | null;
  readonly node: string;
  readonly created_at: string;
}

export type NewEventRow = Omit<EventRow, "id" | "created_at">;

interface EventsTable extends Omit<EventRow, "id"> {
  readonly id: Generated<number>;
}

type Tables = { timeline_events: EventsTable };

/** One app's timeline events (in its own database); use `timelineEventsStore(db)`, one per handle. */
export class TimelineEventsStore {
  private readonly db: Kysely<Tables>;

  constructor(db: SqlDb) {
    this.db = db.withTables<Tables>();
  }

  async add(row: NewEventRow, createdAt: string): Promise<EventRow> {
    return (await this.db
      .insertInto("timeline_events")
      .values({ ...row, created_at: createdAt })
      .returningAll()
      .executeTakeFirstOrThrow()) as EventRow;
  }

  /** An event seen again: it lasts until `endedAt`, with its best sighting's score and box. */
  async extend(id: number, endedAt: string, best: Pick<EventRow, "score" | "box">): Promise<void> {
    await this.db.updateTable("timeline_events").set({ ended_at: endedAt, ...best }).where("id", "=", id).execute();
  }

  async setThumbnail(id: number, file: string): Promise<void> {
    await this.db.updateTable("timeline_events").set({ thumbnail_path: file }).where("id", "=", id).execute();
  }

  /**
   * The room's events that overlap [since, until), of `labels` when given, oldest first, at most
   * `limit` from `offset`, with how many there are in all. An event lasts at most `longestMs`, so
   * the index is read from `since` less that (as the segments' is).
   */
  async overlapping(
    room: string,
    since: string,
    until: string,
    filter: { readonly labels?: readonly string[] | undefined },
    page: { readonly limit: number; readonly offset: number },
    longestMs: number,
  ): Promise<{ rows: EventRow[]; total: number }> {
    const from = new Date(Date.parse(since) - longestMs).toISOString();
    let within = this.db
      .selectFrom("timeline_events")
      .where("room", "=", room)
      .where("started_at", ">=", from)
      .where("started_at", "<", until)
      .where("ended_at", ">=", since);
    if (filter.labels && filter.labels.length > 0) within = within.where("label", "in", [...filter.labels]);
    const [rows, count] = await Promise.all([
      within.selectAll().orderBy("started_at").orderBy("id").limit(page.limit).offset(page.offset).execute(),
      within.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    ]);
    return { rows: rows as EventRow[], total: Number(count?.n ?? 0) };
  }

  /** How many events the app keeps (its stats). */
  async count(): Promise<number> {
    return Number((await this.db.selectFrom("timeline_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0);
  }

  async get(id: number): Promise<EventRow | undefined> {
    return (await this.db.selectFrom("timeline_events").selectAll().where("id", "=", id).executeTakeFirst()) as EventRow | undefined;
  }

  /** Events of every room that ended before `before`, oldest first, at most `limit` (for the pruner). */
  async endedBefore(before: string, limit: number): Promise<EventRow[]> {
    return (await this.db.selectFrom("timeline_events").selectAll().where("ended_at", "<", before).orderBy("ended_at").orderBy("id").limit(limit).execute()) as EventRow[];
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom("timeline_events").where("id", "in", [...ids]).execute();
  }
}

export const timelineEventsStore = perDatabase((db: SqlDb) => new TimelineEventsStore(db));
