import type { Logger } from "pino";
import type { S3Connection } from "../apps/s3/clients.ts";
import type { TaskPool } from "../lib/task-pool.ts";

export type UploadTasks = typeof import("../../workers/s3-upload.ts");

/** Where an object goes: an app's bucket, and how to reach it. */
export interface UploadTarget {
  readonly connection: S3Connection;
  readonly bucket: string;
}

export interface UploadOptions {
  /** Attempts in all, the first included (default 4). */
  readonly attempts?: number;
  /** The wait before the second attempt, doubling after each failure (default 1 s). */
  readonly firstDelayMs?: number;
  /** Called once per failed attempt (for `service_s3_errors_total`). */
  readonly onError?: () => void;
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
 * copying of parts never runs on the event loop; this side logs each failed attempt and answers
 * the bytes uploaded, or throws `UploadFailedError`.
 */
export class Uploader {
  constructor(private readonly o: { readonly pool: TaskPool<UploadTasks>; readonly logger: Logger }) {}

  async upload(target: UploadTarget, key: string, file: string, contentType: string, options: UploadOptions = {}): Promise<number> {
    const outcome = await this.o.pool.run("upload", {
      connection: target.connection,
      bucket: target.bucket,
      key,
      file,
      contentType,
      attempts: options.attempts ?? 4,
      firstDelayMs: options.firstDelayMs ?? 1000,
    });
    for (const failure of outcome.failedAttempts) {
      options.onError?.();
      this.o.logger.warn({ key, err: failure }, "an upload attempt failed");
    }
    if (!outcome.ok) throw new UploadFailedError(outcome.message, outcome.permanent);
    return outcome.bytes;
  }
}
