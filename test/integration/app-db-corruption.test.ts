import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, openSync, readFileSync, writeSync, closeSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, it } from "node:test";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { FIRST_TOKEN, spawnService, type ServiceProcess } from "../helpers/process.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";

const LISTENING = /"port":(\d+),"msg":"listening"/;

async function started(env: Record<string, string>): Promise<{ svc: ServiceProcess; url: string }> {
  const svc = spawnService(env);
  const [, port] = await svc.waitFor(LISTENING);
  return { svc, url: `http://127.0.0.1:${port}` };
}

async function stopped(svc: ServiceProcess): Promise<void> {
  svc.child.kill("SIGTERM");
  assert.equal(await svc.exited(), 0);
}

/** The HTTP status a WebSocket upgrade request gets (101 when it is accepted). */
function upgradeStatus(base: string, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${p}`, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
  });
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("one app's damaged database (issue 12)", () => {
  it("starts anyway, serves every other app, answers 503 app_unavailable for that one, leaves its file alone and says what to do", async () => {
    const dataDir = tempDir();
    const env = { ...testEnv(dataDir), SERVICE_LOG_STDOUT: "on" };
    const first = await started(env);
    const [, token] = await first.svc.waitFor(FIRST_TOKEN);
    const call = (url: string, method: string, p: string, body?: unknown) => request(url, method, p, { token, body });
    for (const name of ["good", "bad"]) assert.equal((await call(first.url, "POST", "/api/v1/apps", { name })).status, 201);
    const keys: Record<string, string> = {};
    for (const name of ["good", "bad"]) {
      const minted = await call(first.url, "POST", `/api/v1/apps/${name}/ws-ingest`, { room: "door" });
      assert.equal(minted.status, 201);
      keys[name] = dataOf<{ key: string }>(minted).key;
    }
    await stopped(first.svc);

    // What the issue did: overwrite the first page of one app's database.
    const file = path.join(dataDir, "apps", "bad", "app.db");
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 0);
    closeSync(fd);
    const damaged = sha256(file);

    const second = await started(env);
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
      assert.equal(await upgradeStatus(second.url, `/ingest/ws?app=bad&room=bad-door&key=${keys["bad"]}`), 503);
      assert.equal((await fetch(`${second.url}/health`)).status, 200);
      // The list still shows it, so operators can see which app is down.
      const list = await call(second.url, "GET", "/api/v1/apps");
      assert.deepEqual((dataOf<Array<{ name: string }>>(list).map((a) => a.name)).sort(), ["bad", "good"]);
      // A caller who cannot see the app learns nothing new.
      assert.equal((await request(second.url, "GET", "/api/v1/apps/bad/streams")).status, 401);

      assert.match(second.svc.stdout(), /"level":50[^\n]*"app":"bad"[^\n]*"check":"open"[^\n]*restore this file from a backup/);
      assert.doesNotMatch(second.svc.stdout() + second.svc.stderr(), /unhandled|uncaught/);
    } finally {
      await stopped(second.svc);
    }
    assert.equal(sha256(file), damaged, "the damaged file is left exactly as it was");
    assert.ok(!existsSync(`${file}-wal`), "no WAL was started beside it");
  });
});
