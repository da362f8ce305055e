import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";

/**
 * A server secret that must survive restarts: the configured value wins; without one, a 384-bit
 * value is generated on first start into `<data>/<file>` (mode 0600) and read back afterwards.
 */
export function resolvePersistentSecret(
  options: { file: string; configured: string | undefined; variable: string },
  dataDir: string,
  logger: Logger,
): string {
  if (options.configured !== undefined) return options.configured;
  const file = path.join(dataDir, options.file);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const secret = randomBytes(48).toString("base64url");
  // `wx` fails if another process created it meanwhile; then that one's secret is the one to use.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw err;
  }
  logger.warn({ file }, `${options.variable} is not set: generated one and stored it in the data dir`);
  return secret;
}

/**
 * On PostgreSQL (`SERVICE_DATABASE_URL`) the keys must be configured, never generated: every node
 * must seal and sign with the same ones, and a key generated into the shared database would sit
 * beside the secrets it seals. Throws, naming what is missing, before anything is opened.
 */
export function requireConfiguredSecrets(options: { databaseUrl: string | undefined; masterKey: string | undefined; jwtSecret: string | undefined }): void {
  if (options.databaseUrl === undefined) return;
  const missing = [options.masterKey === undefined ? "SERVICE_MASTER_KEY" : undefined, options.jwtSecret === undefined ? "SERVICE_JWT_SECRET" : undefined].filter(
    (name) => name !== undefined,
  );
  if (missing.length === 0) return;
  throw new Error(
    `${missing.join(" and ")} must be set when SERVICE_DATABASE_URL is: every node sharing the database must seal secrets and sign sessions with the same keys, ` +
      "and a key generated into the shared database would sit beside the secrets it seals. Generate each once (for example `openssl rand -base64 48`) and give every node the same values",
  );
}
