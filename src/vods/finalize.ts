import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { VodFailedError } from "../../machines/vod-lifecycle.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { AdaptiveLadders } from "./adaptive.ts";
import type { VodMetrics } from "./metrics.ts";
import { publicObjectUrl, type MediaTasks, type VodService } from "./service.ts";
import { vodStore, type VodRow } from "./store.ts";
import type { UploadSlots } from "./upload-slots.ts";
import { UploadFailedError, type Uploader } from "./uploader.ts";

/** How a recorder of ours ended its file: what finalize needs of it. */
export interface FinishedFile {
  readonly bytes: number;
  /** Undefined when the file was finished; otherwise why it was not. */
  readonly error?: string;
}

export interface FinalizerOptions {
  readonly databases: Databases;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly events: EventDispatcher;
  readonly service: VodService;
  readonly media: TaskPool<MediaTasks>;
  readonly metrics: VodMetrics;
  readonly adaptive: AdaptiveLadders;
  readonly uploader: Uploader;
  readonly logger: Logger;
  /** Upload retry pacing (`SERVICE_UPLOAD_ATTEMPTS`, `SERVICE_UPLOAD_RETRY_MS`). */
  readonly uploadAttempts: number;
  readonly uploadFirstDelayMs: number;
  /** The upload slots VODs share with the other uploads of files (waiting VODs stay `uploading` in their database, which is what a restart resumes). */
  readonly slots: UploadSlots;
}

const fail = (reason: string, detail: string): never => {
  throw new VodFailedError({ reason, detail });
};

/**
 * What `uploading` does to a VOD whose file is finished: probe it, take a snapshot from its
 * middle, upload both when the app has S3, store the metatags, delete the local file when the
 * app asks for it, mark it ready and emit `vod_ready`. Failures carry a reason of the documented
 * list (`recorder_failed`, `probe_failed`, `upload_failed`, `file_missing`); the local file is then
 * kept. The snapshot is best effort: a VOD without one is still ready.
 */
export class Finalizer {
  private readonly log: Logger;

  constructor(private readonly o: FinalizerOptions) {
    this.log = o.logger.child({ component: "vod-finalize" });
  }

  async finalize(app: string, vodId: number, recorded: FinishedFile | undefined): Promise<void> {
    const store = vodStore(this.o.databases.appSql(app));
    const row = await store.get(vodId);
    if (!row) return fail("internal_error", `VOD ${vodId} of ${app} is gone`);
    if (recorded?.error) fail("recorder_failed", recorded.error);
    const file = row.local_path;
    if (!file) return fail("file_missing", "the VOD has no local file to upload");
    if (!existsSync(file)) {
      const hint = row.source === "egress" ? " (the egress worker must write into this service's data dir, at the same path: see docs/recording.md)" : "";
      return fail("file_missing", `the recording's file ${file} is not there${hint}`);
    }
    const info = await this.o.media.run("probe", { file }).catch((err: Error) => fail("probe_failed", err.message));
    const snapshot = await this.snapshot(app, row, file, info.durationS);
    const uploaded = await this.o.slots.run(app, () => this.upload(app, file, snapshot));
    // An adaptive ladder is made from the local file; it deletes the file itself when done.
    const ladder = uploaded !== undefined && this.o.adaptive.wanted(app);
    const keepLocal = uploaded === undefined || ladder || !this.o.configs.get(app).recording.delete_local_after_upload;
    const ready = {
      file_key: uploaded?.fileKey ?? null,
      s3_url: uploaded?.s3Url ?? null,
      snapshot_key: uploaded?.snapshotKey ?? null,
      local_path: keepLocal ? file : null,
      size_bytes: uploaded?.bytes ?? recorded?.bytes ?? statSync(file).size,
      duration_s: info.durationS,
      width: info.width,
      height: info.height,
      format: info.format,
      codec: info.codec,
    };
    if (!(await store.markReady(vodId, ready, new Date().toISOString()))) return;
    this.o.metrics.vodReady(app);
    if (row.part > 0) {
      this.o.events.emit(app, "recording_part_ready", row.room, {
        vodId,
        app,
        room: row.room,
        streamId: row.stream_id ?? "",
        egressId: row.egress_id,
        part: row.part,
        fileKey: ready.file_key ?? "",
        sizeBytes: ready.size_bytes,
        durationS: ready.duration_s,
      });
    }
    if (!keepLocal) rmSync(file, { force: true });
    if (ladder) await this.o.adaptive.request(app, vodId);
    this.o.events.emit(app, "vod_ready", row.room, {
      vodId,
      app,
      room: row.room,
      streamId: row.stream_id ?? "",
      fileKey: ready.file_key ?? "",
      s3Url: ready.s3_url ?? "",
      publicUrl: publicObjectUrl(this.o.configs.get(app).s3.public_url, ready.file_key) ?? "",
      snapshotKey: ready.snapshot_key,
      sizeBytes: ready.size_bytes,
      durationS: ready.duration_s,
      width: ready.width,
      height: ready.height,
      format: ready.format,
    });
  }

  /** The frame from the middle of the recording, next to the app's other snapshots. */
  private async snapshot(app: string, row: VodRow, file: string, durationS: number): Promise<string | undefined> {
    const out = this.o.service.localSnapshot(app, row.id);
    try {
      // The app's folders are node-local: a node finishing a VOD another node began may have none yet.
      mkdirSync(path.dirname(out), { recursive: true });
      await this.o.media.run("snapshot", { file, out, atSeconds: Math.max(0, durationS / 2) });
      return out;
    } catch (err) {
      this.log.warn({ app, vodId: row.id, err: (err as Error).message }, "no snapshot for this VOD");
      return undefined;
    }
  }

  private async upload(app: string, file: string, snapshot: string | undefined) {
    const s3 = await this.o.s3.fresh(app);
    if (!s3) return undefined;
    const prefix = this.o.configs.get(app).s3.prefix;
    const fileKey = `${prefix}${app}/recordings/${path.basename(file)}`;
    const snapshotKey = snapshot ? `${prefix}${app}/snapshots/${path.basename(snapshot)}` : null;
    const options = { firstDelayMs: this.o.uploadFirstDelayMs, attempts: this.o.uploadAttempts };
    const put = (key: string, local: string, type: string) =>
      this.o.uploader.upload(s3, key, local, type, options).catch((err: unknown) => fail("upload_failed", err instanceof UploadFailedError ? err.message : String(err)));
    // Split LiveKit recordings are MPEG-TS segments; everything else is MP4.
    const bytes = await put(fileKey, file, file.endsWith(".ts") ? "video/mp2t" : "video/mp4");
    if (snapshot && snapshotKey) await put(snapshotKey, snapshot, "image/jpeg");
    return { fileKey, snapshotKey, bytes, s3Url: `s3://${s3.target.bucket}/${fileKey}` };
  }
}
