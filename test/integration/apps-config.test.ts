import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { assertUnchanged, configWith, createApp, getApp, listBackups, putRaw, readBackup, stateOf } from "../helpers/apps.ts";
import { dataOf, errorOf, type ValidationIssue } from "../helpers/envelope.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storeConfigByHand, storedBackups, storedConfig } from "../helpers/stored-config.ts";

describe("raw config: read, write, validate, backups, revert, reload (SPEC 4.2, 2.11)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, { name: "cfg", displayName: "Config App" });
  });
  after(() => server.close());

  it("GET config/raw answers the file verbatim as YAML", async () => {
    const res = await server.request("GET", "/api/v1/apps/cfg/config/raw", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^(text|application)\/yaml\b/);
    assert.equal(res.text, await storedConfig(server, "cfg"));
    assert.equal((parse(res.text) as { display_name: string }).display_name, "Config App");
    assert.equal((await server.request("GET", "/api/v1/apps/nope/config/raw", { token: server.rootToken })).status, 404);
  });

  it("PUT validates, backs up the previous file, writes the text exactly and hot-reloads", async () => {
    const previous = await storedConfig(server, "cfg");
    const before = await listBackups(server, "cfg");
    const text = configWith("Written by PUT");
    const res = await putRaw(server, "cfg", text);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(dataOf<unknown>(res), { reloaded: true, warnings: [] });
    assert.equal(await storedConfig(server, "cfg"), text, "written byte for byte, comments included");
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
    const onDisk = (await storedBackups(server, "cfg")).filter((f) => f.endsWith(".yaml"));
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
    assert.equal((await getApp(server, "cfg")).displayName, "Before Revert");

    const res = await server.request("POST", `/api/v1/apps/cfg/config/backups/${ts}/revert`, { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<{ reloaded: boolean }>(res).reloaded, true);
    assert.equal(await storedConfig(server, "cfg"), target);
    assert.equal((await getApp(server, "cfg")).displayName, "Revert Target");
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
    await storeConfigByHand(server, "cfg", edited);
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
    await storeConfigByHand(server, "cfg", "display_name: [broken\n");
    try {
      const res = await server.request("POST", "/api/v1/apps/cfg/reload", { token: server.rootToken });
      assert.equal(res.status, 400, res.text);
      assert.equal((await getApp(server, "cfg")).displayName, "Last Good");
      await storeConfigByHand(server, "cfg", "mqtt:\n  qos: 7\n");
      const invalid = await server.request("POST", "/api/v1/apps/cfg/reload", { token: server.rootToken });
      assert.equal(invalid.status, 400, invalid.text);
      assert.equal(errorOf(invalid).code, "validation_failed");
      assert.equal((await getApp(server, "cfg")).displayName, "Last Good");
    } finally {
      await storeConfigByHand(server, "cfg", good);
    }
  });

  it("a PATCH keeps the hand-written comments and layout of config.yaml", async () => {
    const text = `${configWith("Commented")}# trailing note kept\n`;
    assert.equal((await putRaw(server, "cfg", text)).status, 200);
    const res = await server.request("PATCH", "/api/v1/apps/cfg", { token: server.rootToken, body: { displayName: "Patched" } });
    assert.equal(res.status, 200, res.text);
    const onDisk = await storedConfig(server, "cfg");
    assert.match(onDisk, /^# edited by the config tests$/m);
    assert.match(onDisk, /^# trailing note kept$/m);
    assert.equal((parse(onDisk) as { display_name: string }).display_name, "Patched");
    assert.equal((await listBackups(server, "cfg"))[0] !== undefined, true);
    assert.equal(await readBackup(server, "cfg", (await listBackups(server, "cfg"))[0]?.ts ?? ""), text, "PATCH backs up too");
  });
});
