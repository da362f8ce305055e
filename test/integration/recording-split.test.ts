import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** A minute of split_minutes lasts this long here, so a test sees three parts in seconds. */
const MINUTE_MS = 1500;

/**
 * `split_minutes` (SPEC 2.1): a long recording is cut into parts, each its own VOD and upload,
 * each announced with `recording_part_ready`; any part's id, or the recording's, stops the
 * current one.
 */
describe("recording split into parts", () => {
  let server: TestServer;
  let camera: Camera;
  let timer: NodeJS.Timeout;
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/parts${p}`, { token: server.rootToken, body });

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SPLIT_MINUTE_MS: String(MINUTE_MS) });
    await cameraApp(server, "parts", "recording:\n  enabled: true\n  split_minutes: 1\n");
    camera = await Camera.connect(await mintKey(server, "parts", "long"));
    camera.send(testJpeg("red", 0, "160x120"));
    timer = setInterval(() => camera.send(testJpeg("green", 0, "160x120")), 100);
    await new Promise((r) => setTimeout(r, 300));
  });
  after(async () => {
    clearInterval(timer);
    await camera?.close();
    await server?.close();
  });

  it("cuts every split_minutes, uploads each part as its own VOD, and stops the current part by the recording's id", async () => {
    const started = await call("POST", "/recording/start", { roomName: "long" });
    assert.equal(started.status, 200, started.text);
    const state = dataOf<RecordingState>(started);
    await new Promise((r) => setTimeout(r, MINUTE_MS * 2 + 700));
    const stopped = await call("POST", `/recording/${state.egressId}/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    const current = dataOf<RecordingState>(stopped);
    assert.equal(current.egressId, `${state.egressId}.3`);

    const list = async () => dataOf<VodView[]>(await call("GET", "/vods?order=id&dir=asc"));
    await eventually(async () => (await list()).every((v) => v.status === "ready"), 30_000, "every part to be ready");
    const parts = await list();
    assert.deepEqual(parts.map((v) => v.part), [1, 2, 3]);
    assert.equal(parts[0]?.id, state.vodId);
    for (const part of parts.slice(0, 2)) assert.ok(Math.abs((part.durationS ?? 0) - MINUTE_MS / 1000) < 0.5, `part ${part.part} lasts ${part.durationS} s`);
    const events = server.app.events.recent().filter((e) => e.event === "recording_part_ready");
    assert.deepEqual(events.map((e) => e.data["part"]).sort(), [1, 2, 3]);
    assert.deepEqual(events.map((e) => e.data["egressId"]).sort(), [1, 2, 3].map((n) => `${state.egressId}.${n}`));
    // The first part is not recording any more, but its id still reaches the recording: none is left.
    assert.equal((await call("POST", `/recording/${state.vodId}/stop`)).status, 409);
  });
});
