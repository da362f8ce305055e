import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startMinio } from "../helpers/minio.ts";
import { Camera, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { FIRST_TOKEN, serviceProcesses } from "../helpers/process.ts";
import { Receiver } from "../helpers/receiver.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * A VOD survives the process (issue 13): killed with SIGKILL while recording, and again while its
 * upload is retrying against a stopped S3, the next start finishes every VOD, ready exactly once.
 */
describe("recording across a SIGKILL", () => {
  it("finishes a VOD killed mid-recording and one killed mid-upload, each ready once, each file once in the bucket", { timeout: 120_000 }, async () => {
    const minio = await startMinio();
    const receiver = await Receiver.start();
    const port = await freePort();
    const env = { ...testEnv(tempDir()), SERVICE_PORT: String(port), SERVICE_LOG_STDOUT: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" };
    const { spawn, killAll } = serviceProcesses(env);
    try {
      await minio.createBucket("vods");
      const first = spawn();
      const [, token = ""] = await first.waitFor(FIRST_TOKEN);
      await first.waitFor(/"msg":"listening"/);
      const api = (method: string, path: string, body?: unknown) => request(`http://127.0.0.1:${port}`, method, `/api/v1/apps/keep${path}`, { token, body });
      assert.equal((await request(`http://127.0.0.1:${port}`, "POST", "/api/v1/apps", { token, body: { name: "keep" } })).status, 201);
      const yaml = `recording:\n  enabled: true\ncallbacks:\n  url: ${receiver.url()}\n`;
      assert.equal((await api("PUT", "/config/raw", { yaml })).status, 200);
      const s3 = { provider: "s3-compatible", bucket: "vods", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey };
      assert.equal((await api("PUT", "/s3", s3)).status, 200);
      const vod = async (id: number) => dataOf<VodView>(await api("GET", `/vods/${id}`));

      // Two cameras: one recording that the kill interrupts, one whose upload it interrupts.
      const cameras: Camera[] = [];
      const timers: NodeJS.Timeout[] = [];
      const record = async (room: string) => {
        const key = dataOf<MintedKey>(await api("POST", "/ws-ingest", { room }));
        const camera = await Camera.connect(key);
        cameras.push(camera);
        camera.send(testJpeg("red", 0, "160x120"));
        timers.push(setInterval(() => camera.send(testJpeg("blue", 0, "160x120")), 100));
        await sleep(300);
        const started = await api("POST", "/recording/start", { roomName: room });
        assert.equal(started.status, 200, started.text);
        return dataOf<RecordingState>(started).vodId;
      };
      const interruptedRecording = await record("door");
      const interruptedUpload = await record("gate");
      await sleep(3000);
      // S3 goes away, so the second VOD's upload keeps retrying until the kill.
      await minio.stop();
      assert.equal((await api("POST", `/recording/${interruptedUpload}/stop`)).status, 200);
      await eventually(async () => (await vod(interruptedUpload)).status === "uploading", 10_000, "the upload to begin");
      await sleep(1500);
      first.child.kill("SIGKILL");
      await first.exited();
      for (const timer of timers) clearInterval(timer);
      for (const camera of cameras) camera.ws.close();

      await minio.start();
      const second = spawn();
      await second.waitFor(/"msg":"listening"/);
      for (const id of [interruptedRecording, interruptedUpload]) {
        await eventually(async () => (await vod(id)).status === "ready", 60_000, `VOD ${id} to be ready`);
        const ready = await vod(id);
        assert.equal(ready.codec, "h264");
        assert.ok((ready.durationS ?? 0) >= 1.5, `VOD ${id} lasts ${ready.durationS} s`);
      }
      const files = (await minio.keys("vods", "keep/recordings/")).filter((k) => k.endsWith(".mp4"));
      assert.equal(files.length, 2, files.join(", "));
      await sleep(1000);
      const readyEvents = receiver.received.filter((r) => r.json.event === "vod_ready").map((r) => r.json.data["vodId"]);
      assert.deepEqual(readyEvents.sort(), [interruptedRecording, interruptedUpload].sort(), "vod_ready once per VOD");
      assert.equal(receiver.received.filter((r) => r.json.event === "recording_failed").length, 0);
    } finally {
      killAll();
      await receiver.close();
      await minio.close();
    }
  });
});
