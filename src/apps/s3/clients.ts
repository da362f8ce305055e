import { S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { guardedAgents } from "../../lib/outbound.ts";
import { parseSsrfAllowlist, ssrfRefusal, withAllowHint, type SsrfAllowlist } from "../../lib/ssrf.ts";
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

/** How to reach an app's S3, as plain data (a worker thread builds its own client from it). */
export interface S3Connection {
  readonly region: string;
  readonly endpoint: string | undefined;
  readonly forcePathStyle: boolean;
  /**
   * The app's own keys; `host-chain`, the SDK's default chain (the host's environment, instance
   * role), only for apps SERVICE_S3_AMBIENT_CREDENTIALS lists; else why there are none, which
   * every request then fails with before anything is sent.
   */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | "host-chain" | { readonly missing: string };
  /** SERVICE_SSRF_ALLOWLIST's text: the endpoint is the tenant's, so the outbound policy applies. */
  readonly ssrfAllowlist: string;
}

/** An app's S3 use without keys of its own: never signed with the operator's identity. */
class S3CredentialsMissing extends Error {
  override readonly name = "S3CredentialsMissing";
}

function credentialsOf(credentials: S3Connection["credentials"]): S3ClientConfig["credentials"] {
  if (credentials === "host-chain") return undefined;
  if ("missing" in credentials) {
    const { missing } = credentials;
    return () => Promise.reject(new S3CredentialsMissing(missing));
  }
  return credentials;
}

/**
 * An S3 client as the service makes them. Checksums are computed only where S3 requires them
 * (the SDK's default before 2025): its default CRC32 of every part runs in JavaScript on the event
 * loop, which bench:vods measured as stalls of tens of ms per 8 MB part while VODs upload. TLS
 * still protects the bytes in transit.
 */
export function s3Client(connection: S3Connection): S3Client {
  const agents = guardedAgents(parseSsrfAllowlist(connection.ssrfAllowlist));
  return new S3Client({
    region: connection.region,
    endpoint: connection.endpoint,
    forcePathStyle: connection.forcePathStyle,
    credentials: credentialsOf(connection.credentials),
    requestHandler: { httpAgent: agents.http, httpsAgent: agents.https },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** An app's S3: its client here, the block it came from, and the connection for worker threads. */
export interface AppS3 {
  readonly client: S3Client;
  readonly target: S3Target;
  readonly connection: S3Connection;
}

/**
 * One S3 client per app, built on first use from the app's `s3` block and its stored keys, and
 * dropped whenever either changes so the next use picks the new settings up (no restart).
 */
export class S3Clients {
  private readonly clients = new Map<string, AppS3>();

  private readonly secrets: AppSecrets;
  private readonly configOf: (app: string) => AppConfig;
  private readonly current: (app: string) => Promise<void>;
  private readonly ssrf: SsrfAllowlist;
  private readonly ambient: ReadonlySet<string>;

  constructor(options: {
    readonly secrets: AppSecrets;
    readonly configOf: (app: string) => AppConfig;
    /** Resolves once the app's config and secrets are the stored ones, as far as this node has heard. */
    readonly current: (app: string) => Promise<void>;
    readonly ssrf: SsrfAllowlist;
    /** SERVICE_S3_AMBIENT_CREDENTIALS: the apps that may use the host's own credential chain. */
    readonly ambient: readonly string[];
  }) {
    this.secrets = options.secrets;
    this.configOf = options.configOf;
    this.current = options.current;
    this.ssrf = options.ssrf;
    this.ambient = new Set(options.ambient);
  }

  /**
   * `get` once another node's write of the app's settings is read here: for work that runs on its
   * own (an upload of an actor this node adopted), with no request whose start waited for that read.
   */
  async fresh(app: string): Promise<AppS3 | undefined> {
    await this.current(app);
    return this.get(app);
  }

  /** The app's client, or undefined while no bucket is configured. */
  get(app: string): AppS3 | undefined {
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
    const connection: S3Connection = {
      region: target.region,
      endpoint: target.endpoint,
      forcePathStyle: target.forcePathStyle,
      credentials: key !== undefined && secret !== undefined ? { accessKeyId: key, secretAccessKey: secret } : this.withoutKeys(app),
      ssrfAllowlist: this.ssrf.text,
    };
    const entry = { client: s3Client(connection), target, connection };
    this.clients.set(app, entry);
    return entry;
  }

  private withoutKeys(app: string): S3Connection["credentials"] {
    if (this.ambient.has(app)) return "host-chain";
    return {
      missing: `app ${app} has no S3 key and secret: set them with PUT /api/v1/apps/${app}/s3 (the host's own credentials are used only for apps SERVICE_S3_AMBIENT_CREDENTIALS lists)`,
    };
  }

  /**
   * Why a URL into an app's bucket (a presigned one) may not be handed to a process that fetches
   * it by itself, such as ffprobe, or undefined. That process resolves the name again, so this
   * narrows the window rather than closing it, as for RTMPS pushes.
   */
  async outboundRefusal(url: string): Promise<string | undefined> {
    const refused = await ssrfRefusal(new URL(url).hostname, this.ssrf);
    return refused === undefined ? undefined : withAllowHint(refused);
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
