import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { AppStatsSnapshot } from "../../src/app-stats/service.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { Camera, cameraApp, mintKey, MjpegViewer, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { appRows } from "../helpers/rows.ts";

/**
 * `GET /apps/{app}/stats` (SPEC 4.7) against what is really there: a WebSocket camera with an
 * MJPEG viewer, a WebRTC publisher with a subscriber in a real LiveKit, an RTMP ingress in that
 * LiveKit, and VOD rows in three states.
 */
describe("app stats snapshot: live, VODs, storage, ingresses", () => {
  let livekit: LiveKit;
  let server: TestServer;
  let camera: Camera | undefined;
  let viewer: MjpegViewer | undefined;
  let timer: NodeJS.Timeout | undefined;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/cast${p}`, { token: server.rootToken, body });
  const stats = async () => dataOf<AppStatsSnapshot>(await call("GET", "/stats"));
  const joinAs = async (identity: string, canPublish: boolean) => {
    const res = await call("POST", "/tokens", { room: "hall", identity, canPublish });
    assert.equal(res.status, 200, res.text);
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(p);
    return p;
  };

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port) });
    await cameraApp(server, "cast", "features:\n  publicPlayback: true\n");
  });
  after(async () => {
    clearInterval(timer);
    viewer?.close();
    await camera?.close();
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("starts empty: no live stream, no VOD, an app database on disk, no ingress", async () => {
    const empty = await stats();
    assert.equal(empty.app, "cast");
    assert.deepEqual(empty.live, { rooms: 0, streams: 0, byType: {}, viewers: 0 });
    assert.deepEqual(empty.vods, { count: 0, bytes: 0, byStatus: { recording: 0, uploading: 0, ready: 0, failed: 0 } });
    assert.ok(empty.storage.appDbBytes > 0);
    assert.deepEqual(empty.ingresses, { reachable: true, total: 0, byState: {} });
  });

  it("counts rooms, streams by type and viewers of a camera room and a media-server room, ingresses by state and VODs by status", { timeout: 60_000 }, async (t) => {
    const key = await mintKey(server, "cast", "yard");
    camera = await Camera.connect(key);
    timer = setInterval(() => camera?.send(testJpeg("red")), 100);
    await eventually(async () => (await server.request("GET", `/live/cast/${key.room}/frame.jpg`)).status === 200, 5000, "the camera's first frame");
    viewer = await MjpegViewer.open(key.mjpegUrl);
    await viewer.until(() => viewer !== undefined && viewer.parts.length >= 1);
    const publisher = await joinAs("stage-cam", true);
    await publisher.publishVideo();
    await joinAs("watcher", false);
    const ingress = await call("POST", "/ingress", { inputType: "rtmp", room: "dock" });
    assert.equal(ingress.status, 201, ingress.text);
    const vods = vodStore(server.app.databases.appSql("cast"));
    for (const [i, room] of ["yard", "yard", "hall"].entries()) {
      await vods.insert({ room, stream_id: null, egress_id: `cam_${i}`, source: "camera", part: 0, local_path: null, started_at: `2026-01-0${i + 1}T10:00:00.000Z` });
    }
    await appRows(server, "cast", (t) => sql`UPDATE ${t("vods")} SET status = 'ready', size_bytes = 1000 WHERE id IN (1, 2)`);

    // Snapshots are cached 5 s, so each poll may see one up to that old.
    let last: AppStatsSnapshot | undefined;
    await eventually(
      async () => {
        last = await stats();
        return last.live.streams === 2 && last.live.viewers === 2 && last.ingresses.total === 1 && last.vods.count === 3;
      },
      30_000,
      "the snapshot to show both rooms, their viewers, the ingress and the VODs",
    );
    const now = last as AppStatsSnapshot;
    t.diagnostic(JSON.stringify(now));
    assert.deepEqual(now.live, { rooms: 2, streams: 2, byType: { "ws-mjpeg": 1, webrtc: 1 }, viewers: 2 });
    assert.deepEqual(now.ingresses, { reachable: true, total: 1, byState: { inactive: 1 } });
    assert.deepEqual(now.vods, { count: 3, bytes: 2000, byStatus: { recording: 3 - 2, uploading: 0, ready: 2, failed: 0 } });
    assert.ok(now.storage.appDbBytes > 0);
    assert.ok(Date.now() - Date.parse(now.generatedAt) <= 6000, now.generatedAt);
  });

  it("says when the media server does not answer: unknown viewers and ingresses, the rest as before", { timeout: 30_000 }, async () => {
    await livekit.stop();
    await eventually(async () => (await stats()).ingresses.reachable === false, 15_000, "a snapshot taken after LiveKit stopped");
    const down = await stats();
    assert.deepEqual(down.ingresses, { reachable: false, total: null, byState: {} });
    assert.equal(down.live.viewers, null, "the media-server room's subscribers cannot be counted");
    assert.equal(down.vods.count, 3);
  });
});
