import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { AppRef } from "../apps/store.ts";
import { unlessUnavailable } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { ListVodsQuery, VodStatus } from "./schemas.ts";
import { vodStore, type VodRow } from "./store.ts";

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
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly readyAt: string | null;
}

export interface VodServiceOptions {
  readonly databases: Databases;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
}

/** `<public_url>/<key>`, one slash between them whatever either side has. */
export function publicObjectUrl(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/${key.replace(/^\/+/, "")}`;
}

/** Reading VODs: the filtered list and the detail with fresh URLs (SPEC 4.12). */
export class VodService {
  constructor(private readonly o: VodServiceOptions) {}

  /** The list; a list shows `publicUrl` (cheap) but presigns nothing, the detail does. */
  list(app: AppRef, query: ListVodsQuery): { data: VodView[]; total: number } {
    const { rows, total } = this.store(app).list(query);
    const publicUrl = this.o.configs.get(app.name).s3.public_url;
    return { data: rows.map((row) => this.view(row, publicUrl, null)), total };
  }

  async get(app: AppRef, id: number): Promise<VodView | Problem> {
    const row = this.store(app).get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    const publicUrl = this.o.configs.get(app.name).s3.public_url;
    return this.view(row, publicUrl, await this.presign(app, row.file_key));
  }

  /** How many VODs the app has in each status; zeros while its database is unavailable. */
  counts(app: string): Record<VodStatus, number> {
    return unlessUnavailable({ recording: 0, uploading: 0, ready: 0, failed: 0 }, () => vodStore(this.o.databases.app(app)).countByStatus());
  }

  private store(app: AppRef) {
    return vodStore(this.o.databases.app(app.name));
  }

  private async presign(app: AppRef, key: string | null): Promise<string | null> {
    const s3 = key === null ? undefined : this.o.s3.get(app.name);
    if (!s3 || key === null) return null;
    return getSignedUrl(s3.client, new GetObjectCommand({ Bucket: s3.target.bucket, Key: key }), { expiresIn: PRESIGN_SECONDS });
  }

  private view(row: VodRow, publicUrl: string, presignedUrl: string | null): VodView {
    const publicVodUrl = publicUrl !== "" && row.file_key !== null ? publicObjectUrl(publicUrl, row.file_key) : null;
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
      startedAt: row.started_at,
      endedAt: row.ended_at,
      readyAt: row.ready_at,
    };
  }
}
