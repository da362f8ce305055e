import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { StreamView } from "../../src/streams/store.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface PulledIngress {
  readonly ingressId: string;
  readonly inputType: string;
  readonly url: string;
  readonly roomName: string;
  readonly status: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly camera: { state: string; failure: string | null; error: string | null; codec: string | null; width: number | null; height: number | null; fps: number | null; node: string | null } | null;
}

const PASSWORD = "s3cret pass";

/**
 * Cameras the service pulls itself (issue 33), added with one API call and pulled from the real
 * GStreamer RTSP camera (test/fixtures/rtsp-camera.py) by the service's own ffmpeg, with no media
 * server configured at all.
 */
describe("pulled RTSP cameras", { timeout: 240_000 }, () => {
  let server: TestServer;
  const cameras: RtspCamera[] = [];
  const camera = async (options: Parameters<typeof startRtspCamera>[0] = {}) => {
    const started = await startRtspCamera({ size: "320x180", fps: 10, ...options });
    cameras.push(started);
    return started;
  };
  const add = (room: string, url: string, extra: Record<string, unknown> = {}) =>
    server.request("POST", "/api/v1/apps/yard/ingress", { token: server.rootToken, body: { inputType: "url", url, room, ...extra } });
  const get = async (id: string) => {
    const res = await server.request("GET", `/api/v1/apps/yard/ingress/${id}`, { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    return dataOf<PulledIngress>(res);
  };
  const until = (id: string, state: string, ms = 20_000) => eventually(async () => (await get(id)).camera?.state === state, ms, `ingress ${id} to be ${state}`);
  const events = (name: string, id: string) => server.app.events.recent().filter((e) => e.event === name && e.data["ingressId"] === id);
  const streamEvents = (name: string, id: string) => server.app.events.recent().filter((e) => e.event === name && e.data["streamId"] === id);

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_ALLOW_SIGNUP: "on", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "yard");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
  });

  it("goes live from one call: the source's codec and size, a stream row of type rtsp, its events, and its actor", async () => {
    const cam = await camera({ credentials: { user: "viewer", password: PASSWORD } });
    const res = await add("gate", cam.url);
    assert.equal(res.status, 201, res.text);
    assert.ok(!res.text.includes(encodeURIComponent(PASSWORD)) && !res.text.includes(PASSWORD), "the answer never carries the camera's password");
    const created = dataOf<PulledIngress>(res);
    assert.match(created.ingressId, /^PC_/);
    assert.equal(created.url, `rtsp://viewer:***@127.0.0.1:${cam.port}/cam`);
    await until(created.ingressId, "live");
    const live = await get(created.ingressId);
    assert.equal(live.status, "publishing");
    assert.deepEqual([live.camera?.codec, live.width, live.height, live.camera?.fps], ["h264", 320, 180, 10]);
    assert.equal(live.camera?.node, server.app.config.node.id);
    assert.deepEqual(events("ingress_started", created.ingressId).map((e) => e.data), [{ room: live.roomName, ingressId: created.ingressId, type: "rtsp" }]);
    await eventually(async () => streamEvents("stream_started", created.ingressId).length === 1, 5000, "stream_started");
    assert.deepEqual(streamEvents("stream_started", created.ingressId)[0]?.data, { streamId: created.ingressId, room: live.roomName, type: "rtsp" });
    const streams = await server.request("GET", "/api/v1/apps/yard/streams", { token: server.rootToken });
    assert.ok((streams.json as StreamView[]).some((s) => s.streamId === created.ingressId && s.type === "rtsp" && s.status === "active"), streams.text);
    const actors = await server.request("GET", `/api/v1/debug/actors?prefix=${encodeURIComponent(`camera:yard:${live.roomName}`)}`, { token: server.rootToken });
    assert.deepEqual(dataOf<Array<{ machine: string; state: unknown }>>(actors).map((a) => [a.machine, a.state]), [["pulled-camera", "live"]]);
    const listed = await server.request("GET", "/api/v1/apps/yard/ingress", { token: server.rootToken });
    assert.equal(listed.status, 200, "listed with no media server configured");
    assert.deepEqual(dataOf<PulledIngress[]>(listed).map((i) => i.ingressId), [created.ingressId]);
  });

  it("refuses a second pulled camera in the room, a private address, and a transport for a source it does not pull over RTSP", async () => {
    const busy = await add("gate", `rtsp://127.0.0.1:${await freePort()}/cam`);
    assert.equal(busy.status, 409, busy.text);
    const inside = await add("inside", "rtsp://10.1.2.3/cam");
    assert.equal(inside.status, 400, inside.text);
    assert.equal(errorOf(inside).code, "validation_failed");
    const transport = await add("other", "srt://127.0.0.1:9000", { transport: "udp" });
    assert.equal(transport.status, 400, transport.text);
  });

  it("reconnects after the camera restarts: one stream_ended and one stream_started, live again", async () => {
    const cam = await camera({});
    const created = dataOf<PulledIngress>(await add("porch", cam.url));
    await until(created.ingressId, "live");
    await eventually(async () => streamEvents("stream_started", created.ingressId).length === 1, 5000, "stream_started");
    await cam.restart();
    await eventually(async () => streamEvents("stream_started", created.ingressId).length === 2, 30_000, "the stream to start again");
    await until(created.ingressId, "live");
    assert.equal(streamEvents("stream_ended", created.ingressId).length, 1);
    assert.deepEqual(
      events("ingress_ended", created.ingressId).map((e) => e.data["reason"]),
      ["dropped"],
    );
  });

  it("ends as failed with a reason, never a hang: a wrong password, then a camera nobody answers for", async () => {
    const cam = await camera({ credentials: { user: "viewer", password: PASSWORD } });
    const wrong = dataOf<PulledIngress>(await add("shed", cam.url.replace(encodeURIComponent(PASSWORD), "wrong")));
    await until(wrong.ingressId, "failed");
    const failed = await get(wrong.ingressId);
    assert.deepEqual([failed.status, failed.camera?.failure], ["error", "unauthorized"]);
    assert.deepEqual(events("ingress_ended", wrong.ingressId).map((e) => [e.data["reason"], e.data["failure"]]), [["failed", "unauthorized"]]);
    assert.equal(streamEvents("stream_started", wrong.ingressId).length, 0);
    const nobody = dataOf<PulledIngress>(await add("loft", `rtsp://viewer:hunter2@127.0.0.1:${await freePort()}/cam`));
    await until(nobody.ingressId, "failed", 30_000);
    const gone = await get(nobody.ingressId);
    assert.equal(gone.camera?.failure, "unreachable");
    assert.ok(gone.camera?.error && !gone.camera.error.includes("hunter2"), `the error is masked: ${gone.camera?.error}`);
  });

  it("disables (the stream ends), enables (live again) and deletes (stream ended, actor gone)", async () => {
    const cam = await camera({ codec: "h265" });
    const created = dataOf<PulledIngress>(await add("dock", cam.url));
    await until(created.ingressId, "live");
    assert.equal((await get(created.ingressId)).camera?.codec, "hevc");
    const disabled = await server.request("POST", `/api/v1/apps/yard/ingress/${created.ingressId}/disable`, { token: server.rootToken });
    assert.equal(disabled.status, 200, disabled.text);
    assert.deepEqual([dataOf<PulledIngress & { disconnected: boolean }>(disabled).camera?.state, dataOf<{ disconnected: boolean }>(disabled).disconnected], ["stopped", true]);
    assert.equal(streamEvents("stream_ended", created.ingressId).length, 1);
    const enabled = await server.request("POST", `/api/v1/apps/yard/ingress/${created.ingressId}/enable`, { token: server.rootToken });
    assert.equal(enabled.status, 200, enabled.text);
    await until(created.ingressId, "live");
    const deleted = await server.request("DELETE", `/api/v1/apps/yard/ingress/${created.ingressId}`, { token: server.rootToken });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(streamEvents("stream_ended", created.ingressId).length, 2);
    const actors = await server.request("GET", "/api/v1/debug/actors?prefix=camera:yard:", { token: server.rootToken });
    assert.ok(!dataOf<Array<{ id: string }>>(actors).some((a) => a.id.endsWith(`:${created.roomName}`)), actors.text);
    assert.equal((await server.request("GET", `/api/v1/apps/yard/ingress/${created.ingressId}`, { token: server.rootToken })).status, 404);
  });

  it("takes one of the tenant's stream slots per camera: the free plan's sixth is 429 quota_exceeded", async () => {
    const owner = await signup(server, "owner@pulled.example", "Pulled");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "fleet" } })).status, 201);
    const port = await freePort();
    for (let i = 1; i <= 5; i++) {
      const res = await server.request("POST", "/api/v1/apps/fleet/ingress", { token: owner, body: { inputType: "url", url: `rtsp://127.0.0.1:${port}/cam${i}`, room: `cam-${i}` } });
      assert.equal(res.status, 201, `camera ${i}: ${res.text}`);
    }
    const sixth = await server.request("POST", "/api/v1/apps/fleet/ingress", { token: owner, body: { inputType: "url", url: `rtsp://127.0.0.1:${port}/cam6`, room: "cam-6" } });
    assert.equal(sixth.status, 429, sixth.text);
    assert.deepEqual([errorOf<{ limit: number }>(sixth).code, errorOf<{ limit: number }>(sixth).details?.limit], ["quota_exceeded", 5]);
    const listed = await server.request("GET", "/api/v1/apps/fleet/ingress", { token: owner });
    assert.equal(dataOf<PulledIngress[]>(listed).length, 5, "the refused camera left no row");
  });
});
