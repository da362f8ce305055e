import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { Camera, cameraApp, mintKey, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { metricValue, startServer, tempDir, type TestServer } from "../helpers/server.ts";
import { appRow, appRows } from "../helpers/rows.ts";
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
  const vod = async (id: number) => dataOf<VodView>(await call("GET", `/vods/${id}`));
  const live: Array<{ room: string; camera: Camera; stop: () => void }> = [];
  /** Disconnects a room's camera, so cameras do not pile up against the app's stream limits. */
  const hangUp = async (room: string) => {
    for (const entry of live.filter((l) => l.room === room)) {
      entry.stop();
      await entry.camera.close();
      live.splice(live.indexOf(entry), 1);
    }
  };
  const connect = async (room: string): Promise<{ key: MintedKey; camera: Camera; stop: () => void }> => {
    const key = await mintKey(server, "rec", room);
    const camera = await Camera.connect(key);
    const stop = streamFrames(camera);
    live.push({ room, camera, stop });
    // Let the first frames reach the relay, so a recording has a picture from its first moment.
    await new Promise((r) => setTimeout(r, 300));
    return { key, camera, stop };
  };

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("recordings");
    // The camera's WebSocket URL comes from the public URL, so the port is known beforehand.
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_UPLOAD_ATTEMPTS: "2", SERVICE_UPLOAD_RETRY_MS: "100", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
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
    const state = dataOf<RecordingState>(started);
    assert.equal(state.status, "recording");
    assert.match(state.egressId, /^CR_/);
    assert.equal((await vod(state.vodId)).status, "recording");
    await new Promise((r) => setTimeout(r, 2500));

    const stopped = await call("POST", `/recording/${state.egressId}/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    assert.deepEqual(dataOf<RecordingState>(stopped), { ...state, status: "uploading" });
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
    await hangUp("door");
  });

  it("ends the recording cleanly when the camera disconnects", async () => {
    const { camera, stop } = await connect("porch");
    const started = await call("POST", "/recording/start", { roomName: "rec-porch" });
    assert.equal(started.status, 200, started.text);
    const { vodId } = dataOf<RecordingState>(started);
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
    assert.match(errorOf(noCamera).message, /no live camera/);
    assert.equal((await call("POST", "/recording/start", {})).status, 400);
    assert.equal((await call("POST", "/recording/start", { roomName: "x".repeat(201) })).status, 400);

    await connect("hall");
    const first = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(first.status, 200);
    const again = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(again.status, 409);
    const { vodId } = dataOf<RecordingState>(first);
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 200);
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 409);
    assert.equal((await call("POST", "/recording/999/stop")).status, 404);
    assert.equal((await call("POST", "/recording/CR_unknown/stop")).status, 404);
    await eventually(async () => (await vod(vodId)).status !== "uploading", 30_000, "the hall VOD to finish");
    await hangUp("hall");
    assert.equal((await vod(vodId)).status, "ready", JSON.stringify(await vod(vodId)));

    assert.equal((await call("PATCH", "", { recordingEnabled: false })).status, 200);
    const disabled = await call("POST", "/recording/start", { roomName: "hall" });
    assert.equal(disabled.status, 409);
    assert.match(errorOf(disabled).message, /recording is disabled/);
    assert.equal((await call("PATCH", "", { recordingEnabled: true })).status, 200);
  });

  /** Records `room` for about `ms`, stops, and waits until the VOD settles; answers its id. */
  const recorded = async (room: string, ms = 1200): Promise<number> => {
    await connect(room);
    const started = await call("POST", "/recording/start", { roomName: room });
    assert.equal(started.status, 200, started.text);
    const { vodId } = dataOf<RecordingState>(started);
    await new Promise((r) => setTimeout(r, ms));
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 200);
    await eventually(async () => !["recording", "uploading"].includes((await vod(vodId)).status), 30_000, `VOD ${vodId} to settle`);
    await hangUp(room);
    return vodId;
  };

  it("answers downloads: 409 before ready, a presigned URL from S3, the raw route for a local-only VOD", async () => {
    await connect("yard");
    const started = await call("POST", "/recording/start", { roomName: "yard" });
    const { vodId } = dataOf<RecordingState>(started);
    const early = await call("GET", `/vods/${vodId}/download`);
    assert.equal(early.status, 409);
    assert.equal((await call("GET", `/vods/${vodId}/raw`)).status, 409);
    assert.equal((await call("POST", `/recording/${vodId}/stop`)).status, 200);
    await eventually(async () => (await vod(vodId)).status === "ready", 30_000, "ready");
    await hangUp("yard");
    const fromS3 = dataOf<{ url: string; filename: string; expiresInSeconds: number | null }>(await call("GET", `/vods/${vodId}/download`));
    assert.equal(fromS3.expiresInSeconds, 3600);
    assert.match(fromS3.filename, /^rec-yard-.*\.mp4$/);
    assert.equal((await fetch(fromS3.url)).status, 200);

    // The same app without S3: new VODs stay local and download through the raw route.
    assert.equal((await call("PUT", "/s3", { bucket: "" })).status, 200);
    const local = await recorded("shed");
    assert.equal((await vod(local)).fileKey, null);
    const link = dataOf<{ url: string; expiresInSeconds: number | null }>(await call("GET", `/vods/${local}/download`));
    assert.equal(link.expiresInSeconds, null);
    assert.equal(link.url, `${server.app.config.publicUrl}/api/v1/apps/rec/vods/${local}/raw`);
    const auth = { authorization: `Bearer ${server.rootToken}` };
    const raw = await fetch(link.url, { headers: auth });
    assert.equal(raw.status, 200);
    assert.match(raw.headers.get("content-disposition") ?? "", /^attachment; filename="rec-shed-/);
    assert.equal(raw.headers.get("accept-ranges"), "bytes");
    const whole = Buffer.from(await raw.arrayBuffer());
    const size = (await vod(local)).sizeBytes ?? 0;
    assert.equal(whole.length, size);
    assert.equal(whole.subarray(4, 8).toString("latin1"), "ftyp", "an MP4 starts with its ftyp box");

    const ranged = await fetch(link.url, { headers: { ...auth, range: "bytes=4-11" } });
    assert.equal(ranged.status, 206);
    assert.equal(ranged.headers.get("content-range"), `bytes 4-11/${size}`);
    assert.deepEqual(Buffer.from(await ranged.arrayBuffer()), whole.subarray(4, 12));
    const tail = await fetch(link.url, { headers: { ...auth, range: "bytes=-10" } });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), whole.subarray(size - 10));
    const outside = await fetch(link.url, { headers: { ...auth, range: `bytes=${size}-` } });
    assert.equal(outside.status, 416);
    assert.equal(outside.headers.get("content-range"), `bytes */${size}`);

    // Ready, but the local file is gone and there is no S3 object: 404.
    const { rmSync } = await import("node:fs");
    const row = await appRow(server, "rec", (t) => sql<{ local_path: string }>`SELECT local_path FROM ${t("vods")} WHERE id = ${local}`);
    assert.ok(row, "the VOD row");
    rmSync(row.local_path);
    assert.equal((await call("GET", `/vods/${local}/download`)).status, 404);
    assert.equal((await call("GET", `/vods/${local}/raw`)).status, 404);
    assert.equal((await call("PUT", "/s3", { bucket: "recordings" })).status, 200);
  });

  it("fails an upload while S3 is down, keeps the file, and succeeds on a manual retry", async () => {
    await minio.stop();
    let failed: number;
    try {
      failed = await recorded("cellar");
    } finally {
      await minio.start();
    }
    const v = await vod(failed);
    assert.equal(v.status, "failed");
    assert.equal(v.failure?.reason, "upload_failed");
    const event = server.app.events.recent().find((e) => e.event === "recording_failed" && e.data["vodId"] === failed);
    assert.deepEqual(Object.keys(event?.data ?? {}).sort(), ["app", "detail", "reason", "room", "streamId", "vodId"]);
    assert.equal((await call("POST", `/vods/${failed}/retry`)).status, 200);
    await eventually(async () => (await vod(failed)).status === "ready", 30_000, "the retried VOD to be ready");
    assert.equal((await call("POST", `/vods/${failed}/retry`)).status, 409);
    assert.ok((await metricValue(server, 'service_recording_failures_total{app="rec",reason="upload_failed"}')) >= 1);
    assert.ok((await metricValue(server, 'service_s3_errors_total{op="upload"}')) >= 2);
    assert.ok((await metricValue(server, 'service_vods{app="rec",status="ready"}')) >= 3);
  });

  it("probes again, and deletes every object and file of a VOD, 404 when repeated", async () => {
    const id = await recorded("attic");
    await appRows(server, "rec", (t) => sql`UPDATE ${t("vods")} SET duration_s = NULL, width = NULL WHERE id = ${id}`);
    const probed = await call("POST", `/vods/${id}/probe`);
    assert.equal(probed.status, 200, probed.text);
    const data = dataOf<VodView>(probed);
    assert.ok((data.durationS ?? 0) > 0.5);
    assert.equal(data.width, 160);

    const ready = await vod(id);
    const keys = await minio.keys("recordings");
    assert.ok(ready.fileKey && keys.includes(ready.fileKey) && ready.snapshotKey && keys.includes(ready.snapshotKey));
    assert.equal((await call("DELETE", `/vods/${id}`)).status, 204);
    const after = await minio.keys("recordings");
    assert.ok(!after.includes(ready.fileKey ?? "") && !after.includes(ready.snapshotKey ?? ""));
    assert.equal((await call("GET", `/vods/${id}`)).status, 404);
    assert.equal((await call("DELETE", `/vods/${id}`)).status, 404);

    await connect("loft");
    const live = dataOf<RecordingState>(await call("POST", "/recording/start", { roomName: "loft" }));
    assert.equal((await call("DELETE", `/vods/${live.vodId}`)).status, 409);
    assert.equal((await call("POST", `/recording/${live.vodId}/stop`)).status, 200);
    await hangUp("loft");
  });

  it("captures a camera room's frame on demand, and every snapshotSeconds while it records", async () => {
    await connect("kitchen");
    const res = await call("POST", "/snapshots", { room: "kitchen" });
    assert.equal(res.status, 201, res.text);
    const shot = dataOf<{ room: string; file: string; key: string; url: string; sizeBytes: number; vodId: number | null }>(res);
    assert.equal(shot.room, "rec-kitchen");
    assert.equal(shot.vodId, null);
    assert.equal(shot.key, `tenant-a/rec/snapshots/${shot.file}`);
    const fetched = Buffer.from(await (await fetch(shot.url)).arrayBuffer());
    assert.equal(fetched.length, shot.sizeBytes);
    assert.deepEqual([...fetched.subarray(0, 2)], [0xff, 0xd8], "a JPEG");
    assert.ok(server.app.events.recent().some((e) => e.event === "snapshot_taken" && e.data["file"] === shot.file));
    assert.equal((await call("POST", "/snapshots", { room: "empty-room" })).status, 404);
    assert.equal((await call("POST", "/snapshots", {})).status, 400);
    assert.equal((await call("POST", "/snapshots", { room: "bad room!" })).status, 400);

    await hangUp("kitchen");
    assert.equal((await call("PATCH", "", { snapshotSeconds: 1 })).status, 200);
    const vodId = await recorded("kitchen", 2600);
    const periodic = server.app.events.recent().filter((e) => e.event === "snapshot_taken" && e.data["vodId"] === vodId);
    assert.ok(periodic.length >= 2, `${periodic.length} periodic snapshots`);
    assert.equal((await call("PATCH", "", { snapshotSeconds: 0 })).status, 200);
  });

  it("records one live stream by its id, and stops that stream's recording", async () => {
    const { key } = await connect("porch2");
    const streamId = `rec-porch2/${key.identity}`;
    const id = encodeURIComponent(streamId);
    const started = await call("POST", `/streams/${id}/record/start`);
    assert.equal(started.status, 200, started.text);
    const { vodId } = dataOf<RecordingState>(started);
    assert.equal((await vod(vodId)).streamId, streamId);
    assert.equal((await call("POST", `/streams/${id}/record/start`)).status, 409);
    await new Promise((r) => setTimeout(r, 800));
    const stopped = await call("POST", `/streams/${id}/record/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(dataOf<RecordingState>(stopped).vodId, vodId);
    assert.equal((await call("POST", `/streams/${id}/record/stop`)).status, 404);
    assert.equal((await call("POST", "/streams/no-such-stream/record/start")).status, 404);
    await eventually(async () => (await vod(vodId)).status === "ready", 30_000, "the stream's VOD to be ready");
    await hangUp("porch2");
    await eventually(async () => (await call("POST", `/streams/${id}/record/start`)).status === 409, 5000, "the ended stream to refuse");
  });

  it("counts VODs in sizes and stats, and purges their objects with DELETE /apps/{name}?deleteVods=true", async () => {
    const rows = await appRow(server, "rec", (t) => sql<{ n: number; bytes: number }>`SELECT COUNT(*) AS n, CAST(SUM(size_bytes) AS BIGINT) AS bytes FROM ${t("vods")}`);
    const ready = (await appRow(server, "rec", (t) => sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${t("vods")} WHERE status = 'ready'`))?.n;
    assert.ok(rows);
    const sizes = dataOf<{ vodCount: number; vodBytes: number }>(await call("GET", "/sizes"));
    assert.deepEqual([sizes.vodCount, sizes.vodBytes], [rows.n, rows.bytes]);
    const stats = dataOf<{ vods: { count: number; bytes: number; byStatus: Record<string, number> } }>(await call("GET", "/stats"));
    assert.deepEqual([stats.vods.count, stats.vods.bytes, stats.vods.byStatus["ready"]], [rows.n, rows.bytes, ready]);

    const keys = await minio.keys("recordings", "tenant-a/rec/");
    assert.ok(keys.length > 0);
    const deleted = await server.request("DELETE", "/api/v1/apps/rec?deleteVods=true", { token: server.rootToken });
    assert.equal(deleted.status, 200, deleted.text);
    await eventually(async () => (await minio.keys("recordings", "tenant-a/rec/")).length === 0, 10_000, "the bucket to be purged");
  });
});
