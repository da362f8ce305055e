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
