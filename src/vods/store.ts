import type { Statement } from "better-sqlite3";
import type { Db } from "../db/open.ts";
import { perDatabase } from "../db/per-database.ts";
import type { ListVodsQuery, VodStatus } from "./schemas.ts";

/** A VOD row as stored (SPEC 2.7 plus what the lifecycle needs). */
export interface VodRow {
  readonly id: number;
  readonly room: string;
  readonly stream_id: string | null;
  readonly egress_id: string;
  readonly source: "camera" | "egress";
  readonly part: number;
  readonly status: VodStatus;
  readonly local_path: string | null;
  readonly file_key: string | null;
  readonly s3_url: string | null;
  readonly snapshot_key: string | null;
  readonly size_bytes: number | null;
  readonly duration_s: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly format: string | null;
  readonly codec: string | null;
  readonly failure_reason: string | null;
  readonly failure_detail: string | null;
  readonly started_at: string;
  readonly ended_at: string | null;
  readonly ready_at: string | null;
  readonly updated_at: string;
  readonly adaptive_status: "pending" | "ready" | "failed" | null;
  readonly adaptive_json: string | null;
}

/** What `adaptive_json` holds once a VOD's HLS ladder is in S3. */
export interface AdaptiveLadder {
  readonly masterKey: string;
  readonly variants: ReadonlyArray<{ readonly name: string; readonly height: number; readonly bitrateKbps: number; readonly key: string }>;
}

/** What a VOD holds once it is ready (its metatags, and where the file went). */
export interface ReadyVod {
  readonly file_key: string | null;
  readonly s3_url: string | null;
  readonly snapshot_key: string | null;
  readonly local_path: string | null;
  readonly size_bytes: number;
  readonly duration_s: number;
  readonly width: number;
  readonly height: number;
  readonly format: string;
  readonly codec: string;
}

export type NewVod = Pick<VodRow, "room" | "stream_id" | "egress_id" | "source" | "part" | "local_path"> & { readonly started_at: string };

/** The list filters after parsing: instants normalised to the stored form (UTC, ms, `Z`). */
type Filter = Pick<ListVodsQuery, "room" | "status" | "since" | "until" | "order" | "dir" | "all" | "limit" | "offset">;

/**
 * One app's VODs (in its own database); use `vodStore(db)`. The list's SQL depends on which
 * filters are present, so its statements are prepared on first use per shape (a few dozen at
 * most: four optional filters, three orders, two directions, paged or not).
 */
export class VodStore {
  private readonly insertRow;
  private readonly byId;
  private readonly byEgress;
  private readonly remove;
  private readonly statusCounts;
  private readonly setUploading;
  private readonly setReady;
  private readonly setFailed;
  private readonly unfinishedRows;
  private readonly recordingInRoom;
  private readonly setProbed;
  private readonly setRetry;
  private readonly sums;
  private readonly lastPart;
  private readonly setAdaptiveRow;
  private readonly pendingAdaptiveRows;
  private readonly dropLocal;
  private readonly keys;
  private readonly shapes = new Map<string, { rows: Statement<unknown[], VodRow>; count: Statement<unknown[], { n: number }> }>();

  constructor(private readonly db: Db) {
    this.insertRow = db.prepare<[string, string | null, string, string, number, string | null, string, string]>(
      "INSERT INTO vods (room, stream_id, egress_id, source, part, status, local_path, started_at, updated_at) VALUES (?, ?, ?, ?, ?, 'recording', ?, ?, ?)",
    );
    this.byId = db.prepare<[number], VodRow>("SELECT * FROM vods WHERE id = ?");
    this.byEgress = db.prepare<[string], VodRow>("SELECT * FROM vods WHERE egress_id = ?");
    this.remove = db.prepare<[number]>("DELETE FROM vods WHERE id = ?");
    this.setUploading = db.prepare<[string, string, number]>("UPDATE vods SET status = 'uploading', ended_at = COALESCE(ended_at, ?), updated_at = ? WHERE id = ? AND status IN ('recording', 'uploading')");
    this.setReady = db.prepare(
      `UPDATE vods SET status = 'ready', file_key = @file_key, s3_url = @s3_url, snapshot_key = @snapshot_key, local_path = @local_path,
         size_bytes = @size_bytes, duration_s = @duration_s, width = @width, height = @height, format = @format, codec = @codec,
         failure_reason = NULL, failure_detail = NULL, ready_at = @at, updated_at = @at WHERE id = @id AND status = 'uploading'`,
    );
    this.setFailed = db.prepare<[string, string, string, number]>(
      "UPDATE vods SET status = 'failed', failure_reason = ?, failure_detail = ?, updated_at = ? WHERE id = ? AND status IN ('recording', 'uploading')",
    );
    this.unfinishedRows = db.prepare<[], VodRow>("SELECT * FROM vods WHERE status IN ('recording', 'uploading') ORDER BY id");
    this.recordingInRoom = db.prepare<[string], VodRow>("SELECT * FROM vods WHERE room = ? AND status = 'recording' ORDER BY id LIMIT 1");
    this.setProbed = db.prepare(
      "UPDATE vods SET duration_s = @duration_s, width = @width, height = @height, format = @format, codec = @codec, updated_at = @at WHERE id = @id",
    );
    this.setRetry = db.prepare<[string, number]>(
      "UPDATE vods SET status = 'uploading', failure_reason = NULL, failure_detail = NULL, updated_at = ? WHERE id = ? AND status = 'failed'",
    );
    // A prefix compare, not LIKE: recorder ids may contain `_`, which LIKE reads as a wildcard.
    this.lastPart = db.prepare<[string, string], VodRow>("SELECT * FROM vods WHERE substr(egress_id, 1, length(?) + 1) = ? || '.' ORDER BY part DESC LIMIT 1");
    this.setAdaptiveRow = db.prepare<[string, string | null, string, number]>("UPDATE vods SET adaptive_status = ?, adaptive_json = ?, updated_at = ? WHERE id = ?");
    this.pendingAdaptiveRows = db.prepare<[], VodRow>("SELECT * FROM vods WHERE adaptive_status = 'pending' AND status = 'ready' ORDER BY id");
    this.dropLocal = db.prepare<[string, number]>("UPDATE vods SET local_path = NULL, updated_at = ? WHERE id = ?");
    this.sums = db.prepare<[], { count: number; bytes: number }>("SELECT COUNT(*) AS count, COALESCE(SUM(size_bytes), 0) AS bytes FROM vods");
    this.keys = db.prepare<[], { key: string }>(
      "SELECT file_key AS key FROM vods WHERE file_key IS NOT NULL UNION ALL SELECT snapshot_key FROM vods WHERE snapshot_key IS NOT NULL",
    );
    this.statusCounts = db.prepare<[], { status: VodStatus; n: number }>("SELECT status, COUNT(*) AS n FROM vods GROUP BY status");
  }

  /** Inserts a VOD in status `recording`; answers its id. */
  insert(vod: NewVod): number {
    const result = this.insertRow.run(vod.room, vod.stream_id, vod.egress_id, vod.source, vod.part, vod.local_path, vod.started_at, vod.started_at);
    return Number(result.lastInsertRowid);
  }

  get(id: number): VodRow | undefined {
    return this.byId.get(id);
  }

  /** By the id of the recorder writing it (ours, or the media server's egress). */
  getByEgress(egressId: string): VodRow | undefined {
    return this.byEgress.get(egressId);
  }

  /** recording -> uploading; the first call sets `ended_at`. Answers whether the row moved (or was there already). */
  markUploading(id: number, at: string): boolean {
    return this.setUploading.run(at, at, id).changes > 0;
  }

  /** uploading -> ready with the metatags; answers false when the row was not uploading. */
  markReady(id: number, ready: ReadyVod, at: string): boolean {
    return this.setReady.run({ ...ready, id, at }).changes > 0;
  }

  /** recording | uploading -> failed; answers false when the row had finished already. */
  markFailed(id: number, reason: string, detail: string, at: string): boolean {
    return this.setFailed.run(reason, detail, at, id).changes > 0;
  }

  /** The latest part of a split recording, by the recorder id `start` answered (without `.<part>`). */
  lastPartOf(egressId: string): VodRow | undefined {
    return this.lastPart.get(egressId, egressId);
  }

  /** The adaptive ladder's state (`pending` to ask for one) and, once ready, what it holds. */
  setAdaptive(id: number, status: "pending" | "ready" | "failed", json: string | null): void {
    this.setAdaptiveRow.run(status, json, new Date().toISOString(), id);
  }

  /** Ready VODs whose ladder was asked for and not made yet: what a restart resumes. */
  pendingAdaptive(): VodRow[] {
    return this.pendingAdaptiveRows.all();
  }

  /** The local file was deleted (it is in S3). */
  localDeleted(id: number): void {
    this.dropLocal.run(new Date().toISOString(), id);
  }

  /** How many VODs and how many bytes (of those whose size is known). */
  totals(): { count: number; bytes: number } {
    return this.sums.get() ?? { count: 0, bytes: 0 };
  }

  /** Every S3 key the app's VODs point at (files and snapshots). */
  objectKeys(): string[] {
    return this.keys.all().map((r) => r.key);
  }

  /** failed -> uploading, for a manual retry; answers false when the row was not failed. */
  markRetry(id: number, at: string): boolean {
    return this.setRetry.run(at, id).changes > 0;
  }

  /** Rows still recording or uploading, oldest first: what a restart resumes. */
  unfinished(): VodRow[] {
    return this.unfinishedRows.all();
  }

  /** The recording in progress in a room, if any. */
  recordingIn(room: string): VodRow | undefined {
    return this.recordingInRoom.get(room);
  }

  /** Writes what a probe found, whatever the status. */
  backfill(id: number, info: Pick<ReadyVod, "duration_s" | "width" | "height" | "format" | "codec">): void {
    this.setProbed.run({ ...info, id, at: new Date().toISOString() });
  }

  delete(id: number): boolean {
    return this.remove.run(id).changes > 0;
  }

  countByStatus(): Record<VodStatus, number> {
    const counts: Record<VodStatus, number> = { recording: 0, uploading: 0, ready: 0, failed: 0 };
    for (const { status, n } of this.statusCounts.all()) counts[status] = n;
    return counts;
  }

  /** One page of the filtered list (every match with `all`), and how many match in all. */
  list(filter: Filter): { rows: VodRow[]; total: number } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.room !== undefined) (where.push("room = ?"), args.push(filter.room));
    if (filter.status !== undefined) (where.push("status = ?"), args.push(filter.status));
    if (filter.since !== undefined) (where.push("started_at >= ?"), args.push(new Date(filter.since).toISOString()));
    if (filter.until !== undefined) (where.push("started_at <= ?"), args.push(new Date(filter.until).toISOString()));
    const paged = filter.all === undefined;
    const shape = this.shape(where, filter.order, filter.dir, paged);
    const rows = paged ? shape.rows.all(...args, filter.limit, filter.offset) : shape.rows.all(...args);
    const total = paged ? (shape.count.get(...args)?.n ?? 0) : rows.length;
    return { rows, total };
  }

  private shape(where: readonly string[], order: Filter["order"], dir: Filter["dir"], paged: boolean) {
    const key = `${where.join(" AND ")}|${order}|${dir}|${paged}`;
    let shape = this.shapes.get(key);
    if (!shape) {
      const clause = where.length > 0 ? ` WHERE ${where.join(" AND ")}` : "";
      // `order` and `dir` come from zod enums, never from raw input; id breaks ties.
      const sort = order === "id" ? `id ${dir}` : `${order} ${dir}, id ${dir}`;
      shape = {
        rows: this.db.prepare<unknown[], VodRow>(`SELECT * FROM vods${clause} ORDER BY ${sort}${paged ? " LIMIT ? OFFSET ?" : ""}`),
        count: this.db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM vods${clause}`),
      };
      this.shapes.set(key, shape);
    }
    return shape;
  }
}

export const vodStore = perDatabase((db) => new VodStore(db));
