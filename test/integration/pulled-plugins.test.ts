import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { WorkerStatus } from "../../src/plugins/workers.ts";
import { dataOf } from "../helpers/envelope.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * Plugins on a pulled camera (issue 33): yolo and deface read its frames the way they read a
 * WebSocket camera's, from the room's relay, decoded at a capped rate only while a plugin takes
 * them; deface's blurred `?variant=` is served for the pulled room.
 */
describe("plugins on a pulled camera", { timeout: 240_000 }, () => {
  let server: TestServer;
  let camera: RtspCamera;
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/eyes${p}`, { token: server.rootToken, body });
  const status = async (id: string) => dataOf<WorkerStatus>(await call("GET", `/plugins/${id}/worker/status`));

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "eyes", "features:\n  publicPlayback: true\n");
    camera = await startRtspCamera({ size: "320x180", fps: 15 });
    const res = await call("POST", "/ingress", { inputType: "url", url: camera.url, room: "yard" });
    assert.equal(res.status, 201, res.text);
    const id = dataOf<{ ingressId: string }>(res).ingressId;
    await eventually(async () => dataOf<{ camera: { state: string } }>(await call("GET", `/ingress/${id}`)).camera.state === "live", 20_000, "the camera to be live");
  });
  after(async () => {
    await server?.close();
    await camera?.stop();
  });

  it("yolo's worker takes the pulled room and reports frames processed", async () => {
    assert.equal((await call("POST", "/plugins/yolo/install")).status, 200);
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: true, config: { fps: 4 } })).status, 200);
    await eventually(async () => (status("yolo").then((s) => (s.rooms["eyes-yard"]?.fps ?? 0) > 0)), 60_000, "yolo's fps report for the pulled room");
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: false })).status, 200);
  });

  it("deface serves its blurred variant of the pulled room", async () => {
    assert.equal((await call("POST", "/plugins/deface/install")).status, 200);
    assert.equal((await call("PATCH", "/plugins/deface", { enabled: true })).status, 200);
    await eventually(async () => (await fetch(`${server.url}/live/eyes/eyes-yard/frame.jpg?variant=deface`)).status === 200, 60_000, "the deface variant of the pulled room");
  });
});
