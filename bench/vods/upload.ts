/**
 * Upload throughput to the same MinIO: the service's uploader (a pool thread running lib-storage
 * with our part size, concurrency and retry loop) against the bare SDK `Upload` with its defaults,
 * alternating so a slow patch of the disk or the machine hits both. The first ours warms the
 * pool thread, as the first upload of a running service does.
 */
import { createReadStream, statSync } from "node:fs";
import { Upload } from "@aws-sdk/lib-storage";
import pino from "pino";
import { TaskPool } from "../../src/lib/task-pool.ts";
import { Uploader, type UploadTasks } from "../../src/vods/uploader.ts";
import type { Minio } from "../../test/helpers/minio.ts";

export interface UploadFigures {
  readonly bytes: number;
  readonly oursMBps: number;
  readonly bareMBps: number;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function measureUploads(minio: Minio, file: string, rounds: number): Promise<UploadFigures> {
  await minio.createBucket("bench-upload");
  const bytes = statSync(file).size;
  const logger = pino({ level: "silent" });
  const ours: number[] = [];
  const bare: number[] = [];
  const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);
  // Ours is the service's uploader: a pool thread building the client the service builds for an
  // app. The bare side is the SDK's Upload with its defaults, on this thread.
  const pool = new TaskPool<UploadTasks>({ name: "uploads", taskFile: new URL("../../workers/s3-upload.ts", import.meta.url), maxThreads: 1, maxQueue: 1, timeoutMs: 3_600_000, retryAfterSeconds: 30 });
  // Counting is the service's business; the bench reads its own clock.
  const uploader = new Uploader({ pool, logger, metrics: { s3Error: () => undefined, upload: () => undefined } });
  const connection = { region: minio.region, endpoint: minio.endpoint, forcePathStyle: true, credentials: { accessKeyId: minio.accessKey, secretAccessKey: minio.secretKey }, ssrfAllowlist: "127.0.0.1/32" };
  const runOurs = async (round: number) => {
    const started = performance.now();
    await uploader.upload({ connection, target: { bucket: "bench-upload", provider: "s3-compatible" } }, `ours/${round}.mp4`, file, "video/mp4");
    ours.push(mbps(performance.now() - started));
  };
  const runBare = async (round: number) => {
    const started = performance.now();
    await new Upload({ client: minio.s3, params: { Bucket: "bench-upload", Key: `bare/${round}.mp4`, Body: createReadStream(file), ContentType: "video/mp4" } }).done();
    bare.push(mbps(performance.now() - started));
  };
  for (let round = 0; round < rounds; round++) {
    // Who goes first alternates: the first upload of a pair may find MinIO still writing the last.
    if (round % 2 === 0) (await runOurs(round), await runBare(round));
    else (await runBare(round), await runOurs(round));
    process.stderr.write(`upload round ${round + 1}/${rounds}: ours ${ours.at(-1)?.toFixed(0)} MB/s, bare SDK ${bare.at(-1)?.toFixed(0)} MB/s\n`);
  }
  await pool.close();
  return { bytes, oursMBps: median(ours), bareMBps: median(bare) };
}
