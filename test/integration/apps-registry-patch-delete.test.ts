import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import type { AppView } from "../../src/apps/service.ts";
import type { LogRecord } from "../../src/logging.ts";
import { appDir, createApp, filesUnder, getApp, listNames, NO_FEATURES, RECORD_KEYS } from "../helpers/apps.ts";
import { assertInvalid, dataOf } from "../helpers/envelope.ts";
import { storedConfig } from "../helpers/stored-config.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { serverBackend } from "../helpers/backends.ts";

describe("apps registry: PATCH, masked callback secret, sizes and DELETE (SPEC 2.1, 4.1)", () => {
  let server: TestServer;
  const logs: string[] = [];

  before(async () => {
    server = await startServer({ SERVICE_LOG_LEVEL: "trace" });
    server.app.logging.subscribe((r: LogRecord) => logs.push(JSON.stringify(r)));
  });
  after(() => server.close());

  it("merges features partially: flags not named keep their value", async () => {
    await createApp(server, { name: "feats" });
    const step = async (features: Record<string, boolean>) => {
      const res = await server.request("PATCH", "/api/v1/apps/feats", { token: server.rootToken, body: { features } });
      assert.equal(res.status, 200, res.text);
      return dataOf<AppView>(res).features;
    };
    assert.deepEqual(await step({ chat: true }), { ...NO_FEATURES, chat: true });
    assert.deepEqual(await step({ reactions: true }), { ...NO_FEATURES, chat: true, reactions: true });
    assert.deepEqual(await step({ chat: false, publicPlayback: true }), { ...NO_FEATURES, reactions: true, publicPlayback: true });
    const other = await server.request("PATCH", "/api/v1/apps/feats", { token: server.rootToken, body: { displayName: "Features" } });
    assert.equal(other.status, 200, other.text);
    const want = { ...NO_FEATURES, reactions: true, publicPlayback: true };
    assert.deepEqual(dataOf<AppView>(other).features, want, "a PATCH without features leaves them alone");
    assert.deepEqual((await getApp(server, "feats")).features, want);
    const onDisk = parse((await storedConfig(server, "feats"))) as { features?: Record<string, boolean> };
    assert.equal(onDisk.features?.["reactions"], true);
    assert.equal(onDisk.features?.["publicPlayback"], true);
    assert.notEqual(onDisk.features?.["chat"], true);
  });

  it("edits the other top-level fields, persists them in config.yaml and moves updatedAt", async () => {
    const created = await createApp(server, { name: "fields" });
    await new Promise((r) => setTimeout(r, 5));
    const res = await server.request("PATCH", "/api/v1/apps/fields", {
      token: server.rootToken,
      body: { displayName: "Fields", roomPrefix: "fld", recordingEnabled: true, splitMinutes: 30, snapshotSeconds: 10, callbackUrl: "https://hooks.example.com/in" },
    });
    assert.equal(res.status, 200, res.text);
    const got = await getApp(server, "fields");
    assert.deepEqual(
      { ...got, createdAt: undefined, updatedAt: undefined },
      {
        ...created,
        createdAt: undefined,
        updatedAt: undefined,
        displayName: "Fields",
        roomPrefix: "fld",
        recordingEnabled: true,
        splitMinutes: 30,
        snapshotSeconds: 10,
        callbackUrl: "https://hooks.example.com/in",
      },
    );
    assert.equal(got.createdAt, created.createdAt);
    assert.ok(Date.parse(got.updatedAt) > Date.parse(created.updatedAt), `${got.updatedAt} after ${created.updatedAt}`);
    const onDisk = parse((await storedConfig(server, "fields"))) as {
      display_name: string;
      room_prefix: string;
      recording: { enabled: boolean; split_minutes: number; snapshot_seconds: number };
      callbacks: { url: string };
    };
    assert.deepEqual(
      { d: onDisk.display_name, p: onDisk.room_prefix, r: onDisk.recording, u: onDisk.callbacks.url },
      { d: "Fields", p: "fld", r: { enabled: true, split_minutes: 30, snapshot_seconds: 10 }, u: "https://hooks.example.com/in" },
    );
  });

  it("never shows the callback secret: not in any GET, config.yaml, backups, app.db in plaintext, or the log", async () => {
    await createApp(server, { name: "secretive" });
    const secret = "cb-secret-Zq8vN3xK7wLp2Rt9";
    const res = await server.request("PATCH", "/api/v1/apps/secretive", {
      token: server.rootToken,
      body: { callbackSecret: secret, callbackUrl: "https://hooks.example.com/cb" },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<AppView>(res).callbackSecretSet, true);
    assert.ok(!res.text.includes(secret), "PATCH response");
    // Another config write, so the file as it stood after the secret was set is backed up too.
    assert.equal((await server.request("PATCH", "/api/v1/apps/secretive", { token: server.rootToken, body: { displayName: "Secretive" } })).status, 200);

    const bodies = await Promise.all(
      ["/api/v1/apps", "/api/v1/apps/secretive", "/api/v1/apps/secretive/sizes", "/api/v1/apps/secretive/config/raw", "/api/v1/apps/secretive/config/backups"].map(
        async (p) => [p, await server.request("GET", p, { token: server.rootToken })] as const,
      ),
    );
    for (const [p, r] of bodies) {
      assert.equal(r.status, 200, `${p}: ${r.text}`);
      assert.ok(!r.text.includes(secret), `${p} shows the secret`);
    }
    const record = dataOf<AppView>(bodies[1]?.[1] ?? (await server.request("GET", "/api/v1/apps/secretive", { token: server.rootToken })));
    assert.equal(record.callbackSecretSet, true);
    assert.deepEqual(Object.keys(record).sort(), RECORD_KEYS);

    const backups = dataOf<Array<{ ts: string }>>(await server.request("GET", "/api/v1/apps/secretive/config/backups", { token: server.rootToken }));
    assert.ok(backups.length >= 1, "the PATCHes left backups");
    for (const b of backups) {
      const one = await server.request("GET", `/api/v1/apps/secretive/config/backups/${b.ts}`, { token: server.rootToken });
      assert.ok(!one.text.includes(secret), `backup ${b.ts}`);
    }
    const dir = appDir(server, "secretive");
    for (const file of filesUnder(dir)) {
      assert.ok(!readFileSync(path.join(dir, file)).includes(secret), `${file} holds the secret in plaintext`);
    }
    assert.ok(logs.length > 0, "the server logged something");
    for (const line of logs) assert.ok(!line.includes(secret), `log line holds the secret: ${line}`);

    const cleared = await server.request("PATCH", "/api/v1/apps/secretive", { token: server.rootToken, body: { callbackSecret: "" } });
    assert.equal(dataOf<AppView>(cleared).callbackSecretSet, false);
  });

  it("reports sizes: the app database's bytes on disk (WAL included) and no VODs for a new app", async () => {
    await createApp(server, { name: "sized" });
    // A write to the app database (the secret lives there), so its WAL holds pages too.
    assert.equal((await server.request("PATCH", "/api/v1/apps/sized", { token: server.rootToken, body: { callbackSecret: "x".repeat(200) } })).status, 200);
    const db = path.join(appDir(server, "sized"), "app.db");
    if (serverBackend === "sqlite") assert.ok(existsSync(`${db}-wal`) && statSync(`${db}-wal`).size > 0, "the app database has a non-empty WAL");
    const res = await server.request("GET", "/api/v1/apps/sized/sizes", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    const sizes = dataOf<{ appDbBytes: number; vodBytes: number; vodCount: number }>(res);
    assert.deepEqual(Object.keys(sizes).sort(), ["appDbBytes", "vodBytes", "vodCount"]);
    assert.ok(sizes.appDbBytes > 0, "appDbBytes is positive");
    // On PostgreSQL the bytes are the schema's tables and indexes, which no file shows.
    if (serverBackend === "sqlite") assert.equal(sizes.appDbBytes, statSync(db).size + (existsSync(`${db}-wal`) ? statSync(`${db}-wal`).size : 0));
    assert.equal(sizes.vodBytes, 0);
    assert.equal(sizes.vodCount, 0);
    assert.equal((await server.request("GET", "/api/v1/apps/nope/sizes", { token: server.rootToken })).status, 404);
  });

  it("DELETE without deleteVods moves the folder, recordings included, to <data>/deleted/<name>-<time>/", async () => {
    await createApp(server, { name: "keepvods" });
    const dir = appDir(server, "keepvods");
    writeFileSync(path.join(dir, "recordings", "part-1.mp4"), "not really a video");
    const res = await server.request("DELETE", "/api/v1/apps/keepvods", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(dataOf<unknown>(res), { deleted: true, name: "keepvods" });
    assert.ok(!existsSync(dir), "the app folder left apps/");
    const graveyard = path.join(server.dataDir, "deleted");
    const moved = readdirSync(graveyard).filter((d) => d.startsWith("keepvods-"));
    assert.equal(moved.length, 1, readdirSync(graveyard).join(", "));
    const kept = path.join(graveyard, moved[0] ?? "");
    assert.equal(readFileSync(path.join(kept, "recordings", "part-1.mp4"), "utf8"), "not really a video");
    // On PostgreSQL the config and tables were rows of the app's schema, dropped with it.
    if (serverBackend === "sqlite") assert.ok(existsSync(path.join(kept, "config.yaml")) && existsSync(path.join(kept, "app.db")), "the app's config and database files went with it");
    assert.equal((await server.request("GET", "/api/v1/apps/keepvods", { token: server.rootToken })).status, 404);
    assert.ok(!(await listNames(server, server.rootToken)).includes("keepvods"), "the deleted app is not listed");
    assert.equal((await server.request("DELETE", "/api/v1/apps/keepvods", { token: server.rootToken })).status, 404);
  });

  it("DELETE with deleteVods=true removes the folder entirely", async () => {
    await createApp(server, { name: "purge" });
    const dir = appDir(server, "purge");
    writeFileSync(path.join(dir, "recordings", "part-1.mp4"), "not really a video");
    // Open the app database first, as a live app would have it.
    assert.equal((await server.request("GET", "/api/v1/apps/purge/sizes", { token: server.rootToken })).status, 200);
    const res = await server.request("DELETE", "/api/v1/apps/purge?deleteVods=true", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(dataOf<unknown>(res), { deleted: true, name: "purge" });
    assert.ok(!existsSync(dir), "the app folder is gone");
    const graveyard = path.join(server.dataDir, "deleted");
    assert.deepEqual(existsSync(graveyard) ? readdirSync(graveyard).filter((d) => d.startsWith("purge-")) : [], []);
    assert.equal((await server.request("GET", "/api/v1/apps/purge", { token: server.rootToken })).status, 404);
  });

  it("refuses a malformed deleteVods value and deletes nothing", async () => {
    await createApp(server, { name: "stays" });
    assertInvalid(await server.request("DELETE", "/api/v1/apps/stays?deleteVods=yes", { token: server.rootToken }), "query.deleteVods", "deleteVods=yes");
    assert.ok(existsSync(appDir(server, "stays")));
    assert.equal((await getApp(server, "stays")).name, "stays");
  });

  it("re-creates a deleted name from scratch: fresh config, no secret carried over", async () => {
    await createApp(server, { name: "phoenix", displayName: "First life" });
    assert.equal((await server.request("PATCH", "/api/v1/apps/phoenix", { token: server.rootToken, body: { callbackSecret: "old-life-secret", features: { chat: true } } })).status, 200);
    assert.equal((await server.request("DELETE", "/api/v1/apps/phoenix?deleteVods=true", { token: server.rootToken })).status, 200);
    const again = await createApp(server, { name: "phoenix", displayName: "Second life" });
    assert.equal(again.displayName, "Second life");
    assert.equal(again.callbackSecretSet, false);
    assert.deepEqual(again.features, NO_FEATURES);
    assert.deepEqual(await getApp(server, "phoenix"), again);
  });
});
