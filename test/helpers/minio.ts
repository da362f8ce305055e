import { spawn, type ChildProcess } from "node:child_process";
import { CreateBucketCommand, ListObjectsV2Command, PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";
import { MINIO, toolBinary } from "../setup/go-tools.ts";
import { stopChild } from "./livekit.ts";
import { freePort } from "./ports.ts";
import { tempDir } from "./temp.ts";

/**
 * A real MinIO, one per test file: its own data dir and free loopback ports. `stop()` and
 * `start()` take it down and bring it back on the same port with the same data, for tests of an
 * S3 outage; `close()` ends it for good.
 */
export interface Minio {
  readonly endpoint: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly region: string;
  /** An SDK client with path-style addressing, as the service uses for MinIO. */
  readonly s3: S3Client;
  createBucket(name: string): Promise<void>;
  /** Lets anyone read the bucket's objects, as behind a CDN: HLS players fetch segments by relative URL. */
  makePublic(bucket: string): Promise<void>;
  /** Every key in the bucket (under `prefix`), sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const ACCESS_KEY = "service-core-test";
const SECRET_KEY = "service-core-test-secret";
const READY_MS = 30_000;

/** Resolves once MinIO's liveness route answers 200, or rejects after `ms`. */
async function waitLive(endpoint: string, ms: number, stderr: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const live = await fetch(`${endpoint}/minio/health/live`).then((r) => r.ok, () => false);
    if (live) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`minio did not answer on ${endpoint} within ${ms} ms\n${stderr()}`);
}

export async function startMinio(): Promise<Minio> {
  const dir = tempDir("minio-");
  const [port, consolePort] = await Promise.all([freePort(), freePort()]);
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let stderr = "";
  const start = async () => {
    child = spawn(toolBinary(MINIO), ["server", dir, "--address", `127.0.0.1:${port}`, "--console-address", `127.0.0.1:${consolePort}`, "--quiet"], {
      env: { ...process.env, MINIO_ROOT_USER: ACCESS_KEY, MINIO_ROOT_PASSWORD: SECRET_KEY, MINIO_BROWSER: "off" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    await waitLive(endpoint, READY_MS, () => stderr);
  };
  const stop = async () => {
    if (child) await stopChild(child);
    child = undefined;
  };
  await start();
  const s3 = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY } });
  return {
    endpoint,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    region: "us-east-1",
    s3,
    async createBucket(name) {
      await s3.send(new CreateBucketCommand({ Bucket: name }));
    },
    async makePublic(bucket) {
      const Statement = [{ Effect: "Allow", Principal: { AWS: ["*"] }, Action: ["s3:GetObject"], Resource: [`arn:aws:s3:::${bucket}/*`] }];
      await s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify({ Version: "2012-10-17", Statement }) }));
    },
    async keys(bucket, prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    stop,
    start,
    async close() {
      s3.destroy();
      await stop();
    },
  };
}
