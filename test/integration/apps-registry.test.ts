import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import type { AppView } from "../../src/apps/service.ts";
import type { LogRecord } from "../../src/logging.ts";
import { assertInvalid, dataOf, errorOf } from "../helpers/envelope.ts";
import { acceptInvite, account, createToken, invite, login, signup } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const RECORD_KEYS = [
  "callbackSecretSet",
  "callbackUrl",
  "createdAt",
  "displayName",
  "features",
  "id",
  "name",
  "recordingEnabled",
  "roomPrefix",
  "snapshotSeconds",
  "splitMinutes",
  "tenantId",
  "updatedAt",
];
const NO_FEATURES = { publicPlayback: false, hiddenQc: false, rtmpPassword: false, chat: false, reactions: false };

function appDir(server: TestServer, name: string): string {
  return path.join(server.dataDir, "apps", name);
}

function stagingEntries(server: TestServer): string[] {
  const staging = path.join(server.dataDir, "apps", ".staging");
  return existsSync(staging) && statSync(staging).isDirectory() ? readdirSync(staging) : [];
}

async function createApp(server: TestServer, credential: string, body: Record<string, unknown>): Promise<AppView> {
  const res = await server.request("POST", "/api/v1/apps", { token: credential, body });
  assert.equal(res.status, 201, res.text);
  return dataOf<AppView>(res);
}

async function getApp(server: TestServer, name: string, credential = server.rootToken): Promise<AppView> {
  const res = await server.request("GET", `/api/v1/apps/${name}`, { token: credential });
  assert.equal(res.status, 200, res.text);
  return dataOf<AppView>(res);
}

async function listNames(server: TestServer, credential: string): Promise<string[]> {
  const res = await server.request("GET", "/api/v1/apps", { token: credential });
  assert.equal(res.status, 200, res.text);
  return dataOf<AppView[]>(res)
    .map((a) => a.name)
    .sort();
}

/** Every file under `dir`, recursively, as paths relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
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
    assert.deepEqual(
      { config: kinds["config.yaml"], db: kinds["app.db"], recordings: kinds["recordings"], snapshots: kinds["snapshots"], samples: kinds["samples"] },
      { config: "file", db: "file", recordings: "dir", snapshots: "dir", samples: "dir" },
    );
    const config = parse(readFileSync(path.join(dir, "config.yaml"), "utf8")) as Record<string, unknown>;
    assert.equal(config["display_name"], "Scaffold App");
    assert.equal(config["room_prefix"], "scf");
    assert.equal(readFileSync(path.join(dir, "app.db")).subarray(0, 16).toString("latin1"), "SQLite format 3\0");
    assert.deepEqual(stagingEntries(server), [], "nothing is left in the staging folder");

    const got = await getApp(server, "scaffold");
    assert.deepEqual(got, created);
  });

  it("defaults displayName and roomPrefix to the name", async () => {
    const created = await createApp(server, server.rootToken, { name: "defaults" });
    assert.equal(created.displayName, "defaults");
    assert.equal(created.roomPrefix, "defaults");
  });

  it("refuses a duplicate name with 409 and leaves the existing app untouched", async () => {
    await createApp(server, server.rootToken, { name: "dupe", displayName: "First" });
    const before = readFileSync(path.join(appDir(server, "dupe"), "config.yaml"));
    const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "dupe", displayName: "Second" } });
    assert.equal(res.status, 409, res.text);
    assert.equal(errorOf(res).code, "conflict");
    assert.deepEqual(readFileSync(path.join(appDir(server, "dupe"), "config.yaml")), before);
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
    const created = await createApp(server, server.rootToken, { name: "blocked" });
    assert.equal(created.name, "blocked");
    assert.ok(existsSync(path.join(appDir(server, "blocked"), "config.yaml")));
  });

  it("rolls the registry row back when the folder cannot be renamed into place", async () => {
    const db = server.app.databases.global;
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

  it("leaves no folder when the registry insert fails", async () => {
    const db = server.app.databases.global;
    db.exec("CREATE TRIGGER test_refuse BEFORE INSERT ON apps WHEN NEW.name = 'insert-fails' BEGIN SELECT RAISE(ABORT, 'injected failure'); END");
    try {
      const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "insert-fails" } });
      assert.ok(res.status >= 500 && res.status < 600, `expected a 5xx, got ${res.status} ${res.text}`);
      assert.ok(!existsSync(appDir(server, "insert-fails")));
      assert.deepEqual(stagingEntries(server), []);
    } finally {
      db.exec("DROP TRIGGER IF EXISTS test_refuse");
    }
    await createApp(server, server.rootToken, { name: "insert-fails" });
  });
});

describe("apps registry: validation limits at the boundary (SPEC 4.1, 8)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, server.rootToken, { name: "limits" });
  });
  after(() => server.close());

  it("accepts names of 3 and 32 characters and refuses 2 and 33", async () => {
    const name32 = `n${"a".repeat(30)}z`;
    const name33 = `n${"a".repeat(31)}z`;
    assert.equal(name32.length, 32);
    assert.equal(name33.length, 33);
    for (const name of ["abc", name32]) assert.equal((await createApp(server, server.rootToken, { name })).name, name);
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
    assert.equal((await createApp(server, server.rootToken, { name: "dn-ok", displayName: d100 })).displayName, d100);
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
    assert.equal((await createApp(server, server.rootToken, { name: "rp-ok", roomPrefix: p40 })).roomPrefix, p40);
    assertInvalid(await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "rp-bad", roomPrefix: p41 } }), "body.roomPrefix", "create 41");
    assert.ok(!existsSync(appDir(server, "rp-bad")));

    const ok = await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: p40 } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(dataOf<AppView>(ok).roomPrefix, p40);
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: p41 } }), "body.roomPrefix", "patch 41");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: "-lead" } }), "body.roomPrefix", "leading dash");
    assertInvalid(await server.request("PATCH", "/api/v1/apps/limits", { token: server.rootToken, body: { roomPrefix: "" } }), "body.roomPrefix", "empty");
    assert.equal((await getApp(server, "limits")).roomPrefix, p40);
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
    const file = path.join(appDir(server, "limits"), "config.yaml");
    const before = readFileSync(file);
    const backups = filesUnder(path.join(appDir(server, "limits"), "config-backups"));
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
    assert.deepEqual(readFileSync(file), before);
    assert.deepEqual(filesUnder(path.join(appDir(server, "limits"), "config-backups")), backups);
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

describe("apps registry: tenancy and roles (SPEC 1, 4.1, 5)", () => {
  let server: TestServer;
  const admin = { username: "breakglass", password: "break glass password, long" };
  let ownerA = "";
  let adminA = "";
  let memberA = "";
  let ownerB = "";
  let superadmin = "";
  let teamA = 0;
  let teamB = 0;
  let tokenA1 = "";
  let tokenB1 = "";
  let tokenP1 = "";

  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_ADMIN_USERNAME: admin.username, SERVICE_ADMIN_PASSWORD: admin.password });
    ownerA = await signup(server, "owner@a.example", "Team A");
    ownerB = await signup(server, "owner@b.example", "Team B");
    teamA = (await account(server, ownerA)).teamId ?? 0;
    teamB = (await account(server, ownerB)).teamId ?? 0;
    assert.ok(teamA > 0 && teamB > 0 && teamA !== teamB, "two distinct teams");
    memberA = await acceptInvite(server, "member@a.example", await invite(server, ownerA, "member@a.example", "member"));
    adminA = await acceptInvite(server, "admin@a.example", await invite(server, ownerA, "admin@a.example", "admin"));
    superadmin = await login(server, admin.username, admin.password);

    const a1 = await createApp(server, ownerA, { name: "a-one" });
    await createApp(server, adminA, { name: "a-two" });
    const b1 = await createApp(server, ownerB, { name: "b-one" });
    const p1 = await createApp(server, server.rootToken, { name: "p-one" });
    await createApp(server, superadmin, { name: "p-two" });
    tokenA1 = (await createToken(server, server.rootToken, { scope: "app", appId: a1.id })).token;
    tokenB1 = (await createToken(server, server.rootToken, { scope: "app", appId: b1.id })).token;
    tokenP1 = (await createToken(server, server.rootToken, { scope: "app", appId: p1.id })).token;
  });
  after(() => server.close());

  it("assigns the creator's tenant: team members' apps belong to the team, global token and superadmin apps to the platform", async () => {
    const tenants = Object.fromEntries(
      dataOf<AppView[]>(await server.request("GET", "/api/v1/apps", { token: server.rootToken })).map((a) => [a.name, a.tenantId]),
    );
    assert.deepEqual(tenants, { "a-one": teamA, "a-two": teamA, "b-one": teamB, "p-one": null, "p-two": null });
  });

  it("shows every app to the global token and the superadmin", async () => {
    const all = ["a-one", "a-two", "b-one", "p-one", "p-two"];
    assert.deepEqual(await listNames(server, server.rootToken), all);
    assert.deepEqual(await listNames(server, superadmin), all);
    for (const name of all) {
      assert.equal((await getApp(server, name, server.rootToken)).name, name);
      assert.equal((await getApp(server, name, superadmin)).name, name);
    }
  });

  it("shows tenant users only their team's apps, whatever their role", async () => {
    for (const [who, jwt] of [["owner", ownerA], ["admin", adminA], ["member", memberA]] as const) {
      assert.deepEqual(await listNames(server, jwt), ["a-one", "a-two"], who);
      assert.equal((await getApp(server, "a-one", jwt)).name, "a-one", who);
    }
    assert.deepEqual(await listNames(server, ownerB), ["b-one"]);
  });

  it("shows an app token its tenant's apps, and a platform app's token only its own app", async () => {
    assert.deepEqual(await listNames(server, tokenA1), ["a-one", "a-two"]);
    assert.deepEqual(await listNames(server, tokenB1), ["b-one"]);
    assert.deepEqual(await listNames(server, tokenP1), ["p-one"]);
    assert.equal((await getApp(server, "a-one", tokenA1)).name, "a-one");
    assert.equal((await getApp(server, "p-one", tokenP1)).name, "p-one");
  });

  it("answers another tenant's app as 404 on GET, sizes, PATCH and DELETE, and changes nothing", async () => {
    const before = readFileSync(path.join(appDir(server, "a-one"), "config.yaml"));
    for (const [who, credential] of [["owner B", ownerB], ["B's app token", tokenB1], ["platform app token", tokenP1]] as const) {
      for (const [method, p, body] of [
        ["GET", "/api/v1/apps/a-one", undefined],
        ["GET", "/api/v1/apps/a-one/sizes", undefined],
        ["PATCH", "/api/v1/apps/a-one", { displayName: "hijacked" }],
        ["DELETE", "/api/v1/apps/a-one?deleteVods=true", undefined],
      ] as const) {
        const res = await server.request(method, p, { token: credential, body });
        assert.equal(res.status, 404, `${who} ${method} ${p}: ${res.text}`);
        assert.equal(errorOf(res).code, "not_found");
      }
    }
    for (const [method, p] of [["GET", "/api/v1/apps/p-one"], ["PATCH", "/api/v1/apps/p-one"], ["DELETE", "/api/v1/apps/p-one"]] as const) {
      assert.equal((await server.request(method, p, { token: ownerA, body: method === "PATCH" ? { displayName: "x" } : undefined })).status, 404, `owner A ${method} platform app`);
    }
    assert.deepEqual(readFileSync(path.join(appDir(server, "a-one"), "config.yaml")), before);
    assert.ok(existsSync(appDir(server, "a-one")));
    assert.equal((await getApp(server, "a-one")).displayName, "a-one");
  });

  it("refuses anonymous callers with 401", async () => {
    assert.equal((await server.request("GET", "/api/v1/apps")).status, 401);
    assert.equal((await server.request("GET", "/api/v1/apps/a-one")).status, 401);
    assert.equal((await server.request("POST", "/api/v1/apps", { body: { name: "anon-app" } })).status, 401);
  });

  it("lets a member read but not PATCH (config:write) nor DELETE (app:delete) nor create", async () => {
    assert.equal((await server.request("GET", "/api/v1/apps/a-one/sizes", { token: memberA })).status, 200);
    const patch = await server.request("PATCH", "/api/v1/apps/a-one", { token: memberA, body: { displayName: "by member" } });
    assert.equal(patch.status, 403, patch.text);
    assert.equal(errorOf(patch).code, "forbidden");
    const del = await server.request("DELETE", "/api/v1/apps/a-one", { token: memberA });
    assert.equal(del.status, 403, del.text);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: memberA, body: { name: "by-member" } })).status, 403);
    assert.equal((await getApp(server, "a-one")).displayName, "a-one");
    assert.ok(existsSync(appDir(server, "a-one")));
    assert.ok(!existsSync(appDir(server, "by-member")));
  });

  it("lets an admin PATCH but not DELETE", async () => {
    const patch = await server.request("PATCH", "/api/v1/apps/a-two", { token: adminA, body: { displayName: "by admin" } });
    assert.equal(patch.status, 200, patch.text);
    assert.equal(dataOf<AppView>(patch).displayName, "by admin");
    const del = await server.request("DELETE", "/api/v1/apps/a-two?deleteVods=true", { token: adminA });
    assert.equal(del.status, 403, del.text);
    assert.ok(existsSync(appDir(server, "a-two")));
    assert.equal((await getApp(server, "a-two")).displayName, "by admin");
  });

  it("applies the same roles to the raw config: members read and validate, admins write", async () => {
    const raw = "/api/v1/apps/a-two/config/raw";
    const before = readFileSync(path.join(appDir(server, "a-two"), "config.yaml"));
    const read = await server.request("GET", raw, { token: memberA });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.text, before.toString("utf8"));
    assert.equal((await server.request("GET", "/api/v1/apps/a-two/config/backups", { token: memberA })).status, 200);
    assert.equal((await server.request("POST", `${raw}/validate`, { token: memberA, body: { yaml: "display_name: member\n" } })).status, 200);
    for (const [method, p, body] of [
      ["PUT", raw, { yaml: "display_name: member\n" }],
      ["POST", "/api/v1/apps/a-two/reload", undefined],
      ["POST", "/api/v1/apps/a-two/config/backups/20000101T000000000Z/revert", undefined],
    ] as const) {
      const res = await server.request(method, p, { token: memberA, body });
      assert.equal(res.status, 403, `member ${method} ${p}: ${res.text}`);
    }
    assert.deepEqual(readFileSync(path.join(appDir(server, "a-two"), "config.yaml")), before);
    for (const credential of [ownerB, tokenB1]) {
      assert.equal((await server.request("GET", raw, { token: credential })).status, 404);
      assert.equal((await server.request("PUT", raw, { token: credential, body: { yaml: "display_name: intruder\n" } })).status, 404);
    }
    assert.deepEqual(readFileSync(path.join(appDir(server, "a-two"), "config.yaml")), before);
    const put = await server.request("PUT", raw, { token: adminA, body: { yaml: "display_name: by admin raw\n" } });
    assert.equal(put.status, 200, put.text);
    assert.equal((await getApp(server, "a-two", adminA)).displayName, "by admin raw");
  });

  it("gives an app created with a tenant's app token to that tenant", async () => {
    const res = await server.request("POST", "/api/v1/apps", { token: tokenA1, body: { name: "a-by-token" } });
    assert.equal(res.status, 201, res.text);
    assert.equal(dataOf<AppView>(res).tenantId, teamA);
    assert.ok((await listNames(server, ownerA)).includes("a-by-token"), "team A sees the app its token created");
    assert.ok(!(await listNames(server, ownerB)).includes("a-by-token"), "team B does not see team A's app");
    assert.equal((await server.request("DELETE", "/api/v1/apps/a-by-token?deleteVods=true", { token: ownerA })).status, 200);
  });

  it("lets an owner PATCH and DELETE the team's app", async () => {
    await createApp(server, ownerA, { name: "a-doomed" });
    const patch = await server.request("PATCH", "/api/v1/apps/a-doomed", { token: ownerA, body: { displayName: "by owner" } });
    assert.equal(patch.status, 200, patch.text);
    const del = await server.request("DELETE", "/api/v1/apps/a-doomed", { token: ownerA });
    assert.equal(del.status, 200, del.text);
    assert.deepEqual(dataOf<unknown>(del), { deleted: true, name: "a-doomed" });
    assert.equal((await server.request("GET", "/api/v1/apps/a-doomed", { token: ownerA })).status, 404);
    assert.deepEqual(await listNames(server, ownerA), ["a-one", "a-two"]);
  });
});

describe("apps registry: PATCH, masked callback secret, sizes and DELETE (SPEC 2.1, 4.1)", () => {
  let server: TestServer;
  const logs: string[] = [];

  before(async () => {
    server = await startServer({ SERVICE_LOG_LEVEL: "trace" });
    server.app.logging.subscribe((r: LogRecord) => logs.push(JSON.stringify(r)));
  });
  after(() => server.close());

  it("merges features partially: flags not named keep their value", async () => {
    await createApp(server, server.rootToken, { name: "feats" });
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
    const onDisk = parse(readFileSync(path.join(appDir(server, "feats"), "config.yaml"), "utf8")) as { features?: Record<string, boolean> };
    assert.equal(onDisk.features?.["reactions"], true);
    assert.equal(onDisk.features?.["publicPlayback"], true);
    assert.notEqual(onDisk.features?.["chat"], true);
  });

  it("edits the other top-level fields, persists them in config.yaml and moves updatedAt", async () => {
    const created = await createApp(server, server.rootToken, { name: "fields" });
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
    const onDisk = parse(readFileSync(path.join(appDir(server, "fields"), "config.yaml"), "utf8")) as {
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
    await createApp(server, server.rootToken, { name: "secretive" });
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
    await createApp(server, server.rootToken, { name: "sized" });
    // A write to the app database (the secret lives there), so its WAL holds pages too.
    assert.equal((await server.request("PATCH", "/api/v1/apps/sized", { token: server.rootToken, body: { callbackSecret: "x".repeat(200) } })).status, 200);
    const db = path.join(appDir(server, "sized"), "app.db");
    assert.ok(existsSync(`${db}-wal`) && statSync(`${db}-wal`).size > 0, "the app database has a non-empty WAL");
    const res = await server.request("GET", "/api/v1/apps/sized/sizes", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    const sizes = dataOf<{ appDbBytes: number; vodBytes: number; vodCount: number }>(res);
    assert.deepEqual(Object.keys(sizes).sort(), ["appDbBytes", "vodBytes", "vodCount"]);
    const onDisk = statSync(db).size + (existsSync(`${db}-wal`) ? statSync(`${db}-wal`).size : 0);
    assert.ok(sizes.appDbBytes > 0, "appDbBytes is positive");
    assert.equal(sizes.appDbBytes, onDisk);
    assert.equal(sizes.vodBytes, 0);
    assert.equal(sizes.vodCount, 0);
    assert.equal((await server.request("GET", "/api/v1/apps/nope/sizes", { token: server.rootToken })).status, 404);
  });

  it("DELETE without deleteVods moves the folder, recordings included, to <data>/deleted/<name>-<time>/", async () => {
    await createApp(server, server.rootToken, { name: "keepvods" });
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
    assert.ok(existsSync(path.join(kept, "config.yaml")));
    assert.ok(existsSync(path.join(kept, "app.db")));
    assert.equal((await server.request("GET", "/api/v1/apps/keepvods", { token: server.rootToken })).status, 404);
    assert.ok(!(await listNames(server, server.rootToken)).includes("keepvods"), "the deleted app is not listed");
    assert.equal((await server.request("DELETE", "/api/v1/apps/keepvods", { token: server.rootToken })).status, 404);
  });

  it("DELETE with deleteVods=true removes the folder entirely", async () => {
    await createApp(server, server.rootToken, { name: "purge" });
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
    await createApp(server, server.rootToken, { name: "stays" });
    assertInvalid(await server.request("DELETE", "/api/v1/apps/stays?deleteVods=yes", { token: server.rootToken }), "query.deleteVods", "deleteVods=yes");
    assert.ok(existsSync(appDir(server, "stays")));
    assert.equal((await getApp(server, "stays")).name, "stays");
  });

  it("re-creates a deleted name from scratch: fresh config, no secret carried over", async () => {
    await createApp(server, server.rootToken, { name: "phoenix", displayName: "First life" });
    assert.equal((await server.request("PATCH", "/api/v1/apps/phoenix", { token: server.rootToken, body: { callbackSecret: "old-life-secret", features: { chat: true } } })).status, 200);
    assert.equal((await server.request("DELETE", "/api/v1/apps/phoenix?deleteVods=true", { token: server.rootToken })).status, 200);
    const again = await createApp(server, server.rootToken, { name: "phoenix", displayName: "Second life" });
    assert.equal(again.displayName, "Second life");
    assert.equal(again.callbackSecretSet, false);
    assert.deepEqual(again.features, NO_FEATURES);
    assert.deepEqual(await getApp(server, "phoenix"), again);
  });
});
