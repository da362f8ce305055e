import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseCidrList, type Cidr } from "./lib/cidr.ts";
import { API_REQUESTS, type ApiRateClass } from "./tenants/plans.ts";

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

function flag(fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const lower = value.toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      ctx.addIssue({ code: "custom", message: `expected one of on/off, true/false, 1/0, got "${value}"` });
      return z.NEVER;
    });
}

function integer(fallback: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `expected a whole number from ${min} to ${max}, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });
}

function optionalText() {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "" ? undefined : value));
}

function optionalUrl(schemes: readonly string[]) {
  return optionalText().superRefine((value, ctx) => {
    if (value === undefined) return;
    let scheme: string;
    try {
      scheme = new URL(value).protocol.replace(/:$/, "");
    } catch {
      ctx.addIssue({ code: "custom", message: `expected an absolute URL, got "${value}"` });
      return;
    }
    if (!schemes.includes(scheme)) {
      ctx.addIssue({ code: "custom", message: `expected a ${schemes.join(" or ")} URL, got "${value}"` });
    }
  });
}

const cidrs = z
  .string()
  .optional()
  .transform((value, ctx): Cidr[] => {
    const parsed = parseCidrList(value ?? "");
    if (parsed.ok) return parsed.list;
    ctx.addIssue({ code: "custom", message: `"${parsed.entry}" is not an IP address or CIDR range` });
    return z.NEVER;
  });

/** `free=100,platform=5000,anonymous=50`: per-class overrides of the API request limits. */
const rateLimits = z
  .string()
  .optional()
  .transform((value, ctx): Partial<Record<ApiRateClass, number>> => {
    const out: Partial<Record<ApiRateClass, number>> = {};
    for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "")) {
      const match = /^([a-z]+)\s*=\s*(\d{1,9})$/.exec(entry);
      const name = match?.[1];
      if (!match || name === undefined || !(name in API_REQUESTS) || Number(match[2]) < 1) {
        ctx.addIssue({ code: "custom", message: `expected comma-separated <class>=<requests> with class one of ${Object.keys(API_REQUESTS).join(", ")} and requests at least 1, got "${entry}"` });
        return z.NEVER;
      }
      out[name as ApiRateClass] = Number(match[2]);
    }
    return out;
  });

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/**
 * Every environment variable the service reads, keyed by its name so that a validation failure
 * names the variable the operator has to fix.
 */
const envSchema = z.object({
  SERVICE_HOST: optionalText().transform((v) => v ?? "0.0.0.0"),
  SERVICE_PORT: integer(8080, 0, 65535),
  SERVICE_DATA_DIR: optionalText().transform((v) => path.resolve(v ?? "data")),
  SERVICE_PUBLIC_URL: optionalUrl(["http", "https"]),
  SERVICE_JWT_SECRET: optionalText().superRefine((v, ctx) => {
    if (v !== undefined && v.length < 32) {
      ctx.addIssue({ code: "custom", message: "must be at least 32 characters; leave it unset to have one generated" });
    }
  }),
  SERVICE_MASTER_KEY: optionalText().superRefine((v, ctx) => {
    if (v !== undefined && v.length < 32) {
      ctx.addIssue({ code: "custom", message: "must be at least 32 characters; leave it unset to have one generated" });
    }
  }),
  SERVICE_ADMIN_USERNAME: optionalText().superRefine((v, ctx) => {
    if (v !== undefined && !/^[A-Za-z0-9._-]{3,64}$/.test(v)) {
      ctx.addIssue({ code: "custom", message: "expected 3-64 letters, digits, dots, dashes or underscores (no @: it is not an email)" });
    }
  }),
  SERVICE_ADMIN_PASSWORD: optionalText().superRefine((v, ctx) => {
    if (v !== undefined && v.length < 12) ctx.addIssue({ code: "custom", message: "must be at least 12 characters" });
  }),
  SERVICE_SMTP_URL: optionalUrl(["smtp", "smtps"]),
  SERVICE_SMTP_FROM: optionalText().transform((v) => v ?? "service-core <no-reply@localhost>"),
  SERVICE_TRUST_PROXY: cidrs,
  SERVICE_ALLOW_UWS_FALLBACK: flag(false),
  SERVICE_MAX_BODY_BYTES: integer(1024 * 1024, 1024, 64 * 1024 * 1024),
  SERVICE_SHUTDOWN_GRACE_MS: integer(10_000, 0, 600_000),
  SERVICE_UPLOAD_ATTEMPTS: integer(4, 1, 20),
  SERVICE_UPLOAD_RETRY_MS: integer(1000, 10, 600_000),
  SERVICE_UPLOAD_CONCURRENCY: integer(4, 1, 64),
  SERVICE_UPLOAD_CONCURRENCY_PER_APP: integer(2, 1, 64),
  SERVICE_SPLIT_MINUTE_MS: integer(60_000, 100, 60_000),
  SERVICE_LOG_LEVEL: z.enum(LOG_LEVELS).optional().transform((v) => v ?? "info"),
  SERVICE_LOG_STDOUT: flag(true),
  SERVICE_LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  LOG_MAX_BYTES: integer(10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  LOG_MAX_FILES: integer(10, 1, 1000),
  SERVICE_LOG_STORE: flag(true),
  SERVICE_LOG_STORE_MAX_AGE_DAYS: integer(7, 1, 3650),
  SERVICE_LOG_STORE_MAX_ROWS: integer(1_000_000, 1000, 100_000_000),
  SERVICE_AUDIT_RETENTION_DAYS: integer(365, 0, 36_500),
  METRICS_TOKEN: optionalText(),
  METRICS_DEFAULT_METRICS: flag(true),
  SERVICE_ALLOW_SIGNUP: flag(false),
  SERVICE_RATE_LIMIT: flag(true),
  SERVICE_RATE_LIMIT_WINDOW_SECONDS: integer(60, 1, 3600),
  SERVICE_RATE_LIMITS: rateLimits,
  SERVICE_AUTHZ_ENFORCE: flag(true),
  SERVICE_TEST_RESPONSE_CHECK: flag(false),
  SERVICE_CLUSTER_TOKEN: optionalText(),
  SERVICE_CLUSTER_REDIS_URL: optionalUrl(["redis", "rediss"]),
  SERVICE_DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  SERVICE_REDIS_URL: optionalUrl(["redis", "rediss"]),
  SERVICE_NODE_ID: optionalText().refine((v) => v === undefined || /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/.test(v), {
    message: "expected letters, digits, '.', '_', ':' or '-' (at most 100), starting with a letter or digit",
  }),
  SERVICE_NODE_URL: optionalUrl(["http", "https"]),
  SERVICE_CLUSTER_STALE_SECONDS: integer(90, 1, 86_400),
  SERVICE_SSRF_ALLOWLIST: optionalText(),
  SERVICE_RTSP_DIRECT: cidrs,
  SERVICE_RTMP_PASSWORD_WINDOW_SECONDS: integer(10, 1, 3600),
  SERVICE_S3_AMBIENT_CREDENTIALS: optionalText().transform((v) => (v ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "")),
  SERVICE_LIVEKIT_URL: optionalUrl(["http", "https"]),
  SERVICE_LIVEKIT_WS_URL: optionalUrl(["ws", "wss"]),
  SERVICE_LIVEKIT_API_KEY: optionalText(),
  SERVICE_LIVEKIT_API_SECRET: optionalText(),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment mapped to the shape the code uses. */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    if ((e.SERVICE_ADMIN_USERNAME === undefined) !== (e.SERVICE_ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["SERVICE_ADMIN_PASSWORD"],
        message: "the break-glass admin needs both SERVICE_ADMIN_USERNAME and SERVICE_ADMIN_PASSWORD",
      });
    }
  })
  .transform((e) => {
  const publicHost = e.SERVICE_HOST === "0.0.0.0" || e.SERVICE_HOST === "::" ? "localhost" : e.SERVICE_HOST;
  return {
    host: e.SERVICE_HOST,
    port: e.SERVICE_PORT,
    dataDir: e.SERVICE_DATA_DIR,
    publicUrl: (e.SERVICE_PUBLIC_URL ?? `http://${publicHost}:${e.SERVICE_PORT}`).replace(/\/+$/, ""),
    /** Unset means: generate one on first start and keep it in the data dir. */
    jwtSecret: e.SERVICE_JWT_SECRET,
    /** Unset means: generate one on first start and keep it in the data dir. */
    masterKey: e.SERVICE_MASTER_KEY,
    admin:
      e.SERVICE_ADMIN_USERNAME !== undefined && e.SERVICE_ADMIN_PASSWORD !== undefined
        ? { username: e.SERVICE_ADMIN_USERNAME, password: e.SERVICE_ADMIN_PASSWORD }
        : undefined,
    smtp: { url: e.SERVICE_SMTP_URL, from: e.SERVICE_SMTP_FROM },
    trustProxy: e.SERVICE_TRUST_PROXY as readonly Cidr[],
    allowUwsFallback: e.SERVICE_ALLOW_UWS_FALLBACK,
    maxBodyBytes: e.SERVICE_MAX_BODY_BYTES,
    shutdownGraceMs: e.SERVICE_SHUTDOWN_GRACE_MS,
    uploads: {
      attempts: e.SERVICE_UPLOAD_ATTEMPTS,
      retryMs: e.SERVICE_UPLOAD_RETRY_MS,
      concurrency: e.SERVICE_UPLOAD_CONCURRENCY,
      concurrencyPerApp: e.SERVICE_UPLOAD_CONCURRENCY_PER_APP,
    },
    /** How long one of `split_minutes`' minutes is; only tests make it shorter. */
    splitMinuteMs: e.SERVICE_SPLIT_MINUTE_MS,
    /** The queryable copy of the log (`/logs`): on or off, and how much of it is kept. */
    logStore: { enabled: e.SERVICE_LOG_STORE, maxAgeMs: e.SERVICE_LOG_STORE_MAX_AGE_DAYS * 86_400_000, maxRows: e.SERVICE_LOG_STORE_MAX_ROWS },
    /** How long audit entries are kept; 0 keeps them for ever. */
    audit: { retentionMs: e.SERVICE_AUDIT_RETENTION_DAYS * 86_400_000 },
    /** `format` unset: the entry decides (pretty on a terminal, JSON otherwise); in-process uses get JSON. */
    log: { level: e.SERVICE_LOG_LEVEL, stdout: e.SERVICE_LOG_STDOUT, format: e.SERVICE_LOG_FORMAT, maxBytes: e.LOG_MAX_BYTES, maxFiles: e.LOG_MAX_FILES },
    metrics: { token: e.METRICS_TOKEN, defaultMetrics: e.METRICS_DEFAULT_METRICS },
    allowSignup: e.SERVICE_ALLOW_SIGNUP,
    /** The API-wide request limits (off only for benchmarks): per class, per window. */
    rateLimit: {
      enabled: e.SERVICE_RATE_LIMIT,
      windowMs: e.SERVICE_RATE_LIMIT_WINDOW_SECONDS * 1000,
      requests: { ...API_REQUESTS, ...e.SERVICE_RATE_LIMITS } as Readonly<Record<ApiRateClass, number>>,
    },
    authzEnforce: e.SERVICE_AUTHZ_ENFORCE,
    /** Tests only: every success answer is checked against its route's declared response schema. */
    checkResponses: e.SERVICE_TEST_RESPONSE_CHECK,
    clusterToken: e.SERVICE_CLUSTER_TOKEN,
    cluster: {
      /** The Redis LiveKit's nodes share, handed to edge nodes at join; null when unset. */
      redisUrl: e.SERVICE_CLUSTER_REDIS_URL ?? null,
      /** A node is stale after this long without a heartbeat (SPEC: 90 s; tests shorten it). */
      staleMs: e.SERVICE_CLUSTER_STALE_SECONDS * 1000,
    },
    /**
     * Where durable state lives: PostgreSQL when SERVICE_DATABASE_URL is set (shared by every node),
     * else SQLite files in the data dir. Redis coordinates nodes that share a database.
     */
    database: { url: e.SERVICE_DATABASE_URL, redisUrl: e.SERVICE_REDIS_URL },
    /** This node among others: its name in logs, actors and leases, and the URL its peers reach it at. */
    node: {
      id: e.SERVICE_NODE_ID ?? `${os.hostname()}:${e.SERVICE_PORT}`,
      url: (e.SERVICE_NODE_URL ?? `http://${publicHost === "localhost" ? "127.0.0.1" : publicHost}:${e.SERVICE_PORT}`).replace(/\/+$/, ""),
    },
    ssrfAllowlist: e.SERVICE_SSRF_ALLOWLIST,
    /**
     * Camera networks the operator trusts: an RTSP camera whose checked address is in one is
     * pulled by ffmpeg straight from that address, without the relay that refuses redirects
     * (docs/security.md), which costs a loopback hop per byte over TCP.
     */
    rtspDirect: e.SERVICE_RTSP_DIRECT as readonly Cidr[],
    rtmpValidateWindowMs: e.SERVICE_RTMP_PASSWORD_WINDOW_SECONDS * 1000,
    /**
     * Apps whose S3 client may sign with the host's own credential chain (environment, instance
     * role) when they store no key: the operator's opt-in, as that identity is the operator's.
     */
    s3AmbientCredentials: e.SERVICE_S3_AMBIENT_CREDENTIALS,
    livekit: {
      url: e.SERVICE_LIVEKIT_URL,
      wsUrl: e.SERVICE_LIVEKIT_WS_URL,
      apiKey: e.SERVICE_LIVEKIT_API_KEY,
      apiSecret: e.SERVICE_LIVEKIT_API_SECRET,
    },
  };
});

/**
 * The validated, typed configuration handed to `buildApp`. `env` keeps the `APP_*` variables,
 * the ones an operator hands to apps (`mqtt.password_env` names one), and nothing else: no app
 * setting can ever read the operator's own (SERVICE_*, AWS_*...).
 */
export type Config = Readonly<z.output<typeof configSchema> & { env: Readonly<Record<string, string | undefined>> }>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return { ...parsed.data, env: Object.freeze(Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith("APP_")))) };
}
