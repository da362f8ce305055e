import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, openSync, readFileSync, writeSync, closeSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { FIRST_TOKEN, startedService, stoppedCleanly } from "../helpers/process.ts";
import { upgradeStatus } from "../helpers/mjpeg.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("one app's damaged database (issue 12)", () => {
  it("starts anyway, serves every other app, answers 503 app_unavailable for that one, leaves its file alone and says what to do", async () => {
    const dataDir = tempDir();
    const env = { ...testEnv(dataDir), SERVICE_LOG_STDOUT: "on" };
    const first = await startedService(env);
    const [, token] = await first.svc.waitFor(FIRST_TOKEN);
    const call = (url: string, method: string, p: string, body?: unknown) => request(url, method, p, { token, body });
    for (const name of ["good", "bad"]) assert.equal((await call(first.url, "POST", "/api/v1/apps", { name })).status, 201);
    const keys: Record<string, string> = {};
    for (const name of ["good", "bad"]) {
      const minted = await call(first.url, "POST", `/api/v1/apps/${name}/ws-ingest`, { room: "door" });
      assert.equal(minted.status, 201);
      keys[name] = dataOf<{ key: string }>(minted).key;
    }
    await stoppedCleanly(first.svc);

    // What the issue did: overwrite the first page of one app's database.
    const file = path.join(dataDir, "apps", "bad", "app.db");
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
    closeSync(fd);
    const damaged = sha256(file);

    const second = await startedService(env);
    try {
      const health = await fetch(`${second.url}/health`);
      assert.equal(health.status, 200);
      const good = await call(second.url, "GET", "/api/v1/apps/good/ws-ingest");
      assert.equal(good.status, 200, good.text);
      assert.equal(dataOf<unknown[]>(good).length, 1, "the healthy app keeps its data");

      for (const [method, p] of [
        ["GET", "/api/v1/apps/bad"],
        ["GET", "/api/v1/apps/bad/ws-ingest"],
        ["GET", "/api/v1/apps/bad/streams"],
        ["GET", "/api/v1/apps/bad/config/raw"],
      ] as const) {
        const res = await call(second.url, method, p);
        assert.equal(res.status, 503, `${method} ${p}: ${res.text}`);
        const error = errorOf<{ app: string }>(res);
        assert.equal(error.code, "app_unavailable");
        assert.match(error.message, /app bad is unavailable/);
        assert.equal(error.details?.app, "bad");
      }
      // A camera of the damaged app is refused before the upgrade, and the process lives on.
      assert.equal((await upgradeStatus(second.port, `/ingest/ws?app=bad&room=bad-door&key=${keys["bad"]}`)).status, 503);
      assert.equal((await fetch(`${second.url}/health`)).status, 200);
      // The list still shows it, so operators can see which app is down.
      const list = await call(second.url, "GET", "/api/v1/apps");
      assert.deepEqual((dataOf<Array<{ name: string }>>(list).map((a) => a.name)).sort(), ["bad", "good"]);
      // A caller who cannot see the app learns nothing new.
      assert.equal((await request(second.url, "GET", "/api/v1/apps/bad/streams")).status, 401);

      assert.match(second.svc.stdout(), /"level":50[^\n]*"app":"bad"[^\n]*"check":"open"[^\n]*restore this file from a backup/);
      assert.doesNotMatch(second.svc.stdout() + second.svc.stderr(), /unhandled|uncaught/);
    } finally {
      await stoppedCleanly(second.svc);
    }
    assert.equal(sha256(file), damaged, "the damaged file is left exactly as it was");
    assert.ok(!existsSync(`${file}-wal`), "no WAL was started beside it");
  });
});
