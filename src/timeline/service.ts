import { stat } from "node:fs/promises";
import type { AppService } from "../apps/service.ts";
import type { AppRef } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { LONGEST_EVENT_MS, thumbnailUrl } from "./events.ts";
import { timelineEventsStore, type EventRow } from "./events-store.ts";
import type { EventEntry, EventsQuery, TimelineEntry, TimelineQuery } from "./schemas.ts";
import { timelineStore, type SegmentRow } from "./store.ts";

/** Segments closer than this are one stretch: a cut is a keyframe apart, and the wall clocks of two files differ by a frame or two. */
const GAP_TOLERANCE_MS = 1500;
/** The longest a segment lasts: `segment_seconds` at most 600, then up to a long GOP more. */
export const LONGEST_SEGMENT_MS = 20 * 60_000;
/** The most events one timeline page carries; the events route pages through more. */
const EVENTS_PER_PAGE = 1000;

const seconds = (start: string, end: string) => Math.round(Date.parse(end) - Date.parse(start)) / 1000;
const gap = (start: string, end: string): TimelineEntry => ({ kind: "gap", start, end, durationS: seconds(start, end) });

/** A camera room's timeline (issue 34): its segments and events in a range, and the gaps between segments. */
export class TimelineService {
  constructor(
    private readonly databases: Databases,
    private readonly apps: Pick<AppService, "roomOf">,
  ) {}

  /**
   * A page of the room's segments overlapping [since, until), oldest first, with a gap entry
   * wherever nothing was recorded for longer than GAP_TOLERANCE_MS: before the first (from
   * `since`, on the first page), between two, and after the last (to `until`, on the last page);
   * and the events that began within the stretch the page covers, in their place by start.
   * `total` counts segments. `requested` is namespaced like every room a route is given.
   */
  async timeline(app: AppRef, requested: string, q: TimelineQuery): Promise<{ data: TimelineEntry[]; total: number } | Problem> {
    const room = this.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    // A later page reads the segment before it too: the gap after it is the page's first entry.
    const before = q.offset > 0 ? 1 : 0;
    const page = { limit: q.limit + before, offset: q.offset - before };
    const { rows: read, total } = await timelineStore(this.databases.appSql(app.name)).overlapping(room, q.since, q.until, page, LONGEST_SEGMENT_MS);
    const rows = read.slice(before);
    const data: TimelineEntry[] = [];
    const from = before === 0 ? q.since : read[0]?.ended_at;
    let edge = from;
    for (const row of rows) {
      if (edge !== undefined && Date.parse(row.started_at) - Date.parse(edge) > GAP_TOLERANCE_MS) data.push(gap(edge, row.started_at));
      data.push(segment(row));
      // Segments may overlap by a frame or two: the edge never goes back.
      if (edge === undefined || row.ended_at > edge) edge = row.ended_at;
    }
    const last = q.offset + rows.length >= total;
    if (last && edge !== undefined && Date.parse(q.until) - Date.parse(edge) > GAP_TOLERANCE_MS) data.push(gap(edge, q.until));
    // Each event is on the page whose stretch it began in: from the page's first edge to its last.
    const to = last ? q.until : edge;
    if (from === undefined || to === undefined) return { data, total };
    const events = await timelineEventsStore(this.databases.appSql(app.name)).overlapping(room, from, to, {}, { limit: EVENTS_PER_PAGE, offset: 0 }, LONGEST_EVENT_MS);
    const begun = events.rows.filter((e) => e.started_at >= from && e.started_at < to).map((e) => ({ kind: "event" as const, ...event(app.name, e) }));
    return { data: byStart(data, begun), total };
  }

  /** A page of the room's events overlapping [since, until), of the labels asked for, oldest first. */
  async events(app: AppRef, requested: string, q: EventsQuery): Promise<{ data: EventEntry[]; total: number } | Problem> {
    const room = this.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    const { rows, total } = await timelineEventsStore(this.databases.appSql(app.name)).overlapping(room, q.since, q.until, { labels: q.labels }, q, LONGEST_EVENT_MS);
    return { data: rows.map((row) => event(app.name, row)), total };
  }

  /** The node whose disk has the event's thumbnail, to answer there; undefined when there is none. */
  async thumbnailNode(app: AppRef, requested: string, id: number): Promise<string | undefined> {
    const found = await this.eventOf(app, requested, id);
    return !isProblem(found) && found.thumbnail_path !== null ? found.node : undefined;
  }

  /** The event's thumbnail on this node's disk. */
  async thumbnail(app: AppRef, requested: string, id: number): Promise<{ path: string; size: number } | Problem> {
    const found = await this.eventOf(app, requested, id);
    if (isProblem(found)) return found;
    if (found.thumbnail_path === null) return problem("not_found", `event ${id} has no thumbnail${found.kind === "connection" ? " (a connection event has no picture)" : " yet"}`);
    const size = await stat(found.thumbnail_path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) return problem("not_found", `event ${id}'s thumbnail is not on node ${found.node}'s disk any more`);
    return { path: found.thumbnail_path, size };
  }

  private async eventOf(app: AppRef, requested: string, id: number): Promise<EventRow | Problem> {
    const room = this.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    const row = await timelineEventsStore(this.databases.appSql(app.name)).get(id);
    // Another room's event is not this room's: the same answer as no event at all.
    return row && row.room === room ? row : problem("not_found", `no event ${id} in this room`);
  }
}

/** Segments and gaps (in order) and events (in order) merged by start; at one instant the stretch comes first. */
function byStart(stretches: TimelineEntry[], events: TimelineEntry[]): TimelineEntry[] {
  const merged: TimelineEntry[] = [];
  let i = 0;
  for (const e of events) {
    while (i < stretches.length && (stretches[i]?.start ?? "") <= e.start) merged.push(stretches[i++] as TimelineEntry);
    merged.push(e);
  }
  return merged.concat(stretches.slice(i));
}

function event(app: string, row: EventRow): EventEntry {
  return {
    id: row.id,
    source: row.kind,
    label: row.label,
    score: row.score,
    box: row.box === null ? null : (JSON.parse(row.box) as [number, number, number, number]),
    start: row.started_at,
    end: row.ended_at,
    durationS: seconds(row.started_at, row.ended_at),
    thumbnailUrl: row.thumbnail_path === null ? null : thumbnailUrl(app, row.room, row.id),
    node: row.node,
  };
}

function segment(row: SegmentRow): TimelineEntry {
  return {
    kind: "segment",
    id: row.id,
    start: row.started_at,
    end: row.ended_at,
    durationS: seconds(row.started_at, row.ended_at),
    bytes: row.bytes,
    codec: row.codec,
    width: row.width,
    height: row.height,
    node: row.node,
  };
}
