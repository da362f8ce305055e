import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { KEY_SWEEP_MS } from "../../src/mjpeg/hub.ts";
import { dataOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface KeyWithLive {
  readonly id: string;
  readonly connected: boolean;
  readonly node: string | null;
}

/**
 * Camera keys on two nodes of one PostgreSQL database and one Redis: a camera connected to node A
 * is listed, disabled and revoked through node B as if B held it.
 */
describe("camera keys across nodes", () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;
  let key: MintedKey;
  let frame: Buffer;

  before(async () => {
    // Made before any camera connects: ffmpeg runs synchronously in this process, which hosts both nodes.
    frame = testJpeg("green");
    cluster = await startNodes(["node-a", "node-b"]);
    [a, b] = cluster.nodes as [TestServer, TestServer];
    await cameraApp(a, "gates");
    key = await mintKey(a, "gates", "north");
  });
  after(() => cluster?.close());

  const listed = async (query = "") => {
    const res = await b.request("GET", `/api/v1/apps/gates/ws-ingest${query}`, { token: a.rootToken });
    assert.equal(res.status, 200, res.text);
    return { keys: dataOf<KeyWithLive[]>(res), missing: res.headers.get("x-cluster-missing") };
  };
  /** A camera connected to node A, sending a frame every 250 ms, once node B sees its stream row. */
  const connected = async (): Promise<{ camera: Camera; stop: () => void }> => {
    const camera = await Camera.connect(key);
    camera.send(frame);
    const ticker = setInterval(() => camera.send(frame), 250);
    const rows = async () => (await b.request("GET", "/api/v1/apps/gates/streams", { token: a.rootToken })).json as Array<{ status: string }>;
    await eventually(async () => (await rows().catch(() => [])).length === 1, 15_000, "node B to see the camera's stream row");
    return { camera, stop: () => clearInterval(ticker) };
  };
  /** Waits until no camera of the key is live on any node (its row ended too). */
  const offline = () => eventually(async () => (await listed()).keys.every((k) => !k.connected) && (await b.request("GET", "/api/v1/apps/gates/streams", { token: a.rootToken })).text === "[]", 15_000, "the camera to be gone everywhere");

  it("lists a camera connected to node A as connected there, through node B; scope=node answers for B alone", async () => {
    const { camera, stop } = await connected();
    try {
      const whole = await listed();
      assert.equal(whole.missing, null);
      assert.deepEqual(whole.keys.map((k) => [k.id, k.connected, k.node]), [[key.id, true, "node-a"]]);
      const alone = await listed("?scope=node");
      assert.deepEqual(alone.keys.map((k) => [k.id, k.connected, k.node]), [[key.id, false, null]]);
    } finally {
      stop();
      await camera.close();
    }
    await offline();
  });

  it("closes a camera on node A at once when its key is disabled, or revoked, through node B", async () => {
    for (const [method, path, status, code] of [
      ["POST", `/api/v1/apps/gates/ws-ingest/${key.id}/disable`, 200, 4005],
      ["DELETE", `/api/v1/apps/gates/ws-ingest/${key.id}`, 204, 4001],
    ] as const) {
      const { camera, stop } = await connected();
      try {
        const res = await b.request(method, path, { token: a.rootToken });
        assert.equal(res.status, status, res.text);
        assert.equal(res.headers.get("x-served-by"), "node-a", `${method} ${path} is answered by the camera's node`);
        const closed = await Promise.race([camera.closed, new Promise<undefined>((r) => setTimeout(r, 3000, undefined))]);
        assert.equal(closed?.code, code, `${method} ${path} closes the camera with ${code}`);
      } finally {
        stop();
        await camera.close();
      }
      await offline();
      if (code === 4005) {
        // Enabled again through node B, which answers itself: the camera is gone.
        const enabled = await b.request("POST", `/api/v1/apps/gates/ws-ingest/${key.id}/enable`, { token: a.rootToken });
        assert.equal(enabled.status, 200, enabled.text);
        assert.equal(dataOf<KeyWithLive>(enabled).connected, false);
      }
    }
    assert.deepEqual((await listed()).keys, [], "the revoked key is gone from every node's list");
  });

  it("closes a camera whose key is disabled through node B while it connects to node A, before its row names node A", async () => {
    const racing = await mintKey(a, "gates", "south");
    // A camera socket is now and then seen to drop (1006) right after it opens, on a loaded
    // machine (cluster-reads.test.ts says more; 40 rounds in a row here did not show it): such a
    // round proves nothing either way and is run again, twice at most, so five rounds each see
    // the close code. The node logs each camera's close code ("camera disconnected").
    let drops = 0;
    for (let round = 0; round < 5; round++) {
      const camera = await Camera.connect(racing);
      camera.send(frame);
      // Sent at once: node B may find no row naming node A yet and disable the key itself.
      const res = await b.request("POST", `/api/v1/apps/gates/ws-ingest/${racing.id}/disable`, { token: a.rootToken });
      assert.equal(res.status, 200, res.text);
      // At once through the relay or the re-read after the row, else by node A's next key sweep.
      const closed = await Promise.race([camera.closed, new Promise<undefined>((r) => setTimeout(r, KEY_SWEEP_MS + 2000, undefined))]);
      await camera.close();
      if (closed?.code === 1006 && drops++ < 2) round--;
      else assert.equal(closed?.code, 4005, `round ${round}: served by ${res.headers.get("x-served-by") ?? "node B"}`);
      assert.equal((await b.request("POST", `/api/v1/apps/gates/ws-ingest/${racing.id}/enable`, { token: a.rootToken })).status, 200);
    }
  });
});
