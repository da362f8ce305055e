import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";

const FILE = "jwt-secret";

/**
 * The HS256 key for human sessions. `SERVICE_JWT_SECRET` wins; without it a 384-bit key is
 * generated on first start and kept in the data dir (mode 0600) so sessions survive restarts.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string, logger: Logger): string {
  if (configured !== undefined) return configured;
  const file = path.join(dataDir, FILE);
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
  logger.warn({ file }, "SERVICE_JWT_SECRET is not set: generated one and stored it in the data dir");
  return secret;
}
