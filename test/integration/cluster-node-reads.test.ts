import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { LogLine, WorkerStatus } from "../../src/plugins/workers.ts";
import type { RecordingState } from "../../src/vods/recordings.ts";
import type { VodView } from "../../src/vods/service.ts";
import { vodStore } from "../../src/vods/store.ts";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { request, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

type OnNode<T> = T & { node: string };
type ClusterWorkerStatus = OnNode<WorkerStatus> & { nodes: OnNode<WorkerStatus>[] };

/**
 * A camera that sends `frame` every 250 ms until stopped, and connects again when its socket
 * drops (a camera socket of the cluster tests is seen to drop right after it opened about one run
 * in eight: cluster-reads.test.ts), as cameras do.
 */
async function keepSending(key: MintedKey, frame: Buffer): Promise<{ stop(): Promise<void> }> {
  let camera = await Camera.connect(key);
  let stopped = false;
  const watch = (c: Camera): void =>
    void c.closed.then(async () => {
      if (stopped || c !== camera) return;
      camera = await Camera.connect(key).catch(() => c);
      watch(camera);
    });
  watch(camera);
  camera.send(frame);
  const ticker = setInterval(() => camera.send(frame), 250);
  return {
    async stop() {
      stopped = true;
      clearInterval(ticker);
      await camera.close();
    },
  };
}

/**
 * Reads of what only one node has (a VOD's file before it is in S3, a plugin worker's rooms,
 * output and detections) asked on the other node: two nodes on one PostgreSQL database and one
 * Redis, each reachable at the URL it heartbeats.
 */
describe("reads of one node's files and workers, asked on another", () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    cluster = await startNodes(["node-a", "node-b"]);
    [a, b] = cluster.nodes as [TestServer, TestServer];
  });
  after(() => cluster?.close());

  it("serves a local-only VOD recorded on node A through node B: the whole file, a range, and its delete", { timeout: 90_000 }, async () => {
    await cameraApp(a, "tapes");
    const call = (server: TestServer, method: string, p: string) => server.request(method, `/api/v1/apps/tapes${p}`, { token: a.rootToken });
    // The file's bytes as they come (the test client reads bodies as text).
    const raw = async (server: TestServer, id: number, range?: string) => {
      const res = await fetch(`${server.url}/api/v1/apps/tapes/vods/${id}/raw`, { headers: { authorization: `Bearer ${a.rootToken}`, ...(range ? { range } : {}) } });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    assert.equal((await a.request("PATCH", "/api/v1/apps/tapes", { token: a.rootToken, body: { recordingEnabled: true } })).status, 200);
    // Made before the camera connects: ffmpeg runs synchronously (see keepSending).
    const camera = await keepSending(await mintKey(a, "tapes", "yard"), testJpeg("blue", 0, "160x120"));
    let vodId: number;
    try {
      await new Promise((r) => setTimeout(r, 500));
      const started = await a.request("POST", "/api/v1/apps/tapes/recording/start", { token: a.rootToken, body: { roomName: "yard" } });
      assert.equal(started.status, 200, started.text);
      vodId = dataOf<RecordingState>(started).vodId;
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await a.request("POST", `/api/v1/apps/tapes/recording/${vodId}/stop`, { token: a.rootToken })).status, 200);
      await eventually(async () => dataOf<VodView>(await call(a, "GET", `/vods/${vodId}`)).status === "ready", 30_000, "the VOD to be ready");
    } finally {
      await camera.stop();
    }
    const vod = dataOf<VodView>(await call(b, "GET", `/vods/${vodId}`));
    assert.equal(vod.fileKey, null, "no S3: the file stays on node A");
    const store = vodStore(a.app.databases.appSql("tapes"));
    const row = await store.get(vodId);
    assert.ok(row?.local_path && existsSync(row.local_path) && row.node === "node-a", JSON.stringify(row));

    const fromA = await raw(a, vodId);
    assert.equal(fromA.res.status, 200);
    const whole = fromA.bytes;
    assert.equal(whole.length, vod.sizeBytes);
    const fromB = await raw(b, vodId);
    assert.equal(fromB.res.status, 200);
    assert.equal(fromB.res.headers.get("x-served-by"), "node-a");
    assert.equal(fromB.res.headers.get("content-length"), String(whole.length));
    assert.equal(fromB.res.headers.get("accept-ranges"), "bytes");
    assert.equal(fromB.res.headers.get("content-disposition"), fromA.res.headers.get("content-disposition"));
    assert.equal(fromB.res.headers.get("content-type"), "video/mp4");
    assert.ok(fromB.bytes.equals(whole), "node B's bytes are node A's");

    const ranged = await raw(b, vodId, "bytes=4-11");
    assert.equal(ranged.res.status, 206);
    assert.equal(ranged.res.headers.get("content-range"), `bytes 4-11/${whole.length}`);
    assert.equal(ranged.res.headers.get("content-length"), "8");
    assert.ok(ranged.bytes.equals(whole.subarray(4, 12)), "the range's bytes");
    const outside = await raw(b, vodId, `bytes=${whole.length}-`);
    assert.equal(outside.res.status, 416);
    assert.equal(outside.res.headers.get("content-range"), `bytes */${whole.length}`);

    const link = dataOf<{ url: string }>(await call(b, "GET", `/vods/${vodId}/download`));
    assert.match(link.url, new RegExp(`/api/v1/apps/tapes/vods/${vodId}/raw$`), "node B links to the raw route, which any node serves");

    // A VOD whose node is gone: the missing file's 404, naming where the file is.
    const elsewhere = await store.insert({ room: row.room, stream_id: null, egress_id: "CR_gone", source: "camera", part: 0, local_path: "/nonexistent/on-node-c.mp4", started_at: new Date().toISOString(), node: "node-c" });
    const ready = { file_key: null, s3_url: null, snapshot_key: null, local_path: elsewhere.local_path, size_bytes: 10, duration_s: 1, width: 1, height: 1, format: "mp4", codec: "h264" };
    assert.ok(await store.markUploading(elsewhere.id, new Date().toISOString()));
    assert.ok(await store.markReady(elsewhere.id, ready, new Date().toISOString()));
    const gone = await call(b, "GET", `/vods/${elsewhere.id}/raw`);
    assert.equal(gone.status, 404, gone.text);
    assert.match(errorOf(gone).message, /node node-c, which is not live/);

    const deleted = await call(b, "DELETE", `/vods/${vodId}`);
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(deleted.headers.get("x-served-by"), "node-a");
    assert.equal(existsSync(row.local_path), false, "node A removed the file");
  });

  it("answers a plugin's worker status, logs and detections through the node without the camera", { timeout: 150_000 }, async () => {
    await cameraApp(a, "lens", "features:\n  publicPlayback: true\n");
    const call = (server: TestServer, method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/lens/plugins/yolo${p}`, { token: a.rootToken, body });
    // Enabled at once, most likely before node B first reads the new app: its first read must
    // start the worker the config asks for, as hearing of a write would.
    assert.equal((await call(a, "POST", "/install")).status, 200);
    // The config is the cluster's: both nodes run a worker, and only node A's has the camera.
    assert.equal((await call(a, "PATCH", "", { enabled: true, config: { fps: 2 } })).status, 200);
    const camera = await keepSending(await mintKey(a, "lens", "cam"), testJpeg("green", 0, "160x120"));
    try {
      let seen: unknown;
      const detections = async () => (seen = dataOf<OnNode<DetectionsMessage>[]>(await call(b, "GET", "/detections"))) as OnNode<DetectionsMessage>[];
      await eventually(async () => (await detections()).some((d) => d.room === "lens-cam" && d.node === "node-a"), 90_000, "node A's detections through node B").catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(seen)}`);
      });
      assert.deepEqual(dataOf<unknown[]>(await call(b, "GET", "/detections?scope=node")), [], "node B's own worker has no camera");

      const room = await request(b.url, "GET", "/live/lens/lens-cam/detections.json");
      assert.equal(room.status, 200, room.text);
      assert.equal(room.headers.get("x-served-by"), "node-a");
      assert.equal(dataOf<DetectionsMessage>(room).room, "lens-cam");

      const status = async (q = "") => dataOf<ClusterWorkerStatus>(await call(b, "GET", `/worker/status${q}`));
      await eventually(async () => {
        const s = (seen = await status());
        return s.nodes.some((n) => n.node === "node-a" && n.state === "running" && "lens-cam" in n.rooms) && s.nodes.some((n) => n.node === "node-b" && n.state === "running");
      }, 30_000, "both workers, and node A's on the camera room, in node B's status").catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(seen)}`);
      });
      const s = await status();
      assert.deepEqual([s.node, s.nodes.map((n) => n.node)], ["node-b", ["node-a", "node-b"]]);
      assert.deepEqual(Object.keys(s.rooms), [], "the top level is node B's own worker, as one node answers");
      assert.deepEqual((await status("?scope=node")).nodes.map((n) => n.node), ["node-b"]);

      const lines = dataOf<{ lines: OnNode<LogLine>[] }>(await call(b, "GET", "/logs?limit=1000")).lines;
      for (const n of ["node-a", "node-b"]) assert.ok(lines.some((l) => l.node === n && l.line.includes("worker ready")), `${n}'s worker output: ${JSON.stringify(lines)}`);
      assert.deepEqual([...lines].sort((x, y) => (x.ts < y.ts ? -1 : x.ts > y.ts ? 1 : 0)).map((l) => l.ts), lines.map((l) => l.ts), "oldest first across nodes");
      assert.equal(dataOf<{ lines: unknown[] }>(await call(b, "GET", "/logs?limit=1")).lines.length, 1, "the limit counts every node's lines together");
    } finally {
      await call(a, "PATCH", "", { enabled: false });
      await camera.stop();
    }
  });
});
