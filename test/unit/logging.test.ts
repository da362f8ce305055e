import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { pino } from "pino";
import { resolvePersistentSecret } from "../../src/secrets/persistent-secret.ts";
import { createLogging, LOG_FILE, type LogRecord } from "../../src/logging.ts";
import { tempDir } from "../helpers/server.ts";

describe("logging", () => {
  it("writes JSON lines to the file and hands subscribers app and source", async () => {
    const dir = tempDir();
    const logging = createLogging({ level: "info", stdout: false, dir, maxBytes: 1 << 20, maxFiles: 2 });
    const seen: LogRecord[] = [];
    const unsubscribe = logging.subscribe((r) => seen.push(r));
    logging.logger.child({ app: "demo", source: "plugin:yolo" }).warn({ frames: 3 }, "worker slow");
    logging.logger.debug("below the level");
    unsubscribe();
    logging.logger.info("after unsubscribe");
    await logging.close();
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.level, "warn");
    assert.equal(seen[0]?.app, "demo");
    assert.equal(seen[0]?.source, "plugin:yolo");
    assert.equal(seen[0]?.msg, "worker slow");
    const lines = readFileSync(path.join(dir, LOG_FILE), "utf8").trim().split("\n");
    assert.equal(lines.length, 2);
    assert.equal((JSON.parse(lines[0] as string) as { frames: number }).frames, 3);
  });

  it("rotates by size and keeps at most LOG_MAX_FILES archives", async () => {
    const dir = tempDir();
    const logging = createLogging({ level: "info", stdout: false, dir, maxBytes: 2048, maxFiles: 3 });
    for (let i = 0; i < 200; i++) {
      logging.logger.info({ i, pad: "x".repeat(100) }, "line");
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await logging.close();
    const files = readdirSync(dir).filter((f) => f.startsWith(LOG_FILE)).sort();
    assert.deepEqual(files, [LOG_FILE, `${LOG_FILE}.1`, `${LOG_FILE}.2`, `${LOG_FILE}.3`]);
    for (const f of files) assert.ok(statSync(path.join(dir, f)).size <= 2048 + 400, f);
  });
});

describe("persistent secrets (JWT secret, master key)", () => {
  it("generates a strong secret once, stores it 0600, and reuses it", () => {
    const dir = tempDir();
    const logger = pino({ level: "silent" });
    const options = { file: "jwt-secret", variable: "SERVICE_JWT_SECRET" };
    const first = resolvePersistentSecret({ ...options, configured: undefined }, dir, logger);
    assert.ok(first.length >= 64);
    assert.equal(statSync(path.join(dir, "jwt-secret")).mode & 0o777, 0o600);
    assert.equal(resolvePersistentSecret({ ...options, configured: undefined }, dir, logger), first);
    const configured = "configured-secret-that-is-long-enough!!";
    assert.equal(resolvePersistentSecret({ ...options, configured }, dir, logger), configured);
  });
});
