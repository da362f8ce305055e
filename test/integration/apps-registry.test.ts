import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import type { AppView } from "../../src/apps/service.ts";
import { appDir, createApp, getApp, listNames, NO_FEATURES, RECORD_KEYS } from "../helpers/apps.ts";
import { assertInvalid, dataOf, errorOf } from "../helpers/envelope.ts";
import { storedBackups, storedConfig } from "../helpers/stored-config.ts";
import { sqliteOf, startServer, type TestServer } from "../helpers/server.ts";
import { serverBackend, sqliteOnly } from "../helpers/backends.ts";

function stagingEntries(server: TestServer): string[] {
  const staging = path.join(server.dataDir, "apps", ".staging");
  return existsSync(staging) && statSync(staging).isDirectory() ? readdirSync(staging) : [];
}

describe("apps registry: creation scaffold and its atomicity (SPEC 2.1, 4.1)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("scaffolds <data>/apps/<name>/ with config.yaml, app.db, recordings/, snapshots/, samples/ and answers the record", async () => {
    const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "scaffold", displayName: "Scaffold App", roomPrefix: "scf" } });
    assert.equal(res.status, 201, res.text);
    const created = dataOf<AppView>(res);
    assert.deepEqual(Object.keys(created).sort(), RECORD_KEYS);
    assert.equal(created.name, "scaffold");
    assert.equal(created.displayName, "Scaffold App");
    assert.equal(created.roomPrefix, "scf");
    assert.equal(created.tenantId, null);
    assert.equal(created.recordingEnabled, false);
    assert.equal(created.callbackUrl, "");
    assert.equal(created.callbackSecretSet, false);
    assert.deepEqual(created.features, NO_FEATURES);
    assert.ok(!Number.isNaN(Date.parse(created.createdAt)), created.createdAt);

    const dir = appDir(server, "scaffold");
    const entries = readdirSync(dir, { withFileTypes: true });
    const kinds = Object.fromEntries(entries.map((e) => [e.name, e.isDirectory() ? "dir" : "file"]));
    // On PostgreSQL the app's tables are its schema and its config a row there: neither is a file.
    const file = serverBackend === "sqlite" ? "file" : undefined;
    assert.deepEqual(
      { config: kinds["config.yaml"], db: kinds["app.db"], recordings: kinds["recordings"], snapshots: kinds["snapshots"], samples: kinds["samples"] },
      { config: file, db: file, recordings: "dir", snapshots: "dir", samples: "dir" },
    );
    const config = parse(await storedConfig(server, "scaffold")) as Record<string, unknown>;
    assert.equal(config["display_name"], "Scaffold App");
    assert.equal(config["room_prefix"], "scf");
    if (serverBackend === "sqlite") assert.equal(readFileSync(path.join(dir, "app.db")).subarray(0, 16).toString("latin1"), "SQLite format 3\0");
    assert.deepEqual(stagingEntries(server), [], "nothing is left in the staging folder");

    const got = await getApp(server, "scaffold");
    assert.deepEqual(got, created);
  });

  it("defaults displayName and roomPrefix to the name", async () => {
    const created = await createApp(server, { name: "defaults" });
    assert.equal(created.displayName, "defaults");
    assert.equal(created.roomPrefix, "defaults");
  });

  it("refuses a duplicate name with 409 and leaves the existing app untouched", async () => {
    await createApp(server, { name: "dupe", displayName: "First" });
    const before = Buffer.from(await storedConfig(server, "dupe"));
    const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "dupe", displayName: "Second" } });
    assert.equal(res.status, 409, res.text);
    assert.equal(errorOf(res).code, "conflict");
    assert.deepEqual(Buffer.from(await storedConfig(server, "dupe")), before);
    assert.equal((await getApp(server, "dupe")).displayName, "First");
    assert.equal((await listNames(server, server.rootToken)).filter((n) => n === "dupe").length, 1);
  });

  it("creates nothing when the staging folder cannot be made, and succeeds once the obstacle is gone", async () => {
    const apps = path.join(server.dataDir, "apps");
    mkdirSync(apps, { recursive: true });
    const blocker = path.join(apps, ".staging");
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, "not a folder\n");
    try {
      const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "blocked" } });
      assert.ok(res.status >= 500 && res.status < 600, `expected a 5xx, got ${res.status} ${res.text}`);
      assert.equal((await server.request("GET", "/api/v1/apps/blocked", { token: server.rootToken })).status, 404);
      assert.ok(!(await listNames(server, server.rootToken)).includes("blocked"), "the failed app is not listed");
      assert.ok(!existsSync(appDir(server, "blocked")), "no app folder after a failed create");
    } finally {
      rmSync(blocker, { force: true });
    }
    const created = await createApp(server, { name: "blocked" });
    assert.equal(created.name, "blocked");
    assert.ok(existsSync(appDir(server, "blocked")));
  });

  it("rolls the registry row back when the folder cannot be renamed into place", sqliteOnly("injects the fault with an SQLite trigger calling a JavaScript function"), async () => {
    const db = sqliteOf(server.app).global;
    const final = appDir(server, "rename-fails");
    // Fault injection: while the row is being inserted, something occupies the final folder, so
    // the rename inside the transaction fails.
    db.function("test_occupy_final", () => {
      mkdirSync(final, { recursive: true });
      writeFileSync(path.join(final, "squatter.txt"), "in the way\n");
      return 0;
    });
    db.exec("CREATE TRIGGER test_occupy AFTER INSERT ON apps WHEN NEW.name = 'rename-fails' BEGIN SELECT test_occupy_final(); END");
    try {
      const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "rename-fails" } });
      assert.ok(res.status >= 500 && res.status < 600, `expected a 5xx, got ${res.status} ${res.text}`);
      assert.equal((await server.request("GET", "/api/v1/apps/rename-fails", { token: server.rootToken })).status, 404);
      const row = db.prepare("SELECT count(*) AS n FROM apps WHERE name = ?").get("rename-fails") as { n: number };
      assert.equal(row.n, 0, "the registry row was rolled back");
      assert.deepEqual(readdirSync(final), ["squatter.txt"], "the scaffold did not land in the occupied folder");
      assert.deepEqual(stagingEntries(server), [], "the staged scaffold was cleaned up");
    } finally {
      db.exec("DROP TRIGGER IF EXISTS test_occupy");
      rmSync(final, { recursive: true, force: true });
    }
  });

  it("leaves no folder when the registry insert fails", sqliteOnly("injects the fault with an SQLite trigger"), async () => {
    const db = sqliteOf(server.app).global;
    db.exec("CREATE TRIGGER test_refuse BEFORE INSERT ON apps WHEN NEW.name = 'insert-fails' BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    try {
      const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "insert-fails" } });
      assert.ok(res.status >= 500 && res.status < 600, `expected a 5xx, got ${res.status} ${res.text}`);
      assert.ok(!existsSync(appDir(server, "insert-fails")));
      assert.deepEqual(stagingEntries(server), []);
    } finally {
      db.exec("DROP TRIGGER IF EXISTS test_refuse");
    }
    await createApp(server, { name: "insert-fails" });
  });
});

describe("apps registry: validation limits at the boundary (SPEC 4.1, 8)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, { name: "limits" });
  });
  after(() => server.close());

  it("accepts names of 3 and 32 characters and refuses 2 and 33", async () => {
    const name32 = `n${"a".repeat(30)}z`;
    const name33 = `n${"a".repeat(31)}z`;
    assert.equal(name32.length, 32);
    assert.equal(name33.length, 33);
    for (const name of ["abc", name32]) assert.equal((await createApp(server, { name })).name, name);
    for (const name of ["ab", name33]) {
      assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } }), "body.name", name);
      assert.ok(!existsSync(appDir(server, name)), name);
    }
    assert.ok(!(await listNames(server, server.rootToken)).some((n) => n === "ab" || n === name33), "refused names are not listed");
  });

  it("refuses names outside the slug rule", async () => {
    for (const name of ["-abc", "abc-", "Abc", "a_bc", "a.bc", "ab c", ""]) {
      assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } }), "body.name", JSON.stringify(name));
    }
    assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: {} }), "body.name", "missing name");
  });

  it("accepts displayName of 100 characters and refuses 101, on create and on PATCH", async () => {
    const d100 = "D".repeat(100);
    assert.equal((await createApp(server, { name: "dn-ok", displayName: d100 })).displayName, d100);
    assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "dn-bad", displayName: `${d100}D` } }), "body.displayName", "create 101");
    assert.ok(!existsSync(appDir(server, "dn-bad")));

    const ok = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { displayName: d100 } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(dataOf<AppView>(ok).displayName, d100);
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { displayName: `${d100}D` } }), "body.displayName", "patch 101");
    assert.equal((await getApp(server, "limits")).displayName, d100);
  });

  it("accepts roomPrefix of 40 characters and refuses 41, on create and on PATCH", async () => {
    const p40 = `p${"0".repeat(39)}`;
    const p41 = `${p40}1`;
    assert.equal((await createApp(server, { name: "rp-ok", roomPrefix: p40 })).roomPrefix, p40);
    assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "rp-bad", roomPrefix: p41 } }), "body.roomPrefix", "create 41");
    assert.ok(!existsSync(appDir(server, "rp-bad")));

    // Another 40 characters: rp-ok's prefix is its own (prefixes are apart, see room-prefixes.test.ts).
    const q40 = `q${"0".repeat(39)}`;
    const ok = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: q40 } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(dataOf<AppView>(ok).roomPrefix, q40);
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: p41 } }), "body.roomPrefix", "patch 41");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: "-lead" } }), "body.roomPrefix", "leading dash");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: "" } }), "body.roomPrefix", "empty");
    assert.equal((await getApp(server, "limits")).roomPrefix, q40);
  });

  it("accepts callbackUrl of 2048 characters and refuses 2049; only http(s) or empty", async () => {
    const base = "https://hooks.example.com/";
    const u2048 = base + "a".repeat(2048 - base.length);
    assert.equal(u2048.length, 2048);
    const ok = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackUrl: u2048 } });
    assert.equal(ok.status, 200, ok.text.slice(0, 500));
    assert.equal(dataOf<AppView>(ok).callbackUrl, u2048);
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackUrl: `${u2048}a` } }), "body.callbackUrl", "2049");
    assert.equal((await getApp(server, "limits")).callbackUrl, u2048);
    for (const bad of ["ftp://hooks.example.com/x", "not a url", "javascript:alert(1)"]) {
      assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackUrl: bad } }), "body.callbackUrl", bad);
    }
    const cleared = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackUrl: "" } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(dataOf<AppView>(cleared).callbackUrl, "");
  });

  it("accepts callbackSecret of 256 characters and refuses 257", async () => {
    const ok = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackSecret: "s".repeat(256) } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(dataOf<AppView>(ok).callbackSecretSet, true);
    const cleared = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackSecret: "" } });
    assert.equal(dataOf<AppView>(cleared).callbackSecretSet, false);
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { callbackSecret: "s".repeat(257) } }), "body.callbackSecret", "257");
    assert.equal((await getApp(server, "limits")).callbackSecretSet, false, "a refused secret is not stored");
  });

  it("refuses S3 credentials and other unknown keys on PATCH, writing nothing", async () => {
    const before = await storedConfig(server, "limits");
    const backups = await storedBackups(server, "limits");
    for (const body of [
      { s3: { bucket: "b" } },
      { key: "AKIAEXAMPLE" },
      { secret: "s3-secret" },
      { displayName: "with extra", s3Key: "x" },
      { features: { unknownFlag: true } },
    ]) {
      const res = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body });
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(errorOf(res).code, "validation_failed", JSON.stringify(body));
    }
    assert.equal(await storedConfig(server, "limits"), before);
    assert.deepEqual(await storedBackups(server, "limits"), backups);
    assert.notEqual((await getApp(server, "limits")).displayName, "with extra");
  });

  it("refuses wrong types and out-of-range numbers on PATCH", async () => {
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { recordingEnabled: "yes" } }), "body.recordingEnabled", "string bool");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { splitMinutes: -1 } }), "body.splitMinutes", "negative");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { snapshotSeconds: "10" } }), "body.snapshotSeconds", "string number");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { features: { chat: "on" } } }), "body.features.chat", "string flag");
  });
});

describe("apps registry: names and prefixes that read as YAML numbers, booleans or null", () => {
  // Own server: an app that cannot be read breaks GET /apps for every caller who can see it.
  let server: TestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  for (const body of [{ name: "123" }, { name: "null" }, { name: "true" }, { name: "hexprefix", roomPrefix: "0x1f" }, { name: "expprefix", roomPrefix: "1e5" }]) {
    it(`creates and serves ${JSON.stringify(body)} (valid by the slug and prefix rules)`, async () => {
      const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body });
      assert.equal(res.status, 201, res.text);
      const got = await server.request("GET", `/api/v1/apps/${body.name}`, { token: server.rootToken });
      assert.equal(got.status, 200, got.text);
      assert.equal(dataOf<AppView>(got).roomPrefix, body.roomPrefix ?? body.name);
      assert.equal(dataOf<AppView>(got).displayName, body.name);
      assert.equal((await server.request("GET", "/api/v1/apps", { token: server.rootToken })).status, 200, "the list still works");
    });
  }
});
