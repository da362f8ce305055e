import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { Databases } from "../db/databases.ts";
import type { UploadSlots } from "../vods/upload-slots.ts";
import type { Uploader } from "../vods/uploader.ts";
import { timelineStore, type SegmentRow } from "./store.ts";

/** Segments a sweep uploads again at most, per app. */
const RETRIES_PER_SWEEP = 20;

/**
 * A file name as the continuous recorder makes them (`<room>-<time>-<file>.mp4`): one path
 * segment, never `.` or `..`. The room in it is the tenant's, so the key is checked where it is
 * made, not trusted from the row.
 */
const SEGMENT_FILE = /^[A-Za-z0-9._-]+\.mp4$/;

/** The key of a segment's object, under the app's own prefix; undefined when its file's name could leave it. */
export function segmentKey(s3Prefix: string, app: string, localPath: string): string | undefined {
  const name = path.basename(localPath);
  if (!SEGMENT_FILE.test(name)) return undefined;
  return `${s3Prefix}${app}/timeline/${name}`;
}

export interface SegmentUploadsOptions {
  readonly databases: Databases;
  readonly configs: Pick<AppConfigService, "get">;
  readonly s3: Pick<S3Clients, "fresh">;
  readonly uploader: Pick<Uploader, "upload">;
  /** The upload slots VODs use: segments wait their turn with them. */
  readonly slots: Pick<UploadSlots, "run">;
  /** Upload retry pacing (`SERVICE_UPLOAD_ATTEMPTS`, `SERVICE_UPLOAD_RETRY_MS`), as VODs have it. */
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly node: string;
  /** SQLite: this node is the only one, whatever node id wrote a row before. */
  readonly solo: boolean;
  readonly logger: Logger;
}

/**
 * Puts each finished segment into the app's bucket (issue 34; docs/timeline.md#storage) when
 * `timeline.upload` is on and the app has S3: uploaded with the VODs' uploader and slots, then
 * its row's `object_key` set, then its local file removed, in that order, so no moment has the
 * segment nowhere. A failed upload keeps the file; the pruner's sweep calls `retry` for the
 * segments of this node that are still only here.
 */
export class SegmentUploads {
  /** `<app> <id>` of the segments being uploaded: a sweep does not take one twice. */
  private readonly busy = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  /** Per app, the id after which the next sweep looks (segments that cannot upload do not hold the others back). */
  private readonly retryFrom = new Map<string, number>();
  /** Per app, how many times it was deleted here: an upload queued before a deletion is dropped, not run against a database opened anew. */
  private readonly deletions = new Map<string, number>();
  private closed = false;
  private readonly log: Logger;

  constructor(private readonly o: SegmentUploadsOptions) {
    this.log = o.logger.child({ component: "timeline-uploads" });
  }

  /** A segment's row was written here: its upload starts (nothing is awaited). */
  written(app: string, row: SegmentRow): void {
    void this.upload(app, row);
  }

  /** The segments of this node still only here, a few per sweep, oldest first: their uploads start again. */
  async retry(app: string): Promise<void> {
    if (this.closed || !this.wanted(app) || !(await this.o.s3.fresh(app))) return;
    const store = timelineStore(this.o.databases.appSql(app));
    const rows = await store.notUploaded(this.o.solo ? undefined : this.o.node, this.retryFrom.get(app) ?? 0, RETRIES_PER_SWEEP);
    const last = rows.at(-1);
    if (rows.length < RETRIES_PER_SWEEP || !last) this.retryFrom.delete(app);
    else this.retryFrom.set(app, last.id);
    // Not awaited: one app's slow bucket must not hold the other apps' sweeps back.
    for (const row of rows) void this.upload(app, row);
  }

  /** Whether the segment is being uploaded now: the pruner leaves it (its object would be left behind). */
  uploading(app: string, id: number): boolean {
    return this.busy.has(`${app} ${id}`);
  }

  /** The app is being deleted: its database is going, so nothing more is written to it (uploads still waiting for a slot are dropped). */
  forgetApp(app: string): void {
    this.retryFrom.delete(app);
    this.deletions.set(app, (this.deletions.get(app) ?? 0) + 1);
  }

  /** Uploads waiting for a slot are left to the next start's sweep; the ones running end first. */
  async stop(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running]);
  }

  private wanted(app: string): boolean {
    try {
      return this.o.configs.get(app).timeline.upload;
    } catch {
      return false;
    }
  }

  private upload(app: string, row: SegmentRow): Promise<void> {
    const id = `${app} ${row.id}`;
    if (this.closed || this.busy.has(id) || row.object_key !== null || !this.wanted(app)) return Promise.resolve();
    this.busy.add(id);
    const deletions = this.deletions.get(app) ?? 0;
    const done = this.o.slots
      .run(app, () => (this.closed || this.deletedSince(app, deletions) ? Promise.resolve() : this.put(app, row, deletions)))
      .catch((err: unknown) => this.log.warn({ app, segment: row.id, err: (err as Error).message }, "a timeline segment stays on this node: its upload failed (retried at a later sweep)"))
      .finally(() => {
        this.busy.delete(id);
        this.running.delete(done);
      });
    this.running.add(done);
    return done;
  }

  private deletedSince(app: string, deletions: number): boolean {
    return (this.deletions.get(app) ?? 0) !== deletions;
  }

  private async put(app: string, row: SegmentRow, deletions: number): Promise<void> {
    const s3 = await this.o.s3.fresh(app);
    if (!s3 || this.deletedSince(app, deletions)) return;
    const key = segmentKey(this.o.configs.get(app).s3.prefix, app, row.local_path);
    if (key === undefined) {
      this.log.error({ app, segment: row.id, file: row.local_path }, "a timeline segment's file name could leave the app's prefix: it stays on this node");
      return;
    }
    // Taken before the upload: an app deleted meanwhile fails the write rather than having its database opened anew.
    const store = timelineStore(this.o.databases.appSql(app));
    if (!existsSync(row.local_path)) {
      // Only something outside the service removes a file not uploaded yet: its row points at nothing.
      this.log.warn({ app, segment: row.id, file: row.local_path }, "a timeline segment's file is gone before its upload: its row goes");
      await store.remove([row.id]);
      return;
    }
    await this.o.uploader.upload(s3, key, row.local_path, "video/mp4", { attempts: this.o.attempts, firstDelayMs: this.o.firstDelayMs });
    // The file goes only once the row says where the object is; a row that cannot be written keeps it (uploaded again later).
    await store.uploaded(row.id, key);
    await rm(row.local_path, { force: true });
  }
}
