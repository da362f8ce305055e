import { once } from "node:events";
import { pino, type Logger, type StreamEntry } from "pino";
import { build as prettyStream } from "pino-pretty";
import { createStream } from "rotating-file-stream";
import type { LogLevel } from "./config.ts";

export type LogLevelName = Exclude<LogLevel, "silent">;

/** One log line as subscribers see it: `app` and `source` say whom it is about. */
export interface LogRecord {
  readonly level: LogLevelName;
  readonly time: string;
  readonly msg: string;
  readonly app?: string;
  readonly source?: string;
  readonly [field: string]: unknown;
}

export type LogSubscriber = (record: LogRecord) => void;

export interface Logging {
  readonly logger: Logger;
  /** Receives every line at or above the logger's level; returns an unsubscribe function. */
  subscribe(subscriber: LogSubscriber): () => void;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

/**
 * The fields every line has, or that readers show apart (its app, its source): what remains is
 * a line's own `meta`, in the log store and in the lines forwarded over MQTT.
 */
export const STANDARD_LOG_FIELDS: ReadonlySet<string> = new Set(["level", "time", "msg", "app", "source", "component", "pid", "hostname", "service", "node"]);

export interface LoggingOptions {
  readonly level: LogLevel;
  readonly stdout: boolean;
  /** How stdout lines look: JSON lines (the default) or pino-pretty's coloured lines for a person. */
  readonly format?: "json" | "pretty";
  /** Directory of the rotated file; no file when absent. */
  readonly dir?: string;
  readonly maxBytes: number;
  readonly maxFiles: number;
  /** This node's name (SERVICE_NODE_ID), on every line, so lines from several nodes tell apart. */
  readonly node?: string;
}

const LEVEL_NAMES: Record<number, LogLevelName> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/**
 * Fields that never reach a log line (the file, stdout, the log store, MQTT): credentials by the
 * names this code base and its libraries give them, at the top of a line's fields and one level
 * down (`{ headers: { authorization } }`, `{ body: { password } }`). S3 object `key`s are not
 * secrets and stay readable.
 */
const SECRET_FIELDS = ["password", "newPassword", "currentPassword", "token", "accessToken", "secret", "apiSecret", "api_secret", "secretKey", "secretAccessKey", "authorization", "cookie", "clusterToken"];
const REDACTED = [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)];

/** The file in the data dir; archives are `service.log.1` (newest) to `service.log.<LOG_MAX_FILES>`. */
export const LOG_FILE = "service.log";

/**
 * Pretty lines for a person at a terminal. Synchronous, so nothing is lost at exit: a terminal's
 * reader is slower than any log rate that matters. The file and the log store stay JSON.
 */
function prettyStdout(): NodeJS.WritableStream {
  return prettyStream({ destination: 1, sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname,service" });
}

/**
 * One pino root logger writing to stdout and a size-rotated file, plus an in-process hook that
 * later feeds the log store and MQTT forwarding. Lines are parsed for the hook only while someone
 * subscribes, so logging costs nothing extra otherwise.
 */
export function createLogging(options: LoggingOptions): Logging {
  const subscribers = new Set<LogSubscriber>();
  const streams: StreamEntry<LogLevelName>[] = [];
  if (options.stdout) streams.push({ level: "trace", stream: options.format === "pretty" ? prettyStdout() : pino.destination({ fd: 1, sync: false }) });

  const file = options.dir
    ? createStream(LOG_FILE, { path: options.dir, size: `${options.maxBytes}B`, rotate: options.maxFiles, mode: 0o600 })
    : undefined;
  if (file) {
    // Mode 0600: the log can carry what only the operator should read (mail without SMTP).
    // A full disk must not take the service down with it; the line is lost, stderr says why.
    file.on("error", (err: Error) => process.stderr.write(`log file error: ${err.message}\n`));
    // Lines logged after close (late callbacks during shutdown) are dropped, not thrown.
    streams.push({ level: "trace", stream: { write: (line: string) => void (file.writableEnded || file.write(line)) } });
  }

  streams.push({
    level: "trace",
    stream: {
      write(line: string) {
        if (subscribers.size === 0) return;
        const raw = JSON.parse(line) as { level: number } & Record<string, unknown>;
        const record = { ...raw, level: LEVEL_NAMES[raw.level] ?? "info" } as LogRecord;
        for (const subscriber of subscribers) subscriber(record);
      },
    },
  });

  const logger = pino(
    { level: options.level, base: { service: "service-core", ...(options.node === undefined ? {} : { node: options.node }) }, timestamp: pino.stdTimeFunctions.isoTime, redact: { paths: REDACTED, censor: "[redacted]" } },
    pino.multistream(streams),
  );

  return {
    logger,
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      subscribers.clear();
      logger.flush();
      if (file) {
        file.end();
        await once(file, "finish");
      }
    },
  };
}
