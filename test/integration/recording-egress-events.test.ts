import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { EgressStatus } from "livekit-server-sdk";
import type { VodView } from "../../src/vods/service.ts";
import { vodStore } from "../../src/vods/store.ts";
import { postWebhook } from "../helpers/media-webhook.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const LIVEKIT = {
  SERVICE_LIVEKIT_URL: "http://127.0.0.1:9",
  SERVICE_LIVEKIT_WS_URL: "ws://127.0.0.1:9",
  SERVICE_LIVEKIT_API_KEY: "egress-events-key",
  SERVICE_LIVEKIT_API_SECRET: "a-secret-for-the-egress-events-test-long-enough",
};

/**
 * The media server's egress events drive a VOD that an egress records (SPEC 3.1): egress_ended
 * with the egress complete moves it on to upload, a failed egress fails it with `egress_failed`.
 * Egress VODs come from the egress issue; here the rows are written through the store, picked up
 * by a restart (which leaves egress VODs recording), and the events are signed as LiveKit signs
 * its webhooks.
 */
describe("egress events and their VODs", () => {
  let server: TestServer;
  const dataDir = tempDir();
  const ids: Record<string, number> = {};
  /** The global token seeded by the first start; the second start finds it there and seeds none. */
  let token = "";
  const vod = async (id: number) => ((await server.request("GET", `/api/v1/apps/egapp/vods/${id}`, { token })).json as { data: VodView }).data;
  const webhook = async (egressId: string, status: EgressStatus, error = "") => {
    const event = { event: "egress_ended", id: `EV_${egressId}_${status}`, createdAt: Math.floor(Date.now() / 1000), egressInfo: { egressId, roomName: "egapp-stage", status: EgressStatus[status], error } };
    assert.equal(await postWebhook(server.url, LIVEKIT.SERVICE_LIVEKIT_API_KEY, LIVEKIT.SERVICE_LIVEKIT_API_SECRET, event), 200);
  };

  before(async () => {
    const first = await startServer({ ...LIVEKIT, SERVICE_DATA_DIR: dataDir });
    token = first.rootToken;
    assert.equal((await first.request("POST", "/api/v1/apps", { token: first.rootToken, body: { name: "egapp" } })).status, 201);
    const file = path.join(dataDir, "apps", "egapp", "recordings", "egress.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", file]);
    const store = vodStore(first.app.databases.appSql("egapp"));
    for (const egressId of ["EG_complete", "EG_failed", "EG_bystander"]) {
      ids[egressId] = (await store.insert({ room: "egapp-stage", stream_id: null, egress_id: egressId, source: "egress", part: 0, local_path: file, started_at: new Date().toISOString() })).id;
    }
    await first.close();
    server = await startServer({ ...LIVEKIT, SERVICE_DATA_DIR: dataDir });
  });
  after(() => server?.close());

  it("keeps egress VODs recording across a restart, moves one on when its egress completes, fails one whose egress failed", async () => {
    assert.equal((await vod(ids["EG_complete"] as number)).status, "recording");
    await webhook("EG_complete", EgressStatus.EGRESS_COMPLETE);
    await eventually(async () => (await vod(ids["EG_complete"] as number)).status === "ready", 30_000, "the completed egress's VOD to be ready");
    const ready = await vod(ids["EG_complete"] as number);
    assert.ok(Math.abs((ready.durationS ?? 0) - 2) < 0.2, `duration ${ready.durationS}`);

    await webhook("EG_failed", EgressStatus.EGRESS_FAILED, "out of disk on the egress node");
    await eventually(async () => (await vod(ids["EG_failed"] as number)).status === "failed", 10_000, "the failed egress's VOD to fail");
    assert.deepEqual((await vod(ids["EG_failed"] as number)).failure, { reason: "egress_failed", detail: "out of disk on the egress node" });
    const event = server.app.events.recent().find((e) => e.event === "recording_failed");
    assert.equal(event?.data["reason"], "egress_failed");
  });

  it("changes nothing for an egress it never recorded (live HLS, a stream output): VODs, events and streams stay as they were", async () => {
    const api = async (p: string) => {
      const res = await server.request("GET", p, { token });
      assert.equal(res.status, 200, res.text);
      return res.json;
    };
    const state = async () => ({ vods: await api("/api/v1/apps/egapp/vods"), streams: await api("/api/v1/apps/egapp/streams") });
    const before = await state();
    assert.equal((await vod(ids["EG_bystander"] as number)).status, "recording", "a VOD the event could wrongly move on");
    const eventsBefore = server.app.events.recent().length;
    for (const status of [EgressStatus.EGRESS_COMPLETE, EgressStatus.EGRESS_FAILED]) await webhook("EG_unknown", status, "not ours");
    // A VOD moved on would leave recording within milliseconds (its actor acts on the event); allow it a second.
    await new Promise((r) => setTimeout(r, 1000));
    assert.deepEqual(await state(), before);
    const emitted = server.app.events.recent().slice(eventsBefore);
    assert.deepEqual(
      emitted.map((e) => [e.event, e.data["egressId"]]),
      [
        ["egress_ended", "EG_unknown"],
        ["egress_ended", "EG_unknown"],
      ],
      "only the media server's events are forwarded, no recording_* or vod_* event",
    );
  });
});
