import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import { dataOf } from "../helpers/envelope.ts";
import { createToken } from "../helpers/identity.ts";
import { serverBackend } from "../helpers/backends.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { GPU_TYPES, type GpuStatus } from "../../src/system/gpu.ts";

/** How many migrations this run's backend has of `kind` (PostgreSQL's are numbered apart). */
const migrations = (kind: string) =>
  readdirSync(fileURLToPath(new URL(`../../src/db/migrations/${serverBackend === "postgres" ? "postgres/" : ""}${kind}/`, import.meta.url))).length;

/** Every credential the config can hold, each a value that must never appear in an answer. */
const SECRETS = {
  SERVICE_JWT_SECRET: "jwt-secret-value-0123456789abcdefghijkl",
  SERVICE_MASTER_KEY: "master-key-value-0123456789abcdefghijkl",
  SERVICE_ADMIN_USERNAME: "breakglass",
  SERVICE_ADMIN_PASSWORD: "admin-password-value-42",
  METRICS_TOKEN: "metrics-token-value-42",
  SERVICE_CLUSTER_TOKEN: "cluster-token-value-42",
  SERVICE_SMTP_URL: "smtp://mailer:smtp-password-value-42@127.0.0.1:2525",
  SERVICE_LIVEKIT_URL: "http://127.0.0.1:9",
  SERVICE_LIVEKIT_WS_URL: "ws://127.0.0.1:9",
  SERVICE_LIVEKIT_API_KEY: "APIkeyValue42",
  SERVICE_LIVEKIT_API_SECRET: "livekit-secret-value-0123456789",
};

describe("system routes (SPEC 4.7)", () => {
  let server: TestServer;
  const get = (p: string, token = server.rootToken) => server.request("GET", p, { token });

  before(async () => {
    server = await startServer(SECRETS);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "sys" } })).status, 201);
  });
  after(() => server.close());

  it("shows the effective settings with every credential reduced to a Set flag or a mask", async () => {
    const res = await get("/api/v1/system/settings");
    assert.equal(res.status, 200, res.text);
    for (const [name, value] of Object.entries(SECRETS)) {
      if (/SECRET|KEY$|PASSWORD|TOKEN/.test(name)) assert.ok(!res.text.includes(value), `${name} leaked`);
    }
    assert.ok(!res.text.includes("smtp-password-value-42"), "the SMTP password leaked from its URL");
    const data = dataOf<Record<string, unknown>>(res);
    assert.equal(data["jwtSecretSet"], true);
    assert.equal(data["masterKeySet"], true);
    assert.equal(data["clusterTokenSet"], true);
    assert.equal(data["authzEnforce"], true);
    assert.deepEqual(data["livekit"], { url: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", apiKey: "AP…42", apiSecretSet: true });
    assert.deepEqual(data["admin"], { username: "breakglass", passwordSet: true });
    assert.deepEqual(data["metrics"], { tokenSet: true, defaultMetrics: false });
    assert.equal((data["smtp"] as { url: string }).url, "smtp://mailer:%E2%80%A6@127.0.0.1:2525");
    assert.equal(data["env"], undefined, "the raw environment is never shown");
  });

  it("is for global credentials only", async () => {
    const app = await createToken(server, server.rootToken, { scope: "app", appId: 1 });
    assert.equal((await get("/api/v1/system/settings", app.token)).status, 403);
    assert.equal((await get("/api/v1/system/db/health", app.token)).status, 403);
  });

  it("answers the live GPU probe consistently with itself and with service_gpu_available, whatever the host has", async () => {
    // What the tools' outputs mean is tested on recorded outputs of GPU hosts (test/unit/gpu-status.test.ts);
    // here only what holds on any host: this one has no GPU, a CI runner or a GPU box may.
    const res = await get("/api/v1/system/gpu");
    assert.equal(res.status, 200, res.text);
    const gpu = dataOf<GpuStatus>(res);
    assert.equal(gpu.available, Object.values(gpu.types).some(Boolean));
    assert.equal(gpu.types.nvidia, gpu.nvidia.gpus.length > 0);
    if (gpu.nvidia.tool !== "ok") assert.deepEqual(gpu.nvidia.gpus, []);
    if (gpu.types.vaapi) assert.equal(gpu.vaapi.tool, "ok");
    if (gpu.vaapi.renderNodes.length === 0) assert.equal(gpu.types.vaapi, false);
    if (gpu.types.qsv) assert.equal(gpu.types.vaapi, true);
    for (const node of gpu.vaapi.renderNodes) assert.match(node, /^\/dev\/dri\/renderD\d+$/);
    assert.match(gpu.ffmpeg.tool, /^(ok|missing|failed: .+)$/);
    for (const codec of gpu.ffmpeg.hardwareEncoders) assert.match(codec, /^\w+_(nvenc|vaapi|qsv|amf|v4l2m2m|videotoolbox|mf)$/);
    const metrics = await server.request("GET", "/metrics", { token: SECRETS.METRICS_TOKEN });
    for (const type of GPU_TYPES) {
      assert.match(metrics.text, new RegExp(`^service_gpu_available\\{type="${type}"\\} ${gpu.types[type] ? 1 : 0}$`, "m"), `the gauge agrees with the route for ${type}`);
    }
    const again = await get("/api/v1/system/gpu");
    assert.equal(dataOf<GpuStatus>(again).probedAt, gpu.probedAt, "kept until a refresh");
    const refreshed = await server.request("POST", "/api/v1/system/gpu/refresh", { token: server.rootToken });
    assert.equal(refreshed.status, 200);
    const viaQuery = await get("/api/v1/system/gpu?refresh");
    assert.equal(dataOf<GpuStatus>(viaQuery).probedAt, dataOf<GpuStatus>(refreshed).probedAt, "refreshes within 10 s share one probe");
  });

  it("checks the global and an app's database off the event loop", async () => {
    for (const [p, kind] of [["/api/v1/system/db/health", "global"], ["/api/v1/apps/sys/db/health", "app"]] as const) {
      const res = await get(p);
      assert.equal(res.status, 200, res.text);
      const health = dataOf<{ integrity: string; schemaVersion: number; pageCount: number; pageSize: number; freelistCount: number; fileBytes: number; walBytes: number }>(res);
      assert.equal(health.integrity, "ok");
      assert.equal(health.schemaVersion, migrations(kind));
      assert.ok(health.pageCount > 0 && health.pageSize > 0 && health.fileBytes > 0);
      assert.ok(health.freelistCount >= 0 && health.walBytes >= 0);
    }
    assert.equal((await get("/api/v1/apps/nope/db/health")).status, 404);
  });
});
