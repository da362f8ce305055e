import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import type { BackupInfo } from "../../src/apps/config/files.ts";
import type { LogRecord } from "../../src/logging.ts";
import { dataOf, errorOf, type ValidationIssue } from "../helpers/envelope.ts";
import { startServer, type TestResponse, type TestServer } from "../helpers/server.ts";

function configFile(server: TestServer, app: string): string {
  return path.join(server.dataDir, "apps", app, "config.yaml");
}

function backupsDir(server: TestServer, app: string): string {
  return path.join(server.dataDir, "apps", app, "config-backups");
}

/** Every file in the app folder except the database, which is binary and holds no YAML. */
function textFilesOf(server: TestServer, app: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return walk(path.join(server.dataDir, "apps", app)).filter((f) => !/app\.db(-wal|-shm)?$/.test(f));
}

async function createApp(server: TestServer, name: string, displayName = name): Promise<void> {
  const res = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name, displayName } });
  assert.equal(res.status, 201, res.text);
}

async function putRaw(server: TestServer, app: string, yaml: string): Promise<TestResponse> {
  return server.request("PUT", `/api/v1/apps/${app}/config/raw`, { token: server.rootToken, body: { yaml } });
}

async function listBackups(server: TestServer, app: string): Promise<BackupInfo[]> {
  const res = await server.request("GET", `/api/v1/apps/${app}/config/backups`, { token: server.rootToken });
  assert.equal(res.status, 200, res.text);
  return dataOf<BackupInfo[]>(res);
}

async function readBackup(server: TestServer, app: string, ts: string): Promise<string> {
  const res = await server.request("GET", `/api/v1/apps/${app}/config/backups/${ts}`, { token: server.rootToken });
  assert.equal(res.status, 200, res.text);
  const data = dataOf<{ ts: string; yaml: string }>(res);
  assert.equal(data.ts, ts);
  return data.yaml;
}

async function displayNameOf(server: TestServer, app: string): Promise<string> {
  const res = await server.request("GET", `/api/v1/apps/${app}`, { token: server.rootToken });
  assert.equal(res.status, 200, res.text);
  return dataOf<{ displayName: string }>(res).displayName;
}

function configWith(displayName: string, extra = ""): string {
  return `# edited by the config tests\ndisplay_name: ${JSON.stringify(displayName)}\nroom_prefix: cfg\nrecording:\n  enabled: true\n  split_minutes: 15\n${extra}`;
}

/** Snapshot of what a refused write must not change. */
async function stateOf(server: TestServer, app: string): Promise<{ file: Buffer; backups: BackupInfo[]; files: string[]; displayName: string }> {
  return {
    file: readFileSync(configFile(server, app)),
    backups: await listBackups(server, app),
    files: existsSync(backupsDir(server, app)) ? readdirSync(backupsDir(server, app)).sort() : [],
    displayName: await displayNameOf(server, app),
  };
}

async function assertUnchanged(server: TestServer, app: string, before: Awaited<ReturnType<typeof stateOf>>, label: string): Promise<void> {
  const now = await stateOf(server, app);
  assert.ok(now.file.equals(before.file), `${label}: config.yaml changed`);
  assert.deepEqual(now.backups, before.backups, `${label}: backups changed`);
  assert.deepEqual(now.files, before.files, `${label}: files in config-backups changed`);
  assert.equal(now.displayName, before.displayName, `${label}: live config changed`);
}

describe("raw config: read, write, validate, backups, revert, reload (SPEC 4.2, 2.11)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, "cfg", "Config App");
  });
  after(() => server.close());

  it("GET config/raw answers the file verbatim as YAML", async () => {
    const res = await server.request("GET", "/api/v1/apps/cfg/config/raw", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^(text|application)\/yaml\b/);
    assert.equal(res.text, readFileSync(configFile(server, "cfg"), "utf8"));
    assert.equal((parse(res.text) as { display_name: string }).display_name, "Config App");
    assert.equal((await server.request("GET", "/api/v1/apps/nope/config/raw", { token: server.rootToken })).status, 404);
  });

  it("PUT validates, backs up the previous file, writes the text exactly and hot-reloads", async () => {
    const previous = readFileSync(configFile(server, "cfg"), "utf8");
    const before = await listBackups(server, "cfg");
    const text = configWith("Written by PUT");
    const res = await putRaw(server, "cfg", text);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(dataOf<unknown>(res), { reloaded: true, warnings: [] });
    assert.equal(readFileSync(configFile(server, "cfg"), "utf8"), text, "written byte for byte, comments included");
    assert.equal((await server.request("GET", "/api/v1/apps/cfg/config/raw", { token: server.rootToken })).text, text);

    const after = await listBackups(server, "cfg");
    assert.equal(after.length, before.length + 1);
    const newest = after[0];
    assert.ok(newest, "a backup was listed");
    assert.ok(!before.some((b) => b.ts === newest.ts), "the newest backup is the new one");
    assert.equal(await readBackup(server, "cfg", newest.ts), previous);
    assert.equal(newest.sizeBytes, Buffer.byteLength(previous));

    const app = dataOf<{ displayName: string; recordingEnabled: boolean; splitMinutes: number }>(
      await server.request("GET", "/api/v1/apps/cfg", { token: server.rootToken }),
    );
    assert.deepEqual({ d: app.displayName, r: app.recordingEnabled, s: app.splitMinutes }, { d: "Written by PUT", r: true, s: 15 });
  });

  it("refuses a YAML parse error with 400 bad_request and writes nothing, not even a backup", async () => {
    const before = await stateOf(server, "cfg");
    for (const broken of ["display_name: [unclosed\n", "a: b: c\n", "display_name: x\ndisplay_name: y\n", "mqtt:\n  qos: 1\n  qos: 2\n", "features: { chat: true, chat: false }\n", "\tdisplay_name: tab\n", 'display_name: "open\n']) {
      const res = await putRaw(server, "cfg", broken);
      assert.equal(res.status, 400, `${JSON.stringify(broken)}: ${res.text}`);
      assert.equal(errorOf(res).code, "bad_request", JSON.stringify(broken));
      await assertUnchanged(server, "cfg", before, JSON.stringify(broken));
    }
  });

  it("refuses schema errors with 400 validation_failed and paths under yaml., writing nothing", async () => {
    const before = await stateOf(server, "cfg");
    const cases: Array<[string, string]> = [
      ["mqtt:\n  qos: 3\n", "yaml.mqtt.qos"],
      ["display_name: 5\n", "yaml.display_name"],
      ["recording:\n  split_minutes: -1\n", "yaml.recording.split_minutes"],
      ["features:\n  chat: maybe\n", "yaml.features.chat"],
      ["latency_alert:\n  interval_seconds: 1\n", "yaml.latency_alert.interval_seconds"],
      ["display_name: x\nnot_a_key: 1\n", "yaml"],
      ["mqtt:\n  bogus: true\n", "yaml.mqtt"],
      ["callbacks:\n  url: ftp://example.com/\n", "yaml.callbacks.url"],
    ];
    for (const [yaml, detailPath] of cases) {
      const res = await putRaw(server, "cfg", yaml);
      assert.equal(res.status, 400, `${JSON.stringify(yaml)}: ${res.text}`);
      const error = errorOf<ValidationIssue[]>(res);
      assert.equal(error.code, "validation_failed", JSON.stringify(yaml));
      assert.ok(error.details?.some((d) => d.path === detailPath), `${JSON.stringify(yaml)}: want ${detailPath}, got ${JSON.stringify(error.details)}`);
      await assertUnchanged(server, "cfg", before, JSON.stringify(yaml));
    }
    const missing = await server.request("PUT", "/api/v1/apps/cfg/config/raw", { token: server.rootToken, body: { text: "display_name: x\n" } });
    assert.equal(missing.status, 400);
    assert.equal(errorOf(missing).code, "validation_failed");
    await assertUnchanged(server, "cfg", before, "body without yaml");
  });

  it("validate is a dry run: valid, warnings and a unified diff against the current file; nothing is written", async () => {
    const before = await stateOf(server, "cfg");
    const current = before.file.toString("utf8");
    const proposed = current.replace(/^display_name: .*$/m, 'display_name: "Proposed Name"');
    assert.notEqual(proposed, current);
    const res = await server.request("POST", "/api/v1/apps/cfg/config/raw/validate", { token: server.rootToken, body: { yaml: proposed } });
    assert.equal(res.status, 200, res.text);
    const data = dataOf<{ valid: boolean; warnings: string[]; diff: string }>(res);
    assert.equal(data.valid, true);
    assert.deepEqual(data.warnings, []);
    assert.match(data.diff, /^--- config\.yaml/m);
    assert.match(data.diff, /^\+\+\+ config\.yaml/m);
    assert.match(data.diff, /^@@ /m);
    const removed = data.diff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---"));
    const added = data.diff.split("\n").filter((l) => l.startsWith("+") && !l.startsWith("+++"));
    assert.deepEqual(removed, [`-${/^display_name: .*$/m.exec(current)?.[0] ?? "?"}`]);
    assert.deepEqual(added, ['+display_name: "Proposed Name"']);
    await assertUnchanged(server, "cfg", before, "validate");

    const same = dataOf<{ diff: string }>(await server.request("POST", "/api/v1/apps/cfg/config/raw/validate", { token: server.rootToken, body: { yaml: current } }));
    assert.doesNotMatch(same.diff, /^[-+](?![-+]{2})/m, "no changed lines when the text is the current one");

    const bad = await server.request("POST", "/api/v1/apps/cfg/config/raw/validate", { token: server.rootToken, body: { yaml: "mqtt:\n  qos: 3\n" } });
    assert.equal(bad.status, 400);
    assert.ok(errorOf<ValidationIssue[]>(bad).details?.some((d) => d.path === "yaml.mqtt.qos"), bad.text);
    const broken = await server.request("POST", "/api/v1/apps/cfg/config/raw/validate", { token: server.rootToken, body: { yaml: "a: [\n" } });
    assert.equal(broken.status, 400);
    assert.equal(errorOf(broken).code, "bad_request");
    await assertUnchanged(server, "cfg", before, "invalid validate");
  });

  it("lists backups newest first with their sizes, answers each one's YAML, and 404s unknown ones", async () => {
    const texts = ["First", "Second", "Third"].map((n) => configWith(`Backup ${n}`));
    for (const text of texts) assert.equal((await putRaw(server, "cfg", text)).status, 200);
    const list = await listBackups(server, "cfg");
    assert.ok(list.length >= 3, "at least three backups");
    for (const b of list) assert.deepEqual(Object.keys(b).sort(), ["sizeBytes", "ts"]);
    // Newest first: the two most recent backups are the files that "Third" and "Second" replaced.
    assert.equal(await readBackup(server, "cfg", list[0]?.ts ?? ""), texts[1]);
    assert.equal(await readBackup(server, "cfg", list[1]?.ts ?? ""), texts[0]);
    const onDisk = readdirSync(backupsDir(server, "cfg")).filter((f) => f.endsWith(".yaml"));
    assert.equal(onDisk.length, list.length);
    for (const b of list) {
      const yaml = await readBackup(server, "cfg", b.ts);
      assert.equal(b.sizeBytes, Buffer.byteLength(yaml), b.ts);
    }
    const stamps = list.map((b) => b.ts);
    assert.equal(new Set(stamps).size, stamps.length, "timestamps are unique");

    for (const ts of ["20000101T000000000Z", "nope", "..%2Fconfig", "%2E%2E%2F%2E%2E%2Fconfig"]) {
      const res = await server.request("GET", `/api/v1/apps/cfg/config/backups/${ts}`, { token: server.rootToken });
      assert.ok(res.status === 404 || res.status === 400, `${ts}: ${res.status}`);
      assert.ok(!res.text.includes("display_name"), `${ts} leaked a file`);
    }
    assert.equal((await server.request("GET", "/api/v1/apps/cfg/config/backups/20000101T000000000Z", { token: server.rootToken })).status, 404);
  });

  it("revert backs the current file up first, restores the backup byte for byte and hot-reloads", async () => {
    const target = configWith("Revert Target");
    assert.equal((await putRaw(server, "cfg", target)).status, 200);
    const current = configWith("Before Revert");
    assert.equal((await putRaw(server, "cfg", current)).status, 200);
    const list = await listBackups(server, "cfg");
    const ts = list[0]?.ts ?? "";
    assert.equal(await readBackup(server, "cfg", ts), target);
    assert.equal(await displayNameOf(server, "cfg"), "Before Revert");

    const res = await server.request("POST", `/api/v1/apps/cfg/config/backups/${ts}/revert`, { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<{ reloaded: boolean }>(res).reloaded, true);
    assert.equal(readFileSync(configFile(server, "cfg"), "utf8"), target);
    assert.equal(await displayNameOf(server, "cfg"), "Revert Target");
    const after = await listBackups(server, "cfg");
    assert.equal(after.length, list.length + 1);
    assert.equal(await readBackup(server, "cfg", after[0]?.ts ?? ""), current, "the file replaced by the revert was backed up");

    const before = await stateOf(server, "cfg");
    const missing = await server.request("POST", "/api/v1/apps/cfg/config/backups/20000101T000000000Z/revert", { token: server.rootToken });
    assert.equal(missing.status, 404, missing.text);
    await assertUnchanged(server, "cfg", before, "revert of a missing backup");
  });

  it("reload re-reads a file edited on disk, so GET shows the change without a restart", async () => {
    const edited = configWith("Edited On Disk").replace("split_minutes: 15", "split_minutes: 45");
    writeFileSync(configFile(server, "cfg"), edited);
    const res = await server.request("POST", "/api/v1/apps/cfg/reload", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<{ reloaded: boolean }>(res).reloaded, true);
    const app = dataOf<{ displayName: string; splitMinutes: number }>(await server.request("GET", "/api/v1/apps/cfg", { token: server.rootToken }));
    assert.deepEqual({ d: app.displayName, s: app.splitMinutes }, { d: "Edited On Disk", s: 45 });
    assert.equal((await server.request("GET", "/api/v1/apps/cfg/config/raw", { token: server.rootToken })).text, edited);
  });

  it("reload of a broken file on disk is refused with 400 and the last good config stays live", async () => {
    const good = configWith("Last Good");
    assert.equal((await putRaw(server, "cfg", good)).status, 200);
    writeFileSync(configFile(server, "cfg"), "display_name: [broken\n");
    try {
      const res = await server.request("POST", "/api/v1/apps/cfg/reload", { token: server.rootToken });
      assert.equal(res.status, 400, res.text);
      assert.equal(await displayNameOf(server, "cfg"), "Last Good");
      writeFileSync(configFile(server, "cfg"), "mqtt:\n  qos: 7\n");
      const invalid = await server.request("POST", "/api/v1/apps/cfg/reload", { token: server.rootToken });
      assert.equal(invalid.status, 400, invalid.text);
      assert.equal(errorOf(invalid).code, "validation_failed");
      assert.equal(await displayNameOf(server, "cfg"), "Last Good");
    } finally {
      writeFileSync(configFile(server, "cfg"), good);
    }
  });

  it("a PATCH keeps the hand-written comments and layout of config.yaml", async () => {
    const text = `${configWith("Commented")}# trailing note kept\n`;
    assert.equal((await putRaw(server, "cfg", text)).status, 200);
    const res = await server.request("PATCH", "/api/v1/apps/cfg", { token: server.rootToken, body: { displayName: "Patched" } });
    assert.equal(res.status, 200, res.text);
    const onDisk = readFileSync(configFile(server, "cfg"), "utf8");
    assert.match(onDisk, /^# edited by the config tests$/m);
    assert.match(onDisk, /^# trailing note kept$/m);
    assert.equal((parse(onDisk) as { display_name: string }).display_name, "Patched");
    assert.equal((await listBackups(server, "cfg"))[0] !== undefined, true);
    assert.equal(await readBackup(server, "cfg", (await listBackups(server, "cfg"))[0]?.ts ?? ""), text, "PATCH backs up too");
  });
});

describe("raw config: hostile YAML is refused fast (SPEC 4.2, 7)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, "hostile");
    // Warm the route up so a cold start does not count against the timing.
    assert.equal((await putRaw(server, "hostile", "display_name: warm\n")).status, 200);
  });
  after(() => server.close());

  const laughs = (): string => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      lines.push(`${cur}: &${cur} [${Array.from({ length: 9 }, () => `*${prev}`).join(",")}]`);
    }
    return lines.join("\n");
  };
  const quadratic = (): string => {
    const n = 10_000;
    return `a: &a [${Array.from({ length: 1000 }, () => "x").join(",")}]\nb: [${Array.from({ length: n }, () => "*a").join(",")}]\n`;
  };
  /** 16,000 distinct one- to three-letter keys: a flow map just under 64 KiB. */
  const manyKeys = (): string => {
    const letters = "abcdefghijklmnopqrstuvwxyz".split("");
    const keys = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b)), ...letters.flatMap((a) => letters.flatMap((b) => letters.map((c) => a + b + c)))];
    const yaml = `{${keys.slice(0, 16_000).join(",")}}`;
    assert.ok(Buffer.byteLength(yaml) < 64 * 1024, "the document is under 64 KiB");
    return yaml;
  };
  const cases: Array<[string, () => string, string[]]> = [
    ["a 64 KiB flow map of 16,000 distinct keys (duplicate-key check cost)", manyKeys, ["bad_request", "validation_failed"]],
    ["a billion-laughs alias bomb", laughs, ["bad_request", "validation_failed"]],
    ["a quadratic alias blow-up", quadratic, ["bad_request", "validation_failed"]],
    ["a document over 64 KiB", () => `display_name: x\n# ${"x".repeat(64 * 1024)}\n`, ["bad_request", "validation_failed"]],
    ["a document over 64 KiB in bytes but not in characters", () => `display_name: x\n# ${"é".repeat(33 * 1024)}\n`, ["bad_request", "validation_failed"]],
    ["deeply nested flow sequences", () => `display_name: x\nplugins: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`, ["bad_request", "validation_failed"]],
    ["deeply nested flow mappings", () => `display_name: x\nplugins: ${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}\n`, ["bad_request", "validation_failed"]],
    ["deep flow nesting after an apostrophe in a plain scalar", () => `display_name: don't\nplugins: ${"[".repeat(25_000)}${"]".repeat(25_000)}\n`, ["bad_request", "validation_failed"]],
    ["deeply nested block sequences on one line", () => `${"- ".repeat(30_000)}x\n`, ["bad_request", "validation_failed"]],
    ["deeply nested block mappings", () => Array.from({ length: 200 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n") + " 1\n", ["bad_request", "validation_failed"]],
  ];

  for (const [label, make, codes] of cases) {
    it(`refuses ${label} in well under a second, writing nothing (PUT and validate)`, async () => {
      const yaml = make();
      const before = await stateOf(server, "hostile");
      for (const [method, p] of [["PUT", "/api/v1/apps/hostile/config/raw"], ["POST", "/api/v1/apps/hostile/config/raw/validate"]] as const) {
        const started = performance.now();
        const res = await server.request(method, p, { token: server.rootToken, body: { yaml } });
        const ms = performance.now() - started;
        assert.equal(res.status, 400, `${method}: ${res.status} ${res.text.slice(0, 300)}`);
        assert.ok(codes.includes(errorOf(res).code), `${method}: code ${errorOf(res).code}`);
        assert.ok(ms < 1000, `${method} took ${Math.round(ms)} ms`);
      }
      await assertUnchanged(server, "hostile", before, label);
      assert.equal((await server.request("GET", "/health")).status, 200);
    });
  }

  it("still accepts a modest document with a few aliases", async () => {
    const yaml = "display_name: aliased\ntranscoding:\n  layers: &l\n    - { height: 720, bitrate_kbps: 2500 }\n  vod_renditions: *l\n";
    const res = await putRaw(server, "hostile", yaml);
    assert.equal(res.status, 200, res.text);
    assert.equal(await displayNameOf(server, "hostile"), "aliased");
  });
});

describe("raw config: concurrent writes serialize (SPEC 4.2)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, "busy");
  });
  after(() => server.close());

  it("10 simultaneous PUTs leave exactly one of them on disk and one backup per successful write", async () => {
    const original = readFileSync(configFile(server, "busy"), "utf8");
    const before = await listBackups(server, "busy");
    const texts = Array.from({ length: 10 }, (_, i) => `# writer ${i}\ndisplay_name: "Writer ${i}"\nrecording:\n  split_minutes: ${i + 1}\n${"# padding\n".repeat(200 * (i + 1))}`);
    const results = await Promise.all(texts.map((t) => putRaw(server, "busy", t)));
    const succeeded = results.filter((r) => r.status === 200).length;
    for (const r of results) assert.ok(r.status === 200 || r.status === 409 || r.status === 503, `${r.status} ${r.text}`);
    assert.ok(succeeded >= 1, "at least one PUT succeeded");

    const final = readFileSync(configFile(server, "busy"), "utf8");
    assert.equal(texts.filter((t) => t === final).length, 1, "the file is exactly one of the written documents");
    const after = await listBackups(server, "busy");
    assert.equal(after.length, before.length + succeeded, "one backup per successful write");

    // Every write replaced exactly one whole document: the new backups plus the final file are
    // the original plus the written texts, each once.
    const fresh = after.filter((b) => !before.some((o) => o.ts === b.ts));
    const contents = await Promise.all(fresh.map((b) => readBackup(server, "busy", b.ts)));
    const seen = [...contents, final].sort();
    const written = results.flatMap((r, i) => (r.status === 200 ? [texts[i] ?? ""] : []));
    assert.deepEqual(seen, [original, ...written].sort());
    // Newest first: the newest backup is the document the final one replaced, and so on down.
    assert.equal(contents[contents.length - 1], original, "the oldest new backup is the original file");

    const app = dataOf<{ displayName: string; splitMinutes: number }>(await server.request("GET", "/api/v1/apps/busy", { token: server.rootToken }));
    const parsed = parse(final) as { display_name: string; recording: { split_minutes: number } };
    assert.deepEqual({ d: app.displayName, s: app.splitMinutes }, { d: parsed.display_name, s: parsed.recording.split_minutes });
  });

  it("simultaneous PATCHes of different feature flags lose no update", async () => {
    const flags = ["publicPlayback", "hiddenQc", "rtmpPassword", "chat", "reactions"];
    const results = await Promise.all(
      flags.map((f) => server.request("PATCH", "/api/v1/apps/busy", { token: server.rootToken, body: { features: { [f]: true } } })),
    );
    for (const r of results) assert.equal(r.status, 200, r.text);
    const app = dataOf<{ features: Record<string, boolean> }>(await server.request("GET", "/api/v1/apps/busy", { token: server.rootToken }));
    assert.deepEqual(app.features, Object.fromEntries(flags.map((f) => [f, true])));
    const onDisk = parse(readFileSync(configFile(server, "busy"), "utf8")) as { features: Record<string, boolean> };
    for (const f of flags) assert.equal(onDisk.features[f], true, f);
  });

  it("PUTs racing PATCHes still leave a valid document that is one of the writes", async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `display_name: "Racer ${i}"\n`);
    const results = await Promise.all([
      ...texts.map((t) => putRaw(server, "busy", t)),
      ...Array.from({ length: 5 }, (_, i) => server.request("PATCH", "/api/v1/apps/busy", { token: server.rootToken, body: { splitMinutes: i + 100 } })),
    ]);
    for (const r of results) assert.equal(r.status, 200, r.text);
    const final = readFileSync(configFile(server, "busy"), "utf8");
    const parsed = parse(final) as { display_name: string };
    assert.ok(texts.some((t) => final.startsWith(t)), `final file does not start with a written document:\n${final}`);
    assert.equal(await displayNameOf(server, "busy"), parsed.display_name);
  });
});

describe("raw config: an inline MQTT password is ignored and never stored (SPEC 2.1, 4.2)", () => {
  let server: TestServer;
  const logs: string[] = [];
  const secret = "mqtt-pass-Hq4Wz9Lr2Xv7";

  before(async () => {
    server = await startServer({ SERVICE_LOG_LEVEL: "trace" });
    server.app.logging.subscribe((r: LogRecord) => logs.push(JSON.stringify(r)));
    await createApp(server, "mqtty");
  });
  after(() => server.close());

  function assertNowhereOnDisk(): void {
    for (const file of textFilesOf(server, "mqtty")) {
      assert.ok(!readFileSync(file, "utf8").includes(secret), `${path.relative(server.dataDir, file)} holds the password`);
    }
  }

  it("PUT accepts the rest with a warning; the password reaches neither config.yaml nor any backup", async () => {
    const yaml = `display_name: "With MQTT"\nmqtt:\n  enabled: true\n  url: mqtt://broker.example:1883\n  username: cam\n  password: ${secret}\n  qos: 1\n`;
    const res = await putRaw(server, "mqtty", yaml);
    assert.equal(res.status, 200, res.text);
    const data = dataOf<{ reloaded: boolean; warnings: string[] }>(res);
    assert.equal(data.reloaded, true);
    assert.equal(data.warnings.length, 1, JSON.stringify(data.warnings));
    assert.match(data.warnings[0] ?? "", /mqtt\.password/);
    assert.ok(!res.text.includes(secret), "the response does not echo the password");

    const onDisk = readFileSync(configFile(server, "mqtty"), "utf8");
    assert.ok(!onDisk.includes(secret), "config.yaml does not hold the password");
    const parsed = parse(onDisk) as { display_name: string; mqtt: Record<string, unknown> };
    assert.equal(parsed.display_name, "With MQTT");
    assert.deepEqual(parsed.mqtt, { enabled: true, url: "mqtt://broker.example:1883", username: "cam", qos: 1 });
    assert.equal(await displayNameOf(server, "mqtty"), "With MQTT");

    // Replace it, so the file that followed the password is itself backed up, then look everywhere.
    assert.equal((await putRaw(server, "mqtty", "display_name: after\n")).status, 200);
    for (const b of await listBackups(server, "mqtty")) {
      assert.ok(!(await readBackup(server, "mqtty", b.ts)).includes(secret), `backup ${b.ts}`);
    }
    assertNowhereOnDisk();
  });

  it("strips it in flow style too, and when it is the only key", async () => {
    for (const yaml of [`display_name: flow\nmqtt: { enabled: false, password: "${secret}" }\n`, `mqtt:\n  password: '${secret}'\n`, `{"mqtt": {"password": "${secret}"}}\n`]) {
      const res = await putRaw(server, "mqtty", yaml);
      assert.equal(res.status, 200, `${yaml}: ${res.text}`);
      assert.equal(dataOf<{ warnings: string[] }>(res).warnings.length, 1, yaml);
      assert.ok(!readFileSync(configFile(server, "mqtty"), "utf8").includes(secret), yaml);
    }
    assert.equal((await putRaw(server, "mqtty", "display_name: clean\n")).status, 200);
    assertNowhereOnDisk();
  });

  it("validate warns too, and its diff never shows the password", async () => {
    const before = await stateOf(server, "mqtty");
    const res = await server.request("POST", "/api/v1/apps/mqtty/config/raw/validate", {
      token: server.rootToken,
      body: { yaml: `display_name: clean\nmqtt:\n  enabled: true\n  password: ${secret}\n` },
    });
    assert.equal(res.status, 200, res.text);
    const data = dataOf<{ valid: boolean; warnings: string[]; diff: string }>(res);
    assert.equal(data.valid, true);
    assert.equal(data.warnings.length, 1);
    assert.match(data.diff, /^\+\s*enabled: true$/m);
    assert.ok(!res.text.includes(secret), "validate echoed the password");
    await assertUnchanged(server, "mqtty", before, "validate");
  });

  it("a refused document with a password does not echo it, and nothing is written", async () => {
    const before = await stateOf(server, "mqtty");
    const res = await putRaw(server, "mqtty", `mqtt:\n  password: ${secret}\n  qos: 9\n`);
    assert.equal(res.status, 400, res.text);
    assert.ok(!res.text.includes(secret), "the response does not echo the password");
    await assertUnchanged(server, "mqtty", before, "refused");
    assertNowhereOnDisk();
  });

  it("never logs the password", () => {
    assert.ok(logs.length > 0, "the server logged something");
    for (const line of logs) assert.ok(!line.includes(secret), line);
  });
});
