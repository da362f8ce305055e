import { rm } from "node:fs/promises";
import type { Logger } from "pino";
import type { AppConfig } from "../apps/config/schema.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { AppStore } from "../apps/store.ts";
import { AppUnavailableError } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { Ownership } from "../peers/ownership.ts";
import { deleteKeys } from "../vods/objects.ts";
import { LONGEST_EVENT_MS } from "./events.ts";
import { timelineEventsStore, type EventRow, type TimelineEventsStore } from "./events-store.ts";
import type { PruneReason, RetentionMetrics } from "./retention-metrics.ts";
import { timelineStore, type AgeCursor, type Prunable, type SegmentRow, type SegmentTotals, type TimelineStore } from "./store.ts";
import type { SegmentUploads } from "./uploads.ts";

const DAY_MS = 86_400_000;
/** How often the pruner looks for apps whose sweep is due. */
const TICK_MS = 1000;
/** An app is swept every twentieth of its shortest retention, within these bounds (a test's compressed day is swept every second or so). */
const SWEEP_MIN_MS = 1000;
const SWEEP_MAX_MS = 30_000;
/** An app whose timeline is off and that had no segments at its last sweep is looked at this often (its events may still age). */
const SWEEP_IDLE_MS = 10 * 60_000;
/** Rows read per query, and queries of each kind per app and sweep: a sweep's work is bounded, and the next one goes on. */
const BATCH = 200;
const BATCHES_PER_SWEEP = 5;

/** The lease one node holds while it prunes an app's shared rows: uploaded objects, and events without a file. */
const leaseOf = (app: string): string => `timeline-retention:${app}`;
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * How much longer than events_days an event is kept: until the segments it keeps have gone too
 * (its padding and the longest segment after its end, cut at a keyframe past its length), so a
 * segment is deleted for its own age while its event still says why it was kept.
 */
function eventOutlivesMs(t: AppConfig["timeline"]): number {
  const longest = Math.max(t.segment_seconds, ...Object.values(t.rooms).map((room) => room.segment_seconds ?? 0));
  return (t.event_padding_seconds + 2 * longest + 10) * 1000;
}

export interface TimelineRetentionOptions {
  readonly databases: Databases;
  readonly configs: Pick<AppConfigService, "get">;
  readonly apps: Pick<AppStore, "list">;
  readonly s3: Pick<S3Clients, "get">;
  readonly ownership: Pick<Ownership, "claim" | "register">;
  readonly uploads: Pick<SegmentUploads, "retry" | "uploading">;
  readonly metrics: RetentionMetrics;
  readonly node: string;
  /** SQLite: this node is the only one, and every row is its own whatever node id wrote it. */
  readonly solo: boolean;
  readonly logger: Logger;
  readonly now?: () => number;
}

/**
 * The camera timeline's retention (issue 34; docs/timeline.md#retention). Each app is swept
 * every twentieth of its shortest retention (1 to 30 s): segments that ended `continuous_days`
 * ago go, unless an event (padded by `event_padding_seconds` on both sides) overlaps one and
 * `events_days` is longer, which keeps it until then; past `max_bytes` the oldest segments of the
 * whole app go; events that ended `events_days` ago go with their thumbnails, once the segments
 * they kept have gone. What a row points at (its object or file) is deleted before the row. A
 * file is deleted by the node whose disk it is on; objects and rows without a file by the node
 * that holds the app's lease this sweep.
 * Segments being uploaded or pinned (`pin`) stay. Failures are logged, and the next sweep tries
 * again.
 */
export class TimelineRetention {
  private readonly now: () => number;
  private readonly log: Logger;
  /** `<app> <segment id>` → how many hold it. */
  private readonly pins = new Map<string, number>();
  private readonly due = new Map<string, number>();
  /** Apps that had segments at their last sweep: swept as often as their retention asks, whether or not their timeline is on. */
  private readonly withRows = new Set<string>();
  /** Per app, where the age sweep goes on: segments kept for events do not hold the later ones back. */
  private readonly cursors = new Map<string, AgeCursor>();
  /** Registry ids of apps being deleted: never swept again (a query would open their database anew). */
  private readonly forgotten = new Set<number>();
  /** Apps told of once: uploaded segments to prune, and no bucket configured to delete them from. */
  private readonly bucketless = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly o: TimelineRetentionOptions) {
    this.now = o.now ?? Date.now;
    this.log = o.logger.child({ component: "timeline-retention" });
    // The lease marks whose sweep it is, with no actor behind it: nothing to adopt from a node that stopped.
    o.ownership.register("timeline-retention:", { adopt: async () => false, deliver: async () => undefined });
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS).unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /**
   * Keeps the app's segment `id` until the answer is called (a clip being exported from it): a
   * pinned segment is never deleted, whatever its age or the byte cap. Pins live in this process,
   * so they hold against this node's sweeps; a clip exported on one node of a cluster must pin on
   * the node that prunes (or the pins move to the database).
   */
  pin(app: string, id: number): () => void {
    const key = `${app} ${id}`;
    this.pins.set(key, (this.pins.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const n = (this.pins.get(key) ?? 1) - 1;
      if (n > 0) this.pins.set(key, n);
      else this.pins.delete(key);
    };
  }

  /** What the app's segments add up to now (from its database). */
  private totals(app: string): Promise<SegmentTotals> {
    return timelineStore(this.o.databases.appSql(app)).totals();
  }

  /** What the app keeps, for its stats: the segments' totals and how many events (which `events_days` prunes). */
  async kept(app: string): Promise<SegmentTotals & { readonly events: number }> {
    const [totals, events] = await Promise.all([this.totals(app), timelineEventsStore(this.o.databases.appSql(app)).count()]);
    return { ...totals, events };
  }

  /** The app's config changed: its next sweep, by its new settings, is due now. */
  configChanged(app: string): void {
    this.due.delete(app);
  }

  /** The app is being deleted: its sweep in progress ends first, and it is not swept again. */
  async forgetApp(app: string): Promise<void> {
    const row = this.o.apps.list({ all: true }).find((a) => a.name === app);
    if (row) this.forgotten.add(row.id);
    await this.sweeping;
    for (const map of [this.due, this.cursors]) map.delete(app);
    this.withRows.delete(app);
    this.bucketless.delete(app);
    for (const key of this.pins.keys()) if (key.startsWith(`${app} `)) this.pins.delete(key);
    this.o.metrics.forgetApp(app);
  }

  /** Sweeps the apps that are due, one at a time; a tick while a sweep runs does nothing. */
  tick(): Promise<void> {
    this.sweeping ??= this.sweepDue().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async sweepDue(): Promise<void> {
    for (const { id, name: app } of this.o.apps.list({ all: true })) {
      if (this.forgotten.has(id)) continue;
      let timeline: AppConfig["timeline"];
      try {
        timeline = this.o.configs.get(app).timeline;
      } catch {
        continue;
      }
      if ((this.due.get(app) ?? 0) > this.now()) continue;
      const shortest = Math.min(timeline.continuous_days, timeline.events_days) * DAY_MS;
      const every = !timeline.enabled && !this.withRows.has(app) ? SWEEP_IDLE_MS : Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, shortest / 20));
      this.due.set(app, this.now() + every);
      try {
        await this.sweep(app, timeline);
      } catch (err) {
        if (!(err instanceof AppUnavailableError)) this.log.warn({ app, err }, "a timeline retention sweep failed; the next one tries again");
      }
    }
  }

  private async sweep(app: string, t: AppConfig["timeline"]): Promise<void> {
    await this.o.uploads.retry(app);
    // One handle for the whole sweep: an app deleted meanwhile fails it rather than being opened again.
    const db = this.o.databases.appSql(app);
    const store = timelineStore(db);
    const events = timelineEventsStore(db);
    const now = this.now();
    const before = await store.totals();
    const oldEvents = await events.endedBefore(iso(now - t.events_days * DAY_MS - eventOutlivesMs(t)), BATCH);
    if (before.segments === 0 && oldEvents.length === 0) return this.counted(app, before);
    const shared = await this.o.ownership.claim(leaseOf(app));
    const who: Prunable | undefined = this.o.solo ? undefined : { node: this.o.node, objects: shared };
    await this.byAge(app, t, store, events, who, shared, now);
    if (t.max_bytes > 0) await this.byBytes(app, t.max_bytes, store, shared);
    await this.events(app, events, oldEvents, shared);
    this.counted(app, await store.totals());
  }

  private counted(app: string, totals: SegmentTotals): void {
    if (totals.segments > 0) this.withRows.add(app);
    else this.withRows.delete(app);
    this.o.metrics.kept(app, totals);
  }

  /** Segments past continuous_days, oldest first from where the last sweep stopped; the ones an event keeps stay until events_days. */
  private async byAge(app: string, t: AppConfig["timeline"], store: TimelineStore, events: TimelineEventsStore, who: Prunable | undefined, shared: boolean, now: number): Promise<void> {
    const continuousCut = iso(now - t.continuous_days * DAY_MS);
    const eventsCut = iso(now - t.events_days * DAY_MS);
    const forEvents = t.events_days > t.continuous_days;
    const paddingMs = t.event_padding_seconds * 1000;
    let cursor = this.cursors.get(app);
    for (let i = 0; i < BATCHES_PER_SWEEP; i++) {
      const rows = await store.oldest(who, cursor, BATCH, continuousCut);
      const doomed: Array<[SegmentRow, PruneReason]> = [];
      for (const row of rows) {
        if (this.held(app, row)) continue;
        const covered = forEvents && (await underEvent(events, row, paddingMs));
        if (covered && row.ended_at >= eventsCut) continue;
        doomed.push([row, covered ? "events" : "continuous"]);
      }
      await this.remove(app, store, doomed, shared);
      const last = rows.at(-1);
      cursor = rows.length < BATCH || !last ? undefined : { started_at: last.started_at, id: last.id };
      if (!cursor) break;
    }
    if (cursor) this.cursors.set(app, cursor);
    else this.cursors.delete(app);
  }

  /**
   * Past `max` bytes, the app's oldest segments, of every node: each node walks the same oldest
   * rows until they add up to the excess and deletes those it may, so the nodes together delete
   * the excess once. A pinned segment is stepped over and not counted.
   */
  private async byBytes(app: string, max: number, store: TimelineStore, shared: boolean): Promise<void> {
    let excess = (await store.totals()).bytes - max;
    let cursor: AgeCursor | undefined;
    for (let i = 0; i < BATCHES_PER_SWEEP && excess > 0; i++) {
      const rows = await store.oldest(undefined, cursor, BATCH);
      const doomed: Array<[SegmentRow, PruneReason]> = [];
      for (const row of rows) {
        if (excess <= 0) break;
        if (this.pinned(app, row.id)) continue;
        excess -= row.bytes;
        if (this.mayPrune(row, shared) && !this.held(app, row)) doomed.push([row, "bytes"]);
      }
      await this.remove(app, store, doomed, shared);
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) break;
      cursor = { started_at: last.started_at, id: last.id };
    }
  }

  /** Events that ended events_days ago (and the segments they kept are gone): each thumbnail by the node whose disk it is on, then the rows. */
  private async events(app: string, store: TimelineEventsStore, old: readonly EventRow[], shared: boolean): Promise<void> {
    const gone: number[] = [];
    for (const event of old) {
      if (event.thumbnail_path === null) {
        if (shared) gone.push(event.id);
      } else if (this.own(event.node)) {
        const removed = await rm(event.thumbnail_path, { force: true }).then(
          () => true,
          (err: Error) => (this.log.warn({ app, event: event.id, err: err.message }, "an old event's thumbnail could not be deleted; its row stays"), false),
        );
        if (removed) gone.push(event.id);
      }
    }
    await store.remove(gone);
    if (gone.length > 0) this.o.metrics.prunedEventsBy(gone.length);
  }

  /**
   * Deletes each segment's object or file, then the rows of those whose went (a row never points
   * at nothing). An object left to another node (no lease) or a bucket no longer configured stays.
   */
  private async remove(app: string, store: TimelineStore, doomed: ReadonlyArray<readonly [SegmentRow, PruneReason]>, shared: boolean): Promise<void> {
    const gone: Array<readonly [SegmentRow, PruneReason]> = [];
    const objects = doomed.filter(([row]) => row.object_key !== null);
    const s3 = objects.length > 0 && shared ? this.o.s3.get(app) : undefined;
    if (objects.length > 0 && shared && !s3 && !this.bucketless.has(app)) {
      this.bucketless.add(app);
      this.log.warn({ app }, "old timeline segments are in a bucket the app no longer configures: they and their rows stay until its s3 block names it again");
    }
    if (s3) {
      this.bucketless.delete(app);
      try {
        await deleteKeys(s3, objects.flatMap(([row]) => (row.object_key === null ? [] : [row.object_key])));
        gone.push(...objects);
      } catch (err) {
        this.log.warn({ app, objects: objects.length, err: (err as Error).message }, "old timeline segments' objects could not be deleted; their rows stay");
      }
    }
    for (const entry of doomed) {
      const [row] = entry;
      if (!this.own(row.node)) continue;
      // An uploaded segment's file is normally gone already; one whose upload ended before its file went is deleted here too.
      const removed = await rm(row.local_path, { force: true }).then(
        () => true,
        (err: Error) => (this.log.warn({ app, segment: row.id, err: err.message }, "an old timeline segment's file could not be deleted; its row stays"), false),
      );
      if (removed && row.object_key === null) gone.push(entry);
    }
    await store.remove(gone.map(([row]) => row.id));
    for (const [row, reason] of gone) this.o.metrics.pruned(reason, 1, row.bytes);
  }

  /** Whether this node may delete the segment: its own file, or an object while it holds the app's lease. */
  private mayPrune(row: SegmentRow, shared: boolean): boolean {
    return row.object_key !== null ? shared : this.own(row.node);
  }

  private own(node: string): boolean {
    return this.o.solo || node === this.o.node;
  }

  private pinned(app: string, id: number): boolean {
    return this.pins.has(`${app} ${id}`);
  }

  /** Pinned, or being uploaded (deleting it now would leave its object behind). */
  private held(app: string, row: SegmentRow): boolean {
    return this.pinned(app, row.id) || this.o.uploads.uploading(app, row.id);
  }
}

/** Whether an event of the segment's room, widened by `paddingMs` on both sides, overlaps it. */
async function underEvent(events: TimelineEventsStore, row: SegmentRow, paddingMs: number): Promise<boolean> {
  const since = iso(Date.parse(row.started_at) - paddingMs);
  const until = iso(Date.parse(row.ended_at) + paddingMs);
  const found = await events.overlapping(row.room, since, until, {}, { limit: 1, offset: 0 }, LONGEST_EVENT_MS);
  return found.rows.length > 0;
}
