import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import Database from "better-sqlite3";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { FIRST_TOKEN, startedService, stoppedCleanly } from "../helpers/process.ts";
import { upgradeStatus } from "../helpers/mjpeg.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

interface Health {
  status: string;
  files?: Array<{ file: string; status: string; problem?: string; action?: string }>;
}

/**
 * Three apps: `good`, `yaml` whose config.yaml gets damaged, and `sealed` whose media-server secret
 * gets tampered with. Each damage is made while the service is stopped; after the restart the
 * good app works and each damaged one says which file, what is wrong and what to do.
 */
describe("damaged per-app files: config.yaml and sealed secrets (issue 19)", () => {
  it("keeps the service and every other app up, answers 503 app_unavailable naming the file, reports it in db/health, leaves the file alone", async () => {
    const dataDir = tempDir();
    const env = { ...testEnv(dataDir), SERVICE_LOG_STDOUT: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" };
    const first = await startedService(env);
    const [, token] = await first.svc.waitFor(FIRST_TOKEN);
    const call = (url: string, method: string, p: string, body?: unknown) => request(url, method, p, { token, body });
    for (const name of ["good", "yaml", "sealed"]) assert.equal((await call(first.url, "POST", "/api/v1/apps", { name })).status, 201);
    const keys: Record<string, string> = {};
    for (const name of ["good", "yaml", "sealed"]) {
      const minted = await call(first.url, "POST", `/api/v1/apps/${name}/ws-ingest`, { room: "door" });
      assert.equal(minted.status, 201);
      keys[name] = dataOf<{ streamKey: string }>(minted).streamKey;
    }
    // The app's own media server: its API secret is sealed in the app's database.
    const media = { url: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", apiKey: "sealed-key", apiSecret: "a-sealed-secret-of-at-least-thirty-two-chars" };
    const putMedia = await call(first.url, "PUT", "/api/v1/apps/sealed/media-server", media);
    assert.ok(putMedia.status < 300, putMedia.text);
    await stoppedCleanly(first.svc);

    // config.yaml: not YAML any more (a half-written or hand-edited file).
    const yamlFile = path.join(dataDir, "apps", "yaml", "config.yaml");
    writeFileSync(yamlFile, "features:\n  publicPlayback: [unclosed\n");
    const yamlHash = sha256(yamlFile);
    // A sealed secret: one byte of its ciphertext flipped, so AES-GCM refuses it.
    const sealedDb = path.join(dataDir, "apps", "sealed", "app.db");
    const db = new Database(sealedDb);
    const row = db.prepare("SELECT value FROM secrets WHERE name = 'media_server.secret'").get() as { value: string };
    const parts = row.value.split(".");
    const data = parts[2] ?? "";
    parts[2] = `${data[0] === "A" ? "B" : "A"}${data.slice(1)}`;
    db.prepare("UPDATE secrets SET value = ? WHERE name = 'media_server.secret'").run(parts.join("."));
    db.close();

    const second = await startedService(env);
    try {
      assert.equal((await fetch(`${second.url}/health`)).status, 200);
      const good = await call(second.url, "GET", "/api/v1/apps/good/ws-ingest");
      assert.equal(good.status, 200, good.text);
      assert.equal(dataOf<unknown[]>(good).length, 1);
      assert.equal(dataOf<Health>(await call(second.url, "GET", "/api/v1/apps/good/db/health")).status, "ok");

      // The damaged config: every route that lives by the config answers 503 naming the file and what to do.
      for (const [method, p, body] of [
        ["GET", "/api/v1/apps/yaml", undefined],
        ["GET", "/api/v1/apps/yaml/config", undefined],
        ["POST", "/api/v1/apps/yaml/ws-ingest", { room: "hall" }],
      ] as const) {
        const res = await call(second.url, method, p, body);
        assert.equal(res.status, 503, `${method} ${p}: ${res.text}`);
        const error = errorOf<{ app: string; check: string }>(res);
        assert.equal(error.code, "app_unavailable");
        assert.equal(error.details?.app, "yaml");
        assert.equal(error.details?.check, "config");
        assert.match(error.message, /app yaml is unavailable: its config\.yaml is invalid: YAML parse error/);
        assert.match(error.message, /POST \/api\/v1\/apps\/yaml\/reload/);
      }
      // Its camera is refused before the upgrade; what does not depend on the config (its stored keys) still answers.
      const camera = (await upgradeStatus(second.port, `/ingest/ws?app=yaml&room=yaml-door&key=${keys["yaml"]}`)).status;
      assert.equal(camera, 503);
      assert.equal((await call(second.url, "GET", "/api/v1/apps/yaml/ws-ingest")).status, 200);
      // Every app is still listed, the damaged one too.
      const list = await call(second.url, "GET", "/api/v1/apps");
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(dataOf<Array<{ name: string }>>(list).map((a) => a.name).sort(), ["good", "sealed", "yaml"]);
      // What the operator needs to repair it still works: the raw text and the health report.
      const raw = await call(second.url, "GET", "/api/v1/apps/yaml/config/raw");
      assert.equal(raw.status, 200, raw.text);
      const yamlHealth = await call(second.url, "GET", "/api/v1/apps/yaml/db/health");
      assert.equal(yamlHealth.status, 200, yamlHealth.text);
      const yh = dataOf<Health>(yamlHealth);
      assert.equal(yh.status, "damaged");
      const yamlEntry = yh.files?.find((f) => f.file === "config.yaml");
      assert.equal(yamlEntry?.status, "damaged");
      assert.match(yamlEntry?.problem ?? "", /YAML parse error/);

      // The tampered secret: the routes that need it answer 503 naming the secret; the rest of the app works.
      const sealedUp = await call(second.url, "GET", "/api/v1/apps/sealed/ws-ingest");
      assert.equal(sealedUp.status, 200, sealedUp.text);
      const sh = dataOf<Health>(await call(second.url, "GET", "/api/v1/apps/sealed/db/health"));
      assert.equal(sh.status, "damaged");
      const secretEntry = sh.files?.find((f) => f.file === "secret media_server.secret");
      assert.equal(secretEntry?.status, "damaged");
      assert.match(secretEntry?.action ?? "", /set it again with PUT \/api\/v1\/apps\/sealed\/media-server/);
      // Never the global media server in its place: what needs the secret answers 503.
      const ingress = await call(second.url, "GET", "/api/v1/apps/sealed/ingress");
      assert.equal(ingress.status, 503, ingress.text);
      const error = errorOf<{ app: string; check: string }>(ingress);
      assert.equal(error.code, "app_unavailable");
      assert.equal(error.details?.check, "secrets");
      assert.match(error.message, /app sealed is unavailable: its stored secret media_server\.secret cannot be opened/);

      const out = second.svc.stdout();
      assert.match(out, /"level":50[^\n]*"app":"yaml"[^\n]*config\.yaml/);
      assert.match(out, /"level":50[^\n]*"app":"sealed"[^\n]*media_server\.secret/);
      assert.doesNotMatch(out + second.svc.stderr(), /unhandled|uncaught/);

      assert.equal(sha256(yamlFile), yamlHash, "the damaged file is left exactly as it was");
      // Repairing the config through the API brings the app back without a restart.
      const fixed = await call(second.url, "PUT", "/api/v1/apps/yaml/config/raw", { yaml: "features:\n  publicPlayback: true\n" });
      assert.equal(fixed.status, 200, fixed.text);
      assert.equal((await call(second.url, "GET", "/api/v1/apps/yaml/ws-ingest")).status, 200);
      assert.equal(dataOf<Health>(await call(second.url, "GET", "/api/v1/apps/yaml/db/health")).status, "ok");
      // Setting the secret again does the same for the sealed one.
      assert.ok((await call(second.url, "PUT", "/api/v1/apps/sealed/media-server", media)).status < 300);
      assert.equal(dataOf<Health>(await call(second.url, "GET", "/api/v1/apps/sealed/db/health")).status, "ok");
    } finally {
      await stoppedCleanly(second.svc);
    }
  });

  it("leaves a damaged config.yaml exactly as it was", async () => {
    const dataDir = tempDir();
    const env = { ...testEnv(dataDir), SERVICE_LOG_STDOUT: "on" };
    const first = await startedService(env);
    const [, token] = await first.svc.waitFor(FIRST_TOKEN);
    for (const name of ["good", "yaml"]) assert.equal((await request(first.url, "POST", "/api/v1/apps", { token, body: { name } })).status, 201);
    await stoppedCleanly(first.svc);
    const file = path.join(dataDir, "apps", "yaml", "config.yaml");
    // Valid YAML, invalid config.
    writeFileSync(file, "ws_ingest:\n  max_fps: -3\n");
    const before = sha256(file);
    const second = await startedService(env);
    try {
      const res = await request(second.url, "POST", "/api/v1/apps/yaml/ws-ingest", { token, body: { room: "door" } });
      assert.equal(res.status, 503, res.text);
      assert.match(errorOf(res).message, /ws_ingest\.max_fps/);
      assert.equal((await request(second.url, "POST", "/api/v1/apps/good/ws-ingest", { token, body: { room: "door" } })).status, 201);
    } finally {
      await stoppedCleanly(second.svc);
    }
    assert.equal(sha256(file), before, "the damaged file is left exactly as it was");
  });
});
