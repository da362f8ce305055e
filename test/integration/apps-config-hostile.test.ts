import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import type { LogRecord } from "../../src/logging.ts";
import { assertUnchanged, createApp, getApp, listBackups, putRaw, readBackup, stateOf, textFilesOf } from "../helpers/apps.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storedConfig, storedConfigTexts } from "../helpers/stored-config.ts";

describe("raw config: hostile YAML is refused fast (SPEC 4.2, 7)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, { name: "hostile" });
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
    it(`refuses ${label} in a bounded time, writing nothing (PUT and validate)`, async () => {
      const yaml = make();
      const before = await stateOf(server, "hostile");
      for (const [method, p] of [["PUT", "/api/v1/apps/hostile/config/raw"], ["POST", "/api/v1/apps/hostile/config/raw/validate"]] as const) {
        const started = performance.now();
        const res = await server.request(method, p, { token: server.rootToken, body: { yaml } });
        const ms = performance.now() - started;
        assert.equal(res.status, 400, `${method}: ${res.status} ${res.text.slice(0, 300)}`);
        assert.ok(codes.includes(errorOf(res).code), `${method}: code ${errorOf(res).code}`);
        // Alone this takes tens of ms; a pathological parse takes minutes. The bound tells the two
        // apart with room for a 2-core machine running the rest of the suite beside it.
        assert.ok(ms < 3000, `${method} took ${Math.round(ms)} ms`);
      }
      await assertUnchanged(server, "hostile", before, label);
      assert.equal((await server.request("GET", "/health")).status, 200);
    });
  }

  it("still accepts a modest document with a few aliases", async () => {
    const yaml = "display_name: aliased\ntranscoding:\n  layers: &l\n    - { height: 720, bitrate_kbps: 2500 }\n  vod_renditions: *l\n";
    const res = await putRaw(server, "hostile", yaml);
    assert.equal(res.status, 200, res.text);
    assert.equal((await getApp(server, "hostile")).displayName, "aliased");
  });
});

describe("raw config: an inline MQTT password is ignored and never stored (SPEC 2.1, 4.2)", () => {
  let server: TestServer;
  const logs: string[] = [];
  const secret = "mqtt-pass-Hq4Wz9Lr2Xv7";

  before(async () => {
    server = await startServer({ SERVICE_LOG_LEVEL: "trace" });
    server.app.logging.subscribe((r: LogRecord) => logs.push(JSON.stringify(r)));
    await createApp(server, { name: "mqtty" });
  });
  after(() => server.close());

  /** Neither the stored config nor any backup holds it; on SQLite, no file of the app's folder either. */
  async function assertNowhereStored(): Promise<void> {
    for (const [i, text] of (await storedConfigTexts(server, "mqtty")).entries()) assert.ok(!text.includes(secret), `stored text ${i} holds the password`);
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

    const onDisk = await storedConfig(server, "mqtty");
    assert.ok(!onDisk.includes(secret), "config.yaml does not hold the password");
    const parsed = parse(onDisk) as { display_name: string; mqtt: Record<string, unknown> };
    assert.equal(parsed.display_name, "With MQTT");
    assert.deepEqual(parsed.mqtt, { enabled: true, url: "mqtt://broker.example:1883", username: "cam", qos: 1 });
    assert.equal((await getApp(server, "mqtty")).displayName, "With MQTT");

    // Replace it, so the file that followed the password is itself backed up, then look everywhere.
    assert.equal((await putRaw(server, "mqtty", "display_name: after\n")).status, 200);
    for (const b of await listBackups(server, "mqtty")) {
      assert.ok(!(await readBackup(server, "mqtty", b.ts)).includes(secret), `backup ${b.ts}`);
    }
    await assertNowhereStored();
  });

  it("strips it in flow style too, and when it is the only key", async () => {
    for (const yaml of [`display_name: flow\nmqtt: { enabled: false, password: "${secret}" }\n`, `mqtt:\n  password: '${secret}'\n`, `{"mqtt": {"password": "${secret}"}}\n`]) {
      const res = await putRaw(server, "mqtty", yaml);
      assert.equal(res.status, 200, `${yaml}: ${res.text}`);
      assert.equal(dataOf<{ warnings: string[] }>(res).warnings.length, 1, yaml);
      assert.ok(!(await storedConfig(server, "mqtty")).includes(secret), yaml);
    }
    assert.equal((await putRaw(server, "mqtty", "display_name: clean\n")).status, 200);
    await assertNowhereStored();
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
    await assertNowhereStored();
  });

  it("never logs the password", () => {
    assert.ok(logs.length > 0, "the server logged something");
    for (const line of logs) assert.ok(!line.includes(secret), line);
  });
});
