import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { dataOf } from "../helpers/envelope.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface Pulled {
  readonly ingressId: string;
  readonly roomName: string;
  readonly camera: { readonly state: string; readonly node: string | null };
}

/**
 * A pulled camera on two nodes of one PostgreSQL database and one Redis (issue 33): one node
 * pulls it, every node answers its state and serves its playlist, and when that node stops the
 * other adopts the camera and pulls it from there.
 */
describe("pulled cameras across nodes", { timeout: 180_000 }, () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;
  let camera: RtspCamera;

  before(async () => {
    cluster = await startNodes(["node-a", "node-b"], { SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    [a, b] = cluster.nodes as [TestServer, TestServer];
    await cameraApp(a, "farm", "features:\n  publicPlayback: true\n");
    camera = await startRtspCamera({ size: "320x180", fps: 15 });
  });
  after(async () => {
    await cluster?.close();
    await camera?.stop();
  });

  it("is pulled by the node asked, answered by both, and adopted by node B when node A stops", async () => {
    const res = await a.request("POST", "/api/v1/apps/farm/ingress", { token: a.rootToken, body: { inputType: "url", url: camera.url, room: "barn" } });
    assert.equal(res.status, 201, res.text);
    const id = dataOf<Pulled>(res).ingressId;
    const seen = async (node: TestServer) => dataOf<Pulled>(await node.request("GET", `/api/v1/apps/farm/ingress/${id}`, { token: a.rootToken })).camera;
    await eventually(async () => (await seen(b)).state === "live", 20_000, "node B to see the camera live");
    assert.equal((await seen(b)).node, "node-a");
    // Node B serves the playlist of the camera node A pulls, from node A.
    const playlist = await fetch(`${b.url}/live/farm/farm-barn/index.m3u8`);
    assert.equal(playlist.status, 200);
    assert.equal(playlist.headers.get("x-served-by"), "node-a");
    await cluster.stop(a);
    await eventually(async () => {
      const now = await seen(b);
      return now.state === "live" && now.node === "node-b";
    }, 30_000, "node B to adopt the camera and pull it live");
    const adopted = await fetch(`${b.url}/live/farm/farm-barn/index.m3u8`);
    assert.equal(adopted.status, 200);
    assert.equal(adopted.headers.get("x-served-by"), null, "node B serves it itself");
  });
});
