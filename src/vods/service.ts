import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { AppRef } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { ListVodsQuery, VodStatus } from "./schemas.ts";
import { fileNodeNote } from "./file-node.ts";
import { deleteKeys, listKeys } from "./objects.ts";
import { vodStore, type AdaptiveLadder, type VodRow } from "./store.ts";

export type MediaTasks = typeof import("../../workers/media-files.ts");

/** How long a presigned VOD URL works. */
export const PRESIGN_SECONDS = 3600;

/** A VOD as the API shows it (SPEC 2.7); the URL fields are null until the file is in S3. */
export interface VodView {
  readonly id: number;
  readonly room: string;
  readonly streamId: string | null;
  readonly status: VodStatus;
  readonly part: number;
  readonly sizeBytes: number | null;
  readonly durationS: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly format: string | null;
  readonly codec: string | null;
  readonly fileKey: string | null;
  readonly s3Url: string | null;
  readonly snapshotKey: string | null;
  /** The URL to use: `publicUrl` when the app has a public URL, else `presignedUrl`. */
  readonly url: string | null;
  readonly presignedUrl: string | null;
  readonly publicUrl: string | null;
  readonly failure: { readonly reason: string; readonly detail: string | null } | null;
  /** The HLS ladder when one was asked for (`vodAdaptive`); `masterUrl` needs the app's public URL. */
  readonly adaptive: { readonly status: "pending" | "ready" | "failed"; readonly masterUrl: string | null } | null;
  readonly variants: ReadonlyArray<{ readonly name: string; readonly height: number; readonly bitrateKbps: number; readonly url: string | null }>;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly readyAt: string | null;
}

export interface VodServiceOptions {
  readonly databases: Databases;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly media: TaskPool<MediaTasks>;
  readonly dataDir: string;
  /** The service's public URL, for links to the raw route. */
  readonly publicUrl: string;
  /** This node: a file another node wrote is not here (the routes ask that node first). */
  readonly node: string;
}

/** Where a download comes from (SPEC 4.12). */
export interface VodDownload {
  readonly url: string;
  readonly filename: string;
  /** Null for a public or local URL, which does not expire. */
  readonly expiresInSeconds: number | null;
}

/** The local file of a ready VOD, for the raw route. */
export interface VodFile {
  readonly path: string;
  readonly size: number;
  readonly filename: string;
}

/**
 * `<public_url>/<key>`, one slash between them whatever either side has; null when the app has no
 * public URL (`""`) or there is no key.
 */
export function publicObjectUrl(publicUrl: string, key: string | null): string | null {
  if (publicUrl === "" || key === null) return null;
  return `${publicUrl.replace(/\/+$/, "")}/${key.replace(/^\/+/, "")}`;
}

/** Reading VODs: the filtered list and the detail with fresh URLs (SPEC 4.12). */
export class VodService {
  constructor(private readonly o: VodServiceOptions) {}

  /** The list; a list shows `publicUrl` (cheap) but presigns nothing, the detail does. */
  async list(app: AppRef, query: ListVodsQuery): Promise<{ data: VodView[]; total: number }> {
    const { rows, total } = await this.store(app).list(query);
    const publicUrl = this.o.configs.get(app.name).s3.public_url;
    return { data: rows.map((row) => this.view(row, publicUrl, null)), total };
  }

  async get(app: AppRef, id: number): Promise<VodView | Problem> {
    const row = await this.store(app).get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    const publicUrl = this.o.configs.get(app.name).s3.public_url;
    return this.view(row, publicUrl, await this.presign(app, row.file_key));
  }

  /**
   * SPEC 4.12's download: 409 until the VOD is ready; the S3 object when there is one (public URL
   * or presigned), else the raw route when the local file is there, else 404.
   */
  async download(app: AppRef, id: number): Promise<VodDownload | Problem> {
    const row = await this.readyRow(app, id);
    if ("kind" in row) return row;
    const filename = path.basename(row.file_key ?? row.local_path ?? `vod-${row.id}.mp4`);
    const publicUrl = publicObjectUrl(this.o.configs.get(app.name).s3.public_url, row.file_key);
    if (publicUrl !== null) return { url: publicUrl, filename, expiresInSeconds: null };
    const presigned = await this.presign(app, row.file_key);
    if (presigned !== null) return { url: presigned, filename, expiresInSeconds: PRESIGN_SECONDS };
    if (row.local_path !== null && existsSync(row.local_path)) {
      return { url: `${this.o.publicUrl}/api/v1/apps/${app.name}/vods/${row.id}/raw`, filename, expiresInSeconds: null };
    }
    return problem("not_found", `VOD ${id} is ready but neither its S3 object nor its local file exists any more${fileNodeNote(row, this.o.node)}`);
  }

  /** The local file of a ready VOD: 409 before ready, 404 when there is none. */
  async file(app: AppRef, id: number): Promise<VodFile | Problem> {
    const row = await this.readyRow(app, id);
    if ("kind" in row) return row;
    const size = row.local_path === null ? undefined : statSync(row.local_path, { throwIfNoEntry: false })?.size;
    if (row.local_path === null || size === undefined) return problem("not_found", `VOD ${id} has no local file${row.file_key ? "; it is in S3 (see /download)" : fileNodeNote(row, this.o.node)}`);
    return { path: row.local_path, size, filename: path.basename(row.local_path) };
  }

  /** Backfills duration, size and format from the file (local, else the S3 object through a presigned URL). */
  async probe(app: AppRef, id: number): Promise<VodView | Problem> {
    const store = this.store(app);
    const row = await store.get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    if (row.status === "recording") return problem("conflict", `VOD ${id} is still recording; probe it once it is finished`);
    const local = row.local_path !== null && existsSync(row.local_path) ? row.local_path : undefined;
    const source = local ?? (await this.presign(app, row.file_key));
    if (!source) return problem("not_found", `VOD ${id} has neither a local file nor an S3 object to probe${fileNodeNote(row, this.o.node)}`);
    const refused = local === undefined ? await this.o.s3.outboundRefusal(source) : undefined;
    if (refused) return problem("bad_request", `VOD ${id} could not be probed: ${refused}`);
    try {
      const info = await this.o.media.run("probe", { file: source });
      await store.backfill(id, { duration_s: info.durationS, width: info.width, height: info.height, format: info.format, codec: info.codec });
    } catch (err) {
      return problem("bad_request", `VOD ${id} could not be probed: ${(err as Error).message}`);
    }
    return this.get(app, id);
  }

  /**
   * Deletes the S3 objects (file and snapshot), the local file and snapshot, then the row. S3
   * first: when it fails the row stays, so repeating the call finishes the job. 409 while the VOD
   * is recording or uploading (its actor still writes it).
   */
  async delete(app: AppRef, id: number): Promise<true | Problem> {
    const store = this.store(app);
    const row = await store.get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    if (row.status === "recording" || row.status === "uploading") return problem("conflict", `VOD ${id} is ${row.status}; stop it and let it finish first`);
    const keys = [row.file_key, row.snapshot_key].filter((k): k is string => k !== null);
    const s3 = this.o.s3.get(app.name);
    if ((keys.length > 0 || row.adaptive_json !== null) && s3) {
      try {
        if (row.adaptive_json !== null) {
          const master = (JSON.parse(row.adaptive_json) as AdaptiveLadder).masterKey;
          keys.push(...(await listKeys(s3, master.slice(0, master.lastIndexOf("/") + 1))));
        }
        await deleteKeys(s3, keys);
      } catch (err) {
        return problem("service_unavailable", `S3 did not delete VOD ${id}'s objects (${(err as Error).message}); nothing was removed, try again`);
      }
    }
    for (const file of [row.local_path, this.localSnapshot(app.name, id)]) if (file) rmSync(file, { force: true });
    await store.delete(id);
    return true;
  }

  /** Count and bytes of the app's VODs; zeros while its database is unavailable. */
  totals(app: string): Promise<{ count: number; bytes: number }> {
    return unlessUnavailableAsync({ count: 0, bytes: 0 }, () => vodStore(this.o.databases.appSql(app)).totals());
  }

  /**
   * `DELETE /apps/{name}?deleteVods=true`: the app's objects leave its bucket too: every key its
   * VODs point at, and everything else under `<prefix><app>/` (snapshots taken on demand). The keys,
   * prefix and client are taken while the app still exists; the deletes run afterwards, 1,000 keys
   * per call, and what S3 refuses is logged (the app is gone, nobody is left to retry for).
   */
  async purgeObjects(app: string, logger: Logger): Promise<void> {
    const known = await unlessUnavailableAsync([], () => vodStore(this.o.databases.appSql(app)).objectKeys());
    const s3 = this.o.s3.get(app);
    if (!s3) return;
    const prefix = `${this.o.configs.get(app).s3.prefix}${app}/`;
    void (async () => {
      const keys = [...new Set([...known, ...(await listKeys(s3, prefix))])];
      await deleteKeys(s3, keys);
      logger.info({ app, objects: keys.length }, "VOD objects of the deleted app removed from S3");
    })().catch((err: Error) => logger.error({ app, err: err.message }, "could not remove the deleted app's VOD objects from S3"));
  }

  /** Where a VOD's snapshot is kept locally. */
  localSnapshot(app: string, id: number): string {
    return path.join(this.o.dataDir, "apps", app, "snapshots", `vod-${id}.jpg`);
  }

  private async readyRow(app: AppRef, id: number): Promise<VodRow | Problem> {
    const row = await this.store(app).get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    if (row.status !== "ready") return problem("conflict", `VOD ${id} is ${row.status}, not ready yet`);
    return row;
  }

  /** How many VODs the app has in each status; zeros while its database is unavailable. */
  counts(app: string): Promise<Record<VodStatus, number>> {
    return unlessUnavailableAsync({ recording: 0, uploading: 0, ready: 0, failed: 0 }, () => vodStore(this.o.databases.appSql(app)).countByStatus());
  }

  private store(app: AppRef) {
    return vodStore(this.o.databases.appSql(app.name));
  }

  /** Where clients fetch an object of the app's bucket: `<public_url>/<key>`, else presigned. */
  async objectUrl(app: AppRef, key: string): Promise<string | null> {
    return publicObjectUrl(this.o.configs.get(app.name).s3.public_url, key) ?? this.presign(app, key);
  }

  private async presign(app: AppRef, key: string | null): Promise<string | null> {
    const s3 = key === null ? undefined : this.o.s3.get(app.name);
    if (!s3 || key === null) return null;
    return getSignedUrl(s3.client, new GetObjectCommand({ Bucket: s3.target.bucket, Key: key }), { expiresIn: PRESIGN_SECONDS });
  }

  /** HLS playlists refer to their segments by relative paths, which only a public URL resolves. */
  private ladder(row: VodRow, publicUrl: string): Pick<VodView, "adaptive" | "variants"> {
    if (row.adaptive_status === null) return { adaptive: null, variants: [] };
    const ladder = row.adaptive_json === null ? undefined : (JSON.parse(row.adaptive_json) as AdaptiveLadder);
    return {
      adaptive: { status: row.adaptive_status, masterUrl: publicObjectUrl(publicUrl, ladder?.masterKey ?? null) },
      variants: (ladder?.variants ?? []).map((v) => ({ name: v.name, height: v.height, bitrateKbps: v.bitrateKbps, url: publicObjectUrl(publicUrl, v.key) })),
    };
  }

  private view(row: VodRow, publicUrl: string, presignedUrl: string | null): VodView {
    const publicVodUrl = publicObjectUrl(publicUrl, row.file_key);
    return {
      id: row.id,
      room: row.room,
      streamId: row.stream_id,
      status: row.status,
      part: row.part,
      sizeBytes: row.size_bytes,
      durationS: row.duration_s,
      width: row.width,
      height: row.height,
      format: row.format,
      codec: row.codec,
      fileKey: row.file_key,
      s3Url: row.s3_url,
      snapshotKey: row.snapshot_key,
      url: publicVodUrl ?? presignedUrl,
      presignedUrl,
      publicUrl: publicVodUrl,
      failure: row.failure_reason === null ? null : { reason: row.failure_reason, detail: row.failure_detail },
      ...this.ladder(row, publicUrl),
      startedAt: row.started_at,
      endedAt: row.ended_at,
      readyAt: row.ready_at,
    };
  }
}
