/**
 * Pool task: one file to one S3 object, on a worker thread. An upload is CPU work on top of I/O
 * (SigV4 hashes every part's bytes, lib-storage copies them into parts), and on the event loop
 * each 8 MB part stalled it for tens of ms; here it stalls nobody. Multipart through lib-storage
 * (parts of 8 MB, 4 at a time, parts of a failed attempt aborted), retried with exponential
 * backoff on 5xx and network errors, given up at once on a permanent error. The answer says what
 * happened, attempt by attempt, so the service logs and counts it.
 */
import { createReadStream, statSync } from "node:fs";
import { Upload } from "@aws-sdk/lib-storage";
import { s3Client, type S3Connection } from "../src/apps/s3/clients.ts";

export interface UploadJob {
  readonly connection: S3Connection;
  readonly bucket: string;
  readonly key: string;
  readonly file: string;
  readonly contentType: string;
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** The wait before the second attempt; it doubles after each failure (capped at 30 s). */
  readonly firstDelayMs: number;
}

export type UploadOutcome =
  | { readonly ok: true; readonly bytes: number; readonly failedAttempts: readonly string[] }
  | { readonly ok: false; readonly permanent: boolean; readonly message: string; readonly failedAttempts: readonly string[] };

/** 5xx answers and network failures are worth another attempt; 4xx answers are not. */
export function isRetryable(err: unknown): boolean {
  const e = err as { $metadata?: { httpStatusCode?: number }; $retryable?: unknown; code?: string; name?: string };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500 || status === 429;
  return e.$retryable !== undefined || ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"].includes(e.code ?? "") || e.name === "TimeoutError";
}

export async function upload(job: UploadJob): Promise<UploadOutcome> {
  const client = s3Client(job.connection);
  const failedAttempts: string[] = [];
  let delay = job.firstDelayMs;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const params = { Bucket: job.bucket, Key: job.key, Body: createReadStream(job.file), ContentType: job.contentType };
        await new Upload({ client, params, partSize: 8 * 1024 * 1024, queueSize: 4, leavePartsOnError: false }).done();
        return { ok: true, bytes: statSync(job.file).size, failedAttempts };
      } catch (err) {
        const message = `s3://${job.bucket}/${job.key}: ${(err as Error).message || (err as Error).name}`;
        failedAttempts.push(message);
        if (!isRetryable(err)) return { ok: false, permanent: true, message, failedAttempts };
        if (attempt >= job.attempts) return { ok: false, permanent: false, message: `${message} (after ${job.attempts} attempts)`, failedAttempts };
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 30_000);
      }
    }
  } finally {
    client.destroy();
  }
}
