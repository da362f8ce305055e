import type { Logger } from "pino";
import type { S3Connection } from "../apps/s3/clients.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { VodMetrics } from "./metrics.ts";

export type UploadTasks = typeof import("../../workers/s3-upload.ts");

/** Where an object goes: an app's bucket (as `S3Clients` answers it), and how to reach it. */
export interface UploadTarget {
  readonly connection: S3Connection;
  readonly target: { readonly bucket: string; readonly provider: string };
}

export interface UploadOptions {
  /** Attempts in all, the first included (default 4). */
  readonly attempts?: number;
  /** The wait before the second attempt, doubling after each failure (default 1 s). */
  readonly firstDelayMs?: number;
}

/** An upload that failed for good: `permanent` when retrying cannot help (bad keys, no bucket). */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Uploads files to S3 on the upload pool's threads (`workers/s3-upload.ts`), so the hashing and
 * copying of parts never runs on the event loop; this side logs and counts each failed attempt
 * (`service_s3_errors_total{op="upload"}`) and each object's result (`service_s3_uploads_total`,
 * `service_s3_upload_bytes_total`), and answers the bytes uploaded, or throws `UploadFailedError`.
 */
export class Uploader {
  constructor(private readonly o: { readonly pool: TaskPool<UploadTasks>; readonly metrics: Pick<VodMetrics, "s3Error" | "upload">; readonly logger: Logger }) {}

  async upload(s3: UploadTarget, key: string, file: string, contentType: string, options: UploadOptions = {}): Promise<number> {
    const outcome = await this.o.pool.run("upload", {
      connection: s3.connection,
      bucket: s3.target.bucket,
      key,
      file,
      contentType,
      attempts: options.attempts ?? 4,
      firstDelayMs: options.firstDelayMs ?? 1000,
    });
    for (const failure of outcome.failedAttempts) {
      this.o.metrics.s3Error("upload");
      this.o.logger.warn({ key, err: failure }, "an upload attempt failed");
    }
    this.o.metrics.upload(s3.target.provider, outcome.ok ? "ok" : "failed", outcome.ok ? outcome.bytes : 0);
    if (!outcome.ok) throw new UploadFailedError(outcome.message, outcome.permanent);
    return outcome.bytes;
  }
}
