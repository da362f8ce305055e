import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { metricValue, startServer, type TestServer } from "../helpers/server.ts";
import { appRow } from "../helpers/rows.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * Adaptive VOD (SPEC 4.15 vodAdaptive, vodRenditions): after a VOD is ready, an HLS ladder is
 * transcoded, uploaded with a master playlist that ffprobe plays from the public URL, announced
 * with vod_variants_ready, and deleted with the VOD.
 */
describe("adaptive VOD ladder", () => {
  let minio: Minio;
  let server: TestServer;
  let camera: Camera;
  let timer: NodeJS.Timeout;
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/ladder${p}`, { token: server.rootToken, body });
  const vod = async (id: number) => dataOf<VodView>(await call("GET", `/vods/${id}`));

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("hls");
    await minio.makePublic("hls");
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    await cameraApp(server, "ladder", "recording:\n  enabled: true\n  delete_local_after_upload: true\n");
    const ladder = { vodAdaptive: true, vodRenditions: [{ height: 180, bitrateKbps: 300 }, { height: 144, bitrateKbps: 200 }, { height: 720, bitrateKbps: 2000 }], hlsSegmentSeconds: 1 };
    assert.equal((await call("PATCH", "/config", ladder)).status, 200);
    const s3 = { provider: "s3-compatible", bucket: "hls", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey };
    assert.equal((await call("PUT", "/s3", { ...s3, public_url: `${minio.endpoint}/hls`, confirmPublic: true })).status, 200);
    camera = await Camera.connect(await mintKey(server, "ladder", "stage"));
    camera.send(testJpeg("red", 0, "320x240"));
    const colors = ["red", "green", "blue"];
    let i = 0;
    timer = setInterval(() => camera.send(testJpeg(colors[i++ % 3], 0, "320x240")), 100);
    await new Promise((r) => setTimeout(r, 300));
  });
  after(async () => {
    clearInterval(timer);
    await camera?.close();
    await server?.close();
    await minio?.close();
  });

  it("makes, uploads and announces the ladder; ffprobe plays it from the master playlist; delete removes it", async () => {
    const started = await call("POST", "/recording/start", { roomName: "stage" });
    assert.equal(started.status, 200, started.text);
    const { vodId } = dataOf<RecordingState>(started);
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 200);
    await eventually(async () => (await vod(vodId)).adaptive?.status === "ready", 60_000, "the ladder to be ready");

    const ready = await vod(vodId);
    assert.equal(ready.status, "ready");
    // 720p is taller than the 240-line source: never upscaled, so two variants remain.
    assert.deepEqual(ready.variants.map((v) => [v.name, v.height, v.bitrateKbps]), [["180p", 180, 300], ["144p", 144, 200]]);
    assert.equal(ready.adaptive?.masterUrl, `${minio.endpoint}/hls/ladder/vods/${vodId}/hls/master.m3u8`);
    const probe = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=height", "-of", "csv=p=0", ready.adaptive?.masterUrl ?? ""], { encoding: "utf8" });
    // ffprobe lists each variant's stream once per program it is in; heights are what matter.
    assert.deepEqual([...new Set(probe.trim().split("\n").map(Number).filter((h) => h > 0))].sort((a, b) => a - b), [144, 180]);
    // delete_local_after_upload waited for the ladder, then removed the file.
    const local = await appRow(server, "ladder", (t) => sql<{ local_path: string | null }>`SELECT local_path FROM ${t("vods")} WHERE id = ${vodId}`);
    assert.equal(local?.local_path, null);

    const event = server.app.events.recent().find((e) => e.event === "vod_variants_ready");
    assert.deepEqual(event?.data, { vodId, app: "ladder", room: "ladder-stage", masterKey: `ladder/vods/${vodId}/hls/master.m3u8`, variants: "180p,144p" });
    assert.equal(await metricValue(server, 'service_media_transcode_total{kind="vod_adaptive",accel="software",type="h264"}'), 1);

    assert.ok((await minio.keys("hls", `ladder/vods/${vodId}/hls/`)).length >= 5);
    assert.equal((await call("DELETE", `/vods/${vodId}`)).status, 204);
    assert.deepEqual(await minio.keys("hls", "ladder/"), []);
  });
});
