import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { Camera, cameraApp, mintKey, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** A camera sending frames at about 10 fps until stopped. */
function streamFrames(camera: Camera): () => void {
  const colors = ["red", "green", "blue"];
  let i = 0;
  const timer = setInterval(() => camera.send(testJpeg(colors[i++ % colors.length], 0, "160x120")), 100);
  return () => clearInterval(timer);
}

function ffprobeDuration(file: string): { duration: number; codec: string } {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name:format=duration", "-of", "json", file], { encoding: "utf8" });
  const json = JSON.parse(out) as { streams: Array<{ codec_name: string }>; format: { duration: string } };
  return { duration: Number(json.format.duration), codec: json.streams[0]?.codec_name ?? "" };
}

/**
 * Recording a WebSocket MJPEG camera room end to end (SPEC 3.1, 4.11, 6.6): our ffmpeg records,
 * the VOD goes recording -> uploading -> ready, the file lands in a real MinIO, and its presigned
 * URL downloads an MP4 that ffprobe reads with the recording's duration.
 */
describe("recording a camera room", () => {
  let server: TestServer;
  let minio: Minio;
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/rec${p}`, { token: server.rootToken, body });
  const vod = async (id: number) => ((await call("GET", `/vods/${id}`)).json as { data: VodView }).data;
  const live: Array<{ camera: Camera; stop: () => void }> = [];
  const connect = async (room: string): Promise<{ key: MintedKey; camera: Camera; stop: () => void }> => {
    const key = await mintKey(server, "rec", room);
    const camera = await Camera.connect(key);
    const stop = streamFrames(camera);
    live.push({ camera, stop });
    // Let the first frames reach the relay, so a recording has a picture from its first moment.
    await new Promise((r) => setTimeout(r, 300));
    return { key, camera, stop };
  };

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("recordings");
    // The camera's WebSocket URL comes from the public URL, so the port is known beforehand.
    server = await startServer({ SERVICE_PORT: String(await freePort()) });
    await cameraApp(server, "rec");
    assert.equal((await call("PATCH", "", { recordingEnabled: true })).status, 200);
    const s3 = { provider: "s3-compatible", bucket: "recordings", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey, prefix: "tenant-a/" };
    assert.equal((await call("PUT", "/s3", s3)).status, 200);
  });
  after(async () => {
    for (const { camera, stop } of live) (stop(), camera.ws.close());
    await server?.close();
    await minio?.close();
  });

  it("records, stops, uploads and ends ready with a playable file in the bucket", async () => {
    await connect("door");
    const started = await call("POST", "/recording/start", { roomName: "door", streamId: "rec-door/cam" });
    assert.equal(started.status, 200, started.text);
    const state = (started.json as { data: RecordingState }).data;
    assert.equal(state.status, "recording");
    assert.match(state.egressId, /^CR_/);
    assert.equal((await vod(state.vodId)).status, "recording");
    await new Promise((r) => setTimeout(r, 2500));

    const stopped = await call("POST", `/recording/${state.egressId}/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    assert.deepEqual((stopped.json as { data: RecordingState }).data, { ...state, status: "uploading" });
    await eventually(async () => (await vod(state.vodId)).status === "ready", 30_000, "the VOD to be ready");

    const ready = await vod(state.vodId);
    assert.match(ready.fileKey ?? "", /^tenant-a\/rec\/recordings\/rec-door-.*\.mp4$/);
    assert.equal(ready.s3Url, `s3://recordings/${ready.fileKey}`);
    assert.equal(ready.snapshotKey, `tenant-a/rec/snapshots/vod-${state.vodId}.jpg`);
    assert.equal(ready.codec, "h264");
    assert.deepEqual([ready.width, ready.height], [160, 120]);
    assert.ok((ready.durationS ?? 0) > 2 && (ready.durationS ?? 0) < 3.5, `duration ${ready.durationS}`);
    assert.deepEqual(await minio.keys("recordings"), [ready.fileKey, ready.snapshotKey].sort());

    const download = await fetch(ready.presignedUrl ?? "");
    assert.equal(download.status, 200);
    const file = path.join(tempDir("vod-"), "vod.mp4");
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    assert.equal(ready.sizeBytes, Buffer.byteLength(await (await fetch(ready.presignedUrl ?? "")).arrayBuffer()));
    const probed = ffprobeDuration(file);
    assert.equal(probed.codec, "h264");
    assert.ok(Math.abs(probed.duration - (ready.durationS ?? 0)) < 0.1);

    const events = server.app.events.recent().filter((e) => e.app === "rec");
    const startedEvent = events.find((e) => e.event === "recording_started");
    assert.deepEqual(startedEvent?.data, { vodId: state.vodId, egressId: state.egressId, app: "rec", room: "rec-door", streamId: "rec-door/cam" });
    const readyEvent = events.find((e) => e.event === "vod_ready");
    assert.deepEqual(readyEvent?.data, {
      vodId: state.vodId,
      app: "rec",
      room: "rec-door",
      streamId: "rec-door/cam",
      fileKey: ready.fileKey,
      s3Url: ready.s3Url,
      publicUrl: "",
      snapshotKey: ready.snapshotKey,
      sizeBytes: ready.sizeBytes,
      durationS: ready.durationS,
      width: 160,
      height: 120,
      format: ready.format,
    });
  });

  it("ends the recording cleanly when the camera disconnects", async () => {
    const { camera, stop } = await connect("porch");
    const started = await call("POST", "/recording/start", { roomName: "rec-porch" });
    assert.equal(started.status, 200, started.text);
    const { vodId } = (started.json as { data: RecordingState }).data;
    await new Promise((r) => setTimeout(r, 1500));
    stop();
    await camera.close();
    await eventually(async () => (await vod(vodId)).status === "ready", 30_000, "the VOD to be ready");
    const ready = await vod(vodId);
    assert.ok((ready.durationS ?? 0) > 1, `duration ${ready.durationS}`);
  });

  it("refuses what it cannot record with a clear 4xx", async () => {
    const noCamera = await call("POST", "/recording/start", { roomName: "nobody-here" });
    assert.equal(noCamera.status, 404);
    assert.match((noCamera.json as { error: { message: string } }).error.message, /no live camera/);
    assert.equal((await call("POST", "/recording/start", {})).status, 400);
    assert.equal((await call("POST", "/recording/start", { roomName: "x".repeat(201) })).status, 400);

    await connect("hall");
    const first = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(first.status, 200);
    const again = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(again.status, 409);
    const { vodId } = (first.json as { data: RecordingState }).data;
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 200);
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 409);
    assert.equal((await call("POST", "/recording/999/stop")).status, 404);
    assert.equal((await call("POST", "/recording/CR_unknown/stop")).status, 404);
    await eventually(async () => (await vod(vodId)).status !== "uploading", 30_000, "the hall VOD to finish");
    assert.equal((await vod(vodId)).status, "ready", JSON.stringify(await vod(vodId)));

    assert.equal((await call("PATCH", "", { recordingEnabled: false })).status, 200);
    const disabled = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(disabled.status, 409);
    assert.match((disabled.json as { error: { message: string } }).error.message, /recording is disabled/);
    assert.equal((await call("PATCH", "", { recordingEnabled: true })).status, 200);
  });
});
