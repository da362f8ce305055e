import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { latencyLatch } from "../../machines/latency-latch.ts";
import { PeerStore } from "../../src/peers/store.ts";
import { vodStore } from "../../src/vods/store.ts";
import type { ActorInfo } from "../../src/supervisor/supervisor.ts";
import { dataOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { eventually } from "../helpers/wait.ts";
import { freePort } from "../helpers/ports.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { type TestServer } from "../helpers/server.ts";

type NodeActor = ActorInfo & { node: string };

/** Two nodes on one PostgreSQL database and one Redis, each reachable at the URL it heartbeats. */
describe("reads that span nodes", () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;

  before(async () => {
    cluster = await startNodes(["node-a", "node-b"]);
    [a, b] = cluster.nodes as [TestServer, TestServer];
  });
  after(() => cluster?.close());

  it("/debug/actors on any node lists every node's actors, each with its node", async () => {
    a.app.supervisor.spawn("latency:demo:lobby", latencyLatch, { room: "lobby", thresholdMs: 100, cooldownSeconds: 60 });
    b.app.supervisor.spawn("latency:demo:hall", latencyLatch, { room: "hall", thresholdMs: 100, cooldownSeconds: 60 });
    for (const [server, token] of [
      [a, a.rootToken],
      [b, a.rootToken],
    ] as const) {
      const res = await server.request("GET", "/api/v1/debug/actors?prefix=latency:demo:", { token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get("x-cluster-missing"), null);
      const seen = dataOf<NodeActor[]>(res).map((actor) => `${actor.node} ${actor.id}`).sort();
      assert.deepEqual(seen, ["node-a latency:demo:lobby", "node-b latency:demo:hall"]);
    }
    const local = await b.request("GET", "/api/v1/debug/actors?prefix=latency:demo:&scope=node", { token: a.rootToken });
    assert.deepEqual(dataOf<NodeActor[]>(local).map((actor) => actor.node), ["node-b"]);
  });

  it("leaves a camera connected to node A alone when node B reconciles its streams", async () => {
    await cameraApp(a, "cams");
    const camera = await Camera.connect(await mintKey(a, "cams", "porch"));
    try {
      camera.send(testJpeg());
      // A bare list (SPEC 4.13).
      const active = async (server: TestServer) => (await server.request("GET", "/api/v1/apps/cams/streams", { token: a.rootToken })).json as Array<{ status: string }>;
      await eventually(async () => (await active(a)).length === 1, 15_000, "node A to record the camera's stream");
      await eventually(async () => (await active(b).catch(() => [])).length === 1, 15_000, "node B to see the camera's stream");
      assert.equal(await b.app.streams.reconcile(), 0, "node B ends nothing node A serves");
      assert.equal((await active(a)).length, 1);
    } finally {
      await camera.close();
    }
  });

  it("shows a camera connected to node A to viewers who ask node B: live check, frame and MJPEG stream, relayed", async () => {
    await cameraApp(a, "views", "features:\n  publicPlayback: true\n");
    const key = await mintKey(a, "views", "yard");
    // Made before the camera connects: ffmpeg runs synchronously, and holding this process (both
    // nodes and the camera) right after the socket opened has dropped it (1006).
    const green = testJpeg("green");
    // Even so, a camera socket is still seen to drop (1006) right after it opened about one run in
    // eight (left to investigate, see the notes): it reconnects, as cameras do.
    let camera = await Camera.connect(key);
    let dropped = false;
    const watch = (c: Camera) => void c.closed.then(() => (dropped = c === camera));
    watch(camera);
    const ticker = setInterval(() => {
      if (!dropped) return camera.send(green);
      dropped = false;
      Camera.connect(key).then(
        (next) => {
          camera = next;
          watch(next);
        },
        () => (dropped = true),
      );
    }, 250);
    try {
      camera.send(green);
      const viaB = (url: string) => `${b.url}${new URL(url).pathname}${new URL(url).search}`;
      const live = async () => {
        const res = await fetch(`${b.url}/api/v1/apps/views/ws-ingest/live/${encodeURIComponent(key.room)}`);
        return { ...((await res.json()) as { data: { active: boolean } | null; error: unknown }), servedBy: res.headers.get("x-served-by") };
      };
      // Node B knows of the camera once node A has written its stream row.
      let seen = "";
      const streamsOf = async (server: TestServer) => {
        const res = await server.request("GET", "/api/v1/apps/views/streams", { token: a.rootToken });
        seen = `${res.status} ${res.text}`;
        return Array.isArray(res.json) ? res.json.length : 0;
      };
      await eventually(async () => (await streamsOf(a)) === 1, 15_000, "node A to record the camera's stream").catch((err: Error) => assert.fail(`${err.message}: ${seen}`));
      await eventually(async () => (await streamsOf(b)) === 1, 15_000, "node B to see the camera's stream").catch((err: Error) => assert.fail(`${err.message}: ${seen}`));
      let said: unknown;
      await eventually(async () => ((said = await live()) as Awaited<ReturnType<typeof live>>).data?.active === true, 15_000, "node B to say the room is live").catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(said)}`);
      });
      let frame = await fetch(viaB(key.frameUrl));
      await eventually(async () => (frame = await fetch(viaB(key.frameUrl))).status === 200, 15_000, "a frame through node B").catch(() => undefined);
      assert.equal(frame.status, 200, `${key.frameUrl} ${frame.headers.get("x-served-by")} ${await frame.clone().text()}`);
      assert.equal(frame.headers.get("content-type"), "image/jpeg");
      assert.equal(frame.headers.get("x-served-by"), "node-a");
      assert.deepEqual([...new Uint8Array(await frame.arrayBuffer()).subarray(0, 2)], [0xff, 0xd8], "a JPEG");

      const viewer = new AbortController();
      let stream = await fetch(viaB(key.mjpegUrl), { signal: viewer.signal });
      for (let i = 0; i < 30 && stream.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 500));
        stream = await fetch(viaB(key.mjpegUrl), { signal: viewer.signal });
      }
      assert.equal(stream.status, 200);
      assert.match(stream.headers.get("content-type") ?? "", /^multipart\/x-mixed-replace/);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      let bytes = Buffer.alloc(0);
      for (let i = 0; i < 50 && bytes.indexOf(Buffer.from([0xff, 0xd9])) < 0; i++) bytes = Buffer.concat([bytes, Buffer.from((await reader.read()).value ?? [])]);
      assert.ok(bytes.indexOf(Buffer.from([0xff, 0xd8])) >= 0 && bytes.indexOf(Buffer.from([0xff, 0xd9])) >= 0, "a whole frame came through node B");
      viewer.abort();
    } finally {
      clearInterval(ticker);
      await camera.close();
    }
  });

  it("relays a failed VOD's retry to the node that wrote its file, when the file is not here", async () => {
    await cameraApp(a, "tapes");
    const store = vodStore(a.app.databases.appSql("tapes"));
    const row = await store.insert({ room: "tapes-r", stream_id: null, egress_id: "CR_x", source: "camera", part: 0, local_path: "/nonexistent/on-node-a.mp4", started_at: new Date().toISOString(), node: "node-b" });
    await store.markFailed(row.id, "upload_failed", "S3 said no", new Date().toISOString());
    const res = await a.request("POST", `/api/v1/apps/tapes/vods/${row.id}/retry`, { token: a.rootToken });
    assert.equal(res.headers.get("x-served-by"), "node-b", "answered by the node that wrote the file");
    assert.equal(res.status, 409, res.text);
  });

  it("answers with what it has, and names a peer that does not answer", async () => {
    // A node that heartbeated a moment ago and died: its row is there, nothing answers at its URL.
    await new PeerStore(a.app.databases.sql).beat({ id: "node-c", url: `http://127.0.0.1:${await freePort()}`, version: "0.1.0", startedAt: new Date().toISOString(), at: Date.now(), draining: false });
    const res = await a.request("GET", "/api/v1/debug/actors?prefix=latency:demo:", { token: a.rootToken });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-cluster-missing"), "node-c");
    assert.deepEqual(dataOf<NodeActor[]>(res).map((actor) => actor.node).sort(), ["node-a", "node-b"]);
  });
});
