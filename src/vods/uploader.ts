import { createReadStream, statSync } from "node:fs";
import type { S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Logger } from "pino";

/** Where an object goes: an app's bucket through its client. */
export interface UploadTarget {
  readonly client: S3Client;
  readonly bucket: string;
}

export interface UploadOptions {
  readonly logger: Logger;
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  /** The wait before the second attempt; it doubles after each failure (capped at 30 s). */
  readonly firstDelayMs?: number;
  /** Called on every failed attempt (for `service_s3_errors_total`). */
  readonly onError?: (err: unknown) => void;
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

/** 5xx answers and network failures are worth another attempt; 4xx answers are not. */
export function isRetryable(err: unknown): boolean {
  const e = err as { $metadata?: { httpStatusCode?: number }; $retryable?: unknown; code?: string; name?: string };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  return e.$retryable !== undefined || ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"].includes(e.code ?? "") || e.name === "TimeoutError";
}

/**
 * Uploads a local file as one object: multipart through lib-storage (parts of 8 MB, 4 at a
 * time, parts of a failed attempt aborted), retried with exponential backoff on 5xx and network
 * errors, given up at once on a permanent error. Answers the bytes uploaded.
 */
export async function uploadFile(target: UploadTarget, key: string, file: string, contentType: string, options: UploadOptions): Promise<number> {
  const attempts = options.attempts ?? 4;
  let delay = options.firstDelayMs ?? 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      const upload = new Upload({
        client: target.client,
        params: { Bucket: target.bucket, Key: key, Body: createReadStream(file), ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
        leavePartsOnError: false,
      });
      await upload.done();
      return statSync(file).size;
    } catch (err) {
      options.onError?.(err);
      const message = (err as Error).message || (err as Error).name;
      if (!isRetryable(err)) throw new UploadFailedError(`s3://${target.bucket}/${key}: ${message}`, true);
      if (attempt >= attempts) throw new UploadFailedError(`s3://${target.bucket}/${key}: ${message} (after ${attempts} attempts)`, false);
      options.logger.warn({ key, attempt, err: message }, `upload failed, retrying in ${delay} ms`);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  }
}
