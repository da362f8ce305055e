import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { mergeEdits, PRESETS, stripPresetPatch } from "../../src/apps/presets/presets.ts";
import type { AppView } from "../../src/apps/service.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storedConfig, storedConfigTexts } from "../helpers/stored-config.ts";

describe("app config blocks", () => {
  let server: TestServer;
  const logs: string[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    server = await startServer({ SERVICE_LOG_LEVEL: "trace", APP_ENVPW_MQTT_PASSWORD: "from-env", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    server.app.logging.subscribe((r) => logs.push(JSON.stringify(r)));
    for (const name of ["blocks", "envpw"]) assert.equal((await call("POST", "/api/v1/apps", { name })).status, 201);
  });
  after(() => server.close());

  describe("presets (SPEC 4.3, 2.12)", () => {
    it("lists the three built-ins with what each sets", async () => {
      const res = await call("GET", "/api/v1/apps/blocks/presets");
      const presets = dataOf<Array<{ id: string; description: string; sets: Record<string, unknown> }>>(res);
      assert.deepEqual(presets.map((p) => p.id), ["low-latency", "high-quality-recording", "mass-audience-HLS"]);
      assert.ok(presets.every((p) => p.description.length > 0 && Object.keys(p.sets).length > 0));
    });

    it("applies a preset by deep merge, backs up, hot-reloads and reports what changed", async () => {
      const backupsBefore = dataOf<unknown[]>(await call("GET", "/api/v1/apps/blocks/config/backups")).length;
      const res = await call("POST", "/api/v1/apps/blocks/presets/mass-audience-HLS/apply");
      assert.equal(res.status, 200);
      const body = dataOf<{ preset: string; applied: boolean; reloaded: boolean; changed: string[]; diff: string; warnings: string[] }>(res);
      assert.equal(body.preset, "mass-audience-HLS");
      assert.equal(body.applied, true);
      assert.equal(body.reloaded, true);
      assert.ok(body.changed.includes("transcoding.distribution"));
      assert.match(body.diff, /\+\s+distribution: cdn/);
      assert.deepEqual(body.warnings, []);
      const layers = dataOf<{ layers: Array<{ height: number }> }>(await call("GET", "/api/v1/apps/blocks/transcoding/layers")).layers;
      assert.deepEqual(layers.map((l) => l.height), [720, 480, 360]);
      const backupsAfter = dataOf<unknown[]>(await call("GET", "/api/v1/apps/blocks/config/backups")).length;
      assert.equal(backupsAfter, backupsBefore + 1);
      // Keys the preset does not mention are kept.
      assert.match((await storedConfig(server, "blocks")), /room_prefix: "blocks"/);
    });

    it("never lets a preset change s3, callbacks, name, display_name or room_prefix", async () => {
      await call("PUT", "/api/v1/apps/blocks/s3", { bucket: "kept-bucket" });
      await call("PATCH", "/api/v1/apps/blocks", { callbackUrl: "https://hooks.example.com/kept", displayName: "Kept" });
      const hostile = { s3: { bucket: "evil" }, callbacks: { url: "https://evil.example" }, name: "x", display_name: "x", room_prefix: "x", rtmp: { transcode: true } };
      assert.deepEqual(Object.keys(stripPresetPatch(hostile)), ["rtmp"]);
      for (const preset of PRESETS) {
        assert.equal((await call("POST", `/api/v1/apps/blocks/presets/${preset.id}/apply`)).status, 200);
        for (const key of ["s3", "callbacks", "name", "display_name", "room_prefix"]) {
          assert.ok(!mergeEdits(stripPresetPatch(preset.patch)).some((e) => e.path[0] === key), `${preset.id} touches ${key}`);
        }
      }
      const app = dataOf<AppView>(await call("GET", "/api/v1/apps/blocks"));
      assert.deepEqual([app.callbackUrl, app.displayName, app.roomPrefix], ["https://hooks.example.com/kept", "Kept", "blocks"]);
      assert.equal(dataOf<{ bucket: string }>(await call("GET", "/api/v1/apps/blocks/s3")).bucket, "kept-bucket");
    });

    it("merges objects key by key and replaces arrays whole", () => {
      assert.deepEqual(mergeEdits({ a: { b: 1, c: { d: [1, 2] } }, e: "x" }), [
        { path: ["a", "b"], value: 1 },
        { path: ["a", "c", "d"], value: [1, 2] },
        { path: ["e"], value: "x" },
      ]);
    });

    it("answers 404 for an unknown preset", async () => {
      assert.equal((await call("POST", "/api/v1/apps/blocks/presets/ultra/apply")).status, 404);
    });
  });

  describe("S3 block (SPEC 4.4)", () => {
    it("stores key and secret in the secrets store, never echoes them, and rebuilds the client", async () => {
      const res = await call("PUT", "/api/v1/apps/blocks/s3", {
        provider: "s3-compatible",
        bucket: "vods",
        region: "eu-west-1",
        endpoint: "http://127.0.0.1:9000",
        prefix: "demo/",
        key: "AKIAEXAMPLEKEY1234",
        secret: "wJalrXUtnFEMI-secret-value",
      });
      assert.equal(res.status, 200);
      const view = dataOf<Record<string, unknown>>(res);
      assert.deepEqual(
        [view["provider"], view["bucket"], view["region"], view["keySet"], view["secretSet"], view["configured"]],
        ["s3-compatible", "vods", "eu-west-1", true, true, true],
      );
      const get = await call("GET", "/api/v1/apps/blocks/s3");
      for (const text of [res.text, get.text, ...(await storedConfigTexts(server, "blocks")), logs.join("\n")]) {
        assert.ok(!text.includes("AKIAEXAMPLEKEY1234") && !text.includes("wJalrXUtnFEMI-secret-value"));
      }
      const client = server.app.s3.get("blocks");
      assert.deepEqual(client?.target, { provider: "s3-compatible", bucket: "vods", region: "eu-west-1", endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
      assert.equal((await client?.client.config.credentials())?.accessKeyId, "AKIAEXAMPLEKEY1234");

      // A raw YAML edit re-initialises the client as well.
      const yaml = (await storedConfig(server, "blocks")).replace("bucket: vods", "bucket: vods-2");
      assert.equal((await call("PUT", "/api/v1/apps/blocks/config/raw", { yaml })).status, 200);
      assert.equal(server.app.s3.get("blocks")?.target.bucket, "vods-2");
    });

    it("needs confirmPublic to set a public URL, not to clear it", async () => {
      const refused = await call("PUT", "/api/v1/apps/blocks/s3", { public_url: "https://cdn.example.com" });
      assert.equal(refused.status, 400);
      assert.equal(errorOf<Array<{ path: string }>>(refused).details?.[0]?.path, "body.confirmPublic");
      assert.equal((await call("PUT", "/api/v1/apps/blocks/s3", { public_url: "https://cdn.example.com", confirmPublic: true })).status, 200);
      assert.equal((await call("PUT", "/api/v1/apps/blocks/s3", { public_url: "" })).status, 200);
    });

    it("enforces every limit at the boundary and refuses unknown providers", async () => {
      const long = (n: number) => "a".repeat(n);
      const url = (n: number) => `https://x.example/${"a".repeat(n - "https://x.example/".length)}`;
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ bucket: long(255) }, 200],
        [{ bucket: long(256) }, 400],
        [{ region: long(64) }, 200],
        [{ region: long(65) }, 400],
        [{ prefix: long(255) }, 200],
        [{ prefix: long(256) }, 400],
        [{ endpoint: url(255) }, 200],
        [{ endpoint: url(256) }, 400],
        [{ public_url: url(255), confirmPublic: true }, 200],
        [{ public_url: url(256), confirmPublic: true }, 400],
        [{ provider: "gcs" }, 400],
        [{ endpoint: "" }, 200],
      ];
      for (const [body, status] of cases) {
        assert.equal((await call("PUT", "/api/v1/apps/envpw/s3", body)).status, status, JSON.stringify(body).slice(0, 80));
      }
    });

    it("refuses S3 credentials through PATCH /apps", async () => {
      const res = await call("PATCH", "/api/v1/apps/blocks", { s3: { key: "x" } });
      assert.equal(res.status, 400);
    });
  });

  describe("MQTT block (SPEC 4.4b, 2.13, 2.14)", () => {
    it("reads the defaults of 2.13 and 2.14", async () => {
      const res = await call("GET", "/api/v1/apps/blocks/mqtt");
      assert.deepEqual(dataOf<unknown>(res), {
        enabled: false,
        url: "",
        username: "",
        passwordEnv: "APP_BLOCKS_MQTT_PASSWORD",
        topicPrefix: "service/blocks",
        qos: 0,
        tls: false,
        events: ["all"],
        logs: { enabled: false, level: "info" },
        latencyAlert: { enabled: false, thresholdMs: 1000, cooldownSeconds: 60, intervalSeconds: 10 },
        hasPassword: false,
        configured: false,
      });
    });

    it("updates partially with camelCase names, stores the password out of the YAML, keeps it when omitted", async () => {
      const put = await call("PUT", "/api/v1/apps/blocks/mqtt", {
        enabled: true,
        url: "mqtts://broker.example.com:8883",
        username: "cam",
        password: "mqtt-pa55word",
        topicPrefix: "acme/blocks",
        qos: 2,
        events: ["stream_started", "vod_ready"],
        logs: { enabled: true, level: "warn" },
        latencyAlert: { enabled: true, thresholdMs: 250, intervalSeconds: 2 },
      });
      assert.equal(put.status, 200);
      const view = dataOf<Record<string, unknown>>(put);
      assert.equal(view["hasPassword"], true);
      assert.equal(view["configured"], true);
      assert.deepEqual(view["latencyAlert"], { enabled: true, thresholdMs: 250, cooldownSeconds: 60, intervalSeconds: 2 });
      const again = await call("PUT", "/api/v1/apps/blocks/mqtt", { qos: 1 });
      assert.equal(dataOf<{ hasPassword: boolean; qos: number; username: string }>(again).hasPassword, true);
      assert.equal(dataOf<{ qos: number }>(again).qos, 1);
      for (const text of [put.text, again.text, ...(await storedConfigTexts(server, "blocks")), logs.join("\n")]) assert.ok(!text.includes("mqtt-pa55word"));
      const cleared = await call("PUT", "/api/v1/apps/blocks/mqtt", { password: "" });
      assert.equal(dataOf<{ hasPassword: boolean }>(cleared).hasPassword, false);
    });

    it("counts a password from the variable named by password_env", async () => {
      const res = await call("GET", "/api/v1/apps/envpw/mqtt");
      assert.equal(dataOf<{ hasPassword: boolean }>(res).hasPassword, true);
    });

    it("validates scheme, QoS, log level and the 2-second interval floor", async () => {
      const bad: Array<Record<string, unknown>> = [
        { url: "http://broker.example.com" },
        { qos: 3 },
        { logs: { level: "verbose" } },
        { latencyAlert: { intervalSeconds: 1 } },
        { passwordEnv: "lower-case" },
      ];
      for (const body of bad) assert.equal((await call("PUT", "/api/v1/apps/blocks/mqtt", body)).status, 400, JSON.stringify(body));
      for (const url of ["mqtt://h:1883", "mqtts://h", "ws://h/mqtt", "wss://h:443/path", ""]) {
        assert.equal((await call("PUT", "/api/v1/apps/blocks/mqtt", { url })).status, 200, url);
      }
    });
  });

  describe("transcoding slice (SPEC 4.15)", () => {
    it("starts off with the default 720/480/240 ladder", async () => {
      await call("POST", "/api/v1/apps", { name: "fresh" });
      const res = await call("GET", "/api/v1/apps/fresh/config");
      const data = dataOf<{ transcodingEnabled: boolean; layers: Array<{ height: number; bitrateKbps: number }> }>(res);
      assert.equal(data.transcodingEnabled, false);
      assert.deepEqual(data.layers.map((l) => l.height), [720, 480, 240]);
    });

    it("patches partially; a layers array replaces the whole ladder", async () => {
      const res = await call("PATCH", "/api/v1/apps/fresh/config", { transcodingEnabled: true, encoding: "h264+vp8", layers: [{ height: 1080, bitrateKbps: 4500 }] });
      assert.equal(res.status, 200);
      const layers = dataOf<{ layers: unknown }>(await call("GET", "/api/v1/apps/fresh/transcoding/layers")).layers;
      assert.deepEqual(layers, [{ height: 1080, bitrateKbps: 4500 }]);
      const slice = dataOf<{ transcodingEnabled: boolean; encoding: string; vodAdaptive: boolean }>(await call("GET", "/api/v1/apps/fresh/config"));
      assert.deepEqual([slice.transcodingEnabled, slice.encoding, slice.vodAdaptive], [true, "h264+vp8", false]);
      assert.equal((await call("PATCH", "/api/v1/apps/fresh/config", { layers: [] })).status, 400);
      assert.equal((await call("PATCH", "/api/v1/apps/fresh/config", { encoding: "H264 VP8" })).status, 400);
    });
  });

  describe("app stats", () => {
    it("answers storage and VOD totals, cached for 5 seconds", async () => {
      const first = dataOf<{ generatedAt: string; storage: { appDbBytes: number }; vods: { count: number } }>(await call("GET", "/api/v1/apps/blocks/stats"));
      assert.ok(first.storage.appDbBytes > 0);
      assert.equal(first.vods.count, 0);
      const second = dataOf<{ generatedAt: string }>(await call("GET", "/api/v1/apps/blocks/stats"));
      assert.equal(second.generatedAt, first.generatedAt);
    });

    it("counts apps in /api/v1/stats", async () => {
      const stats = (await call("GET", "/api/v1/stats")).json as { counts: { apps: number } };
      assert.equal(stats.counts.apps, 3);
    });
  });
});
