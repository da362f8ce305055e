import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** A minute of split_minutes lasts this long here: two parts in a few seconds. */
const MINUTE_MS = 3000;

/**
 * Recording a pulled camera (issue 33): the VOD routes and lifecycle of SPEC 4.11 unchanged, the
 * file the camera's own video copied (ffprobe: its codec and size, so nothing re-encoded it),
 * parts cut on keyframes, and a snapshot decoded from one keyframe.
 */
describe("recording pulled cameras by copy", { timeout: 240_000 }, () => {
  let server: TestServer;
  const cameras: RtspCamera[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/tape${p}`, { token: server.rootToken, body });
  /** A live pulled camera of `codec` in `room`, with a 1 s GOP. */
  const pulled = async (room: string, codec: "h264" | "h265") => {
    const cam = await startRtspCamera({ codec, size: "320x180", fps: 15, gop: 15 });
    cameras.push(cam);
    const res = await call("POST", "/ingress", { inputType: "url", url: cam.url, room });
    assert.equal(res.status, 201, res.text);
    const id = dataOf<{ ingressId: string }>(res).ingressId;
    await eventually(async () => dataOf<{ camera: { state: string } }>(await call("GET", `/ingress/${id}`)).camera.state === "live", 20_000, "the camera to be live");
  };
  const vods = async () => dataOf<VodView[]>(await call("GET", "/vods?order=id&dir=asc"));

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_SPLIT_MINUTE_MS: String(MINUTE_MS), ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "tape", "recording:\n  enabled: true\n");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
  });

  for (const codec of ["h264", "h265"] as const) {
    it(`records a ${codec} camera into a VOD of its own codec and size, and takes a snapshot from a keyframe`, async () => {
      await pulled(`bay-${codec}`, codec);
      const before = (await vods()).length;
      const startedAt = Date.now();
      const started = await call("POST", "/recording/start", { roomName: `bay-${codec}` });
      assert.equal(started.status, 200, started.text);
      const state = dataOf<RecordingState>(started);
      assert.match(state.egressId, /^CR_/);
      const snap = await call("POST", "/snapshots", { room: `bay-${codec}` });
      assert.equal(snap.status, 201, snap.text);
      assert.ok(dataOf<{ sizeBytes: number }>(snap).sizeBytes > 1000, snap.text);
      await new Promise((r) => setTimeout(r, 3500));
      const stopped = await call("POST", `/recording/${state.egressId}/stop`);
      assert.equal(stopped.status, 200, stopped.text);
      const recordedS = (Date.now() - startedAt) / 1000;
      await eventually(async () => (await vods())[before]?.status === "ready", 30_000, "the VOD to be ready");
      const vod = (await vods())[before];
      assert.deepEqual([vod?.codec, vod?.width, vod?.height], [codec === "h264" ? "h264" : "hevc", 320, 180], "the camera's own video, not a re-encode");
      // From the first keyframe after the start to the one after the stop (a GOP is 1 s): about as long as it recorded.
      assert.ok(Math.abs((vod?.durationS ?? 0) - recordedS) <= 1.5, `lasts ${vod?.durationS} s, recorded for ${recordedS} s`);
    });
  }

  it("cuts split_minutes parts on keyframes: each part its own VOD, the parts adding up to the recording", async () => {
    const patched = await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n  split_minutes: 1\n" });
    assert.equal(patched.status, 200, patched.text);
    await pulled("long", "h264");
    const before = (await vods()).length;
    const started = dataOf<RecordingState>(await call("POST", "/recording/start", { roomName: "long" }));
    await new Promise((r) => setTimeout(r, MINUTE_MS * 2 + 1000));
    assert.equal((await call("POST", `/recording/${started.egressId}/stop`)).status, 200);
    await eventually(async () => (await vods()).slice(before).length === 3 && (await vods()).slice(before).every((v) => v.status === "ready"), 40_000, "three ready parts");
    const parts = (await vods()).slice(before);
    assert.deepEqual(parts.map((v) => v.part), [1, 2, 3]);
    for (const part of parts.slice(0, 2)) assert.ok(Math.abs((part.durationS ?? 0) - MINUTE_MS / 1000) <= 1.1, `part ${part.part} lasts ${part.durationS} s (GOP 1 s)`);
    assert.ok(parts.every((p) => p.codec === "h264"));
  });
});
