import { S3Client } from "@aws-sdk/client-s3";
import type { AppConfig } from "../config/schema.ts";
import type { AppSecrets } from "../secrets.ts";

/** What an app's S3 client was built from, secrets left out. */
export interface S3Target {
  readonly provider: AppConfig["s3"]["provider"];
  readonly bucket: string;
  readonly region: string;
  readonly endpoint: string | undefined;
  readonly forcePathStyle: boolean;
}

/**
 * One S3 client per app, built on first use from the app's `s3` block and its stored keys, and
 * dropped whenever either changes so the next use picks the new settings up (no restart).
 */
export class S3Clients {
  private readonly clients = new Map<string, { client: S3Client; target: S3Target }>();

  private readonly secrets: AppSecrets;
  private readonly configOf: (app: string) => AppConfig;

  constructor(options: { readonly secrets: AppSecrets; readonly configOf: (app: string) => AppConfig }) {
    this.secrets = options.secrets;
    this.configOf = options.configOf;
  }

  /** The app's client, or undefined while no bucket is configured. */
  get(app: string): { client: S3Client; target: S3Target } | undefined {
    const cached = this.clients.get(app);
    if (cached) return cached;
    const s3 = this.configOf(app).s3;
    if (s3.bucket === "") return undefined;
    const target: S3Target = {
      provider: s3.provider,
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint === "" ? undefined : s3.endpoint,
      forcePathStyle: s3.force_path_style || s3.provider === "s3-compatible",
    };
    const key = this.secrets.get(app, "s3.key");
    const secret = this.secrets.get(app, "s3.secret");
    const client = new S3Client({
      region: target.region,
      endpoint: target.endpoint,
      forcePathStyle: target.forcePathStyle,
      // Without stored keys the SDK's default chain applies (instance roles, env of the host).
      credentials: key !== undefined && secret !== undefined ? { accessKeyId: key, secretAccessKey: secret } : undefined,
    });
    const entry = { client, target };
    this.clients.set(app, entry);
    return entry;
  }

  /** Forgets the app's client; the next `get` builds a fresh one. */
  reset(app: string): void {
    this.clients.get(app)?.client.destroy();
    this.clients.delete(app);
  }

  close(): void {
    for (const app of [...this.clients.keys()]) this.reset(app);
  }
}
