import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RecordingState } from "../../src/recording/service.ts";
import type { ActorInfo } from "../../src/supervisor/supervisor.ts";
import type { VodView } from "../../src/vods/service.ts";
import { LEASE_MS } from "../../src/peers/ownership.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startMinio } from "../helpers/minio.ts";
import { Camera, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { sharedPostgres } from "../helpers/postgres.ts";
import { FIRST_TOKEN, spawnService, type ServiceProcess } from "../helpers/process.ts";
import { Receiver } from "../helpers/receiver.ts";
import { startRedis } from "../helpers/redis.ts";
import { nodeEnv, request, tempDir, testEnv } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * Actors move between nodes (issue 32): two nodes on one PostgreSQL and one Redis; a camera
 * connected to node A is recorded (asked through node B, answered by A, where its frames are),
 * and node A is SIGKILLed mid-recording. Node B adopts the VOD once A's lease
 * runs out (LEASE_MS, then B's next heartbeat pass), ends it where A's file ended, uploads it
 * once and emits vod_ready once.
 */
describe("actors adopted across nodes", () => {
  it("finishes on node B a VOD whose node A was SIGKILLed mid-recording, once, within the lease bound", { timeout: 120_000 }, async () => {
    const [pg, redis, minio, receiver] = await Promise.all([sharedPostgres(), startRedis(), startMinio(), Receiver.start()]);
    const nodes: ServiceProcess[] = [];
    const cameras: Camera[] = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      const url = await pg.database();
      const node = async (id: string) => {
        const env = await nodeEnv(id, url, redis.url);
        const svc = spawnService(testEnv(tempDir(), { ...env, SERVICE_LOG_STDOUT: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" }));
        nodes.push(svc);
        return { svc, base: env.SERVICE_NODE_URL };
      };
      const a = await node("node-a");
      const [, token = ""] = await a.svc.waitFor(FIRST_TOKEN);
      await a.svc.waitFor(/"msg":"listening"/);
      const b = await node("node-b");
      await b.svc.waitFor(/"msg":"listening"/);
      const api = (base: string, method: string, path: string, body?: unknown) => request(base, method, `/api/v1/apps/keep${path}`, { token, body });

      await minio.createBucket("vods");
      assert.equal((await request(a.base, "POST", "/api/v1/apps", { token, body: { name: "keep" } })).status, 201);
      const yaml = `recording:\n  enabled: true\ncallbacks:\n  url: ${receiver.url()}\n`;
      assert.equal((await api(a.base, "PUT", "/config/raw", { yaml })).status, 200);
      const s3 = { provider: "s3-compatible", bucket: "vods", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey };
      assert.equal((await api(a.base, "PUT", "/s3", s3)).status, 200);

      // The camera streams to node A, which records it.
      const key = dataOf<MintedKey>(await api(a.base, "POST", "/ws-ingest", { room: "door" }));
      // Frames made before the camera connects (ffmpeg runs synchronously in this process).
      const [red, blue] = [testJpeg("red", 0, "160x120"), testJpeg("blue", 0, "160x120")];
      const camera = await Camera.connect({ ...key, wsUrl: key.wsUrl.replace(/^ws:\/\/[^/]+/, a.base.replace("http", "ws")) });
      cameras.push(camera);
      camera.send(red);
      timer = setInterval(() => camera.send(blue), 100);
      await sleep(300);
      // Asked through node B, the camera's node A starts the recording: its frames are there.
      const started = await api(b.base, "POST", "/recording/start", { roomName: "door" });
      assert.equal(started.status, 200, started.text);
      assert.equal(started.headers.get("x-served-by"), "node-a");
      const snapshot = await api(b.base, "POST", "/snapshots", { room: "door" });
      assert.equal(snapshot.status, 201, snapshot.text);
      const streams = (await api(b.base, "GET", "/streams")).json as Array<{ room: string; status: string }>;
      assert.deepEqual(streams.map((x) => [x.room, x.status]), [["keep-door", "active"]]);
      const vodId = dataOf<RecordingState>(started).vodId;
      const actor = `vod:keep:${vodId}`;
      const onB = await request(b.base, "GET", `/api/v1/debug/actors?prefix=${actor}`, { token });
      assert.deepEqual(dataOf<Array<ActorInfo & { node: string }>>(onB).map((x) => x.node), ["node-a"], "node B sees the VOD's actor on node A");
      await sleep(2500);

      a.svc.child.kill("SIGKILL");
      await a.svc.exited();
      clearInterval(timer);
      const killedAt = Date.now();
      const vod = async () => dataOf<VodView>(await api(b.base, "GET", `/vods/${vodId}`));
      await eventually(async () => (await vod()).status !== "recording", LEASE_MS + 10_000, "node B to adopt the VOD");
      const adoptedAfter = Date.now() - killedAt;
      await eventually(async () => (await vod()).status === "ready", 60_000, "the adopted VOD to be ready").catch((err: Error) => {
        throw new Error(`${err.message}; node B said:\n${b.svc.stdout().split("\n").filter((l) => /vod|VOD|upload|actor/.test(l)).slice(-20).join("\n")}`);
      });
      const ready = await vod();
      assert.equal(ready.codec, "h264");
      assert.ok((ready.durationS ?? 0) >= 1.5, `the VOD lasts ${ready.durationS} s`);
      const files = (await minio.keys("vods", "keep/recordings/")).filter((k) => k.endsWith(".mp4"));
      assert.equal(files.length, 1, files.join(", "));
      await sleep(1000);
      assert.deepEqual(receiver.received.filter((r) => r.json.event === "vod_ready").map((r) => r.json.data["vodId"]), [vodId], "vod_ready once");
      assert.ok(adoptedAfter <= LEASE_MS + 5000, `adopted ${adoptedAfter} ms after the kill`);
      process.stdout.write(`# node B adopted the VOD ${adoptedAfter} ms after node A's SIGKILL (lease ${LEASE_MS} ms)\n`);
    } finally {
      clearInterval(timer);
      for (const camera of cameras) camera.ws.close();
      for (const svc of nodes) svc.child.kill("SIGKILL");
      await receiver.close();
      await Promise.all([minio.close(), redis.stop(), pg.stop()]);
    }
  });
});
