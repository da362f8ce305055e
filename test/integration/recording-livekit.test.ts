import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RecordingState } from "../../src/recording/service.ts";
import type { VodView } from "../../src/vods/service.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { FIRST_TOKEN, serviceProcesses } from "../helpers/process.ts";
import { request, startServer, tempDir, testEnv, type TestServer } from "../helpers/server.ts";

/** What ffprobe says of a recorded file: its duration and its streams. */
function probe(file: string): { duration: number; streams: { codec_type: string; width?: number; height?: number }[] } {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "json", file], { encoding: "utf8" });
  const json = JSON.parse(out) as { format: { duration: string }; streams: { codec_type: string; width?: number; height?: number }[] };
  return { duration: Number(json.format.duration), streams: json.streams };
}

/**
 * Recording a LiveKit room (issue 14): a real livekit-server, the egress stand-in registered on
 * its Redis, `@livekit/rtc-node` publishers sending real frames. The VOD goes the way a camera
 * room's does; only its source is the media server's egress.
 */
describe("recording LiveKit rooms through the media server's egress", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  // An egress start waits for LiveKit's answer, about 20 s when no worker takes the job.
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/lkrec${p}`, { token: server.rootToken, body, timeoutMs: 40_000 });
  const vod = async (id: number) => dataOf<VodView>(await call("GET", `/vods/${id}`));
  const publisher = async (room: string, identity: string, kinds: { video?: boolean; audio?: boolean }) => {
    const res = await call("POST", "/tokens", { room, identity });
    assert.equal(res.status, 200, res.text);
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(p);
    if (kinds.video) await p.publishVideo({ live: true });
    if (kinds.audio) await p.publishAudio({ live: true });
    return p;
  };
  /** The egress records from when it is active (it joined and found its tracks), as LiveKit's says with egress_updated. */
  const active = (egressId: string) =>
    eventually(async () => server.app.events.recent().some((e) => e.event === "egress_updated" && e.data["egressId"] === egressId), 20_000, `egress ${egressId} to be active`);
  const recorded = async (vodId: number) => {
    const row = await vodStore(server.app.databases.appSql("lkrec")).get(vodId);
    assert.ok(row?.local_path, `VOD ${vodId} has a local file`);
    return probe(row.local_path);
  };

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit`, egress: true });
    // A split "minute" lasts 3 s here, so a split recording cuts parts in seconds.
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_SPLIT_MINUTE_MS: "3000" });
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "lkrec" } })).status, 201);
    assert.equal((await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n" })).status, 200);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("records a room composite into a ready VOD with the right duration and picture, the egress webhooks coming from LiveKit", { timeout: 90_000 }, async () => {
    await publisher("stage", "host", { video: true, audio: true });
    const started = await call("POST", "/recording/start", { roomName: "stage" });
    assert.equal(started.status, 200, started.text);
    const { vodId, egressId, status } = dataOf<RecordingState>(started);
    assert.match(egressId, /^EG_/);
    assert.equal(status, "recording");
    assert.equal((await vod(vodId)).status, "recording");
    assert.equal((await call("POST", "/recording/start", { roomName: "stage" })).status, 409, "one recording per room");
    await eventually(async () => server.app.events.recent().some((e) => e.event === "egress_started" && e.data["egressId"] === egressId), 15_000, "egress_started from LiveKit");
    await active(egressId);
    await sleep(5000);

    const stopped = await call("POST", `/recording/${vodId}/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    assert.deepEqual(dataOf<RecordingState>(stopped), { vodId, egressId, status: "uploading" });
    await eventually(async () => (await vod(vodId)).status === "ready", 45_000, "the VOD to be ready");
    const ready = await vod(vodId);
    assert.deepEqual([ready.width, ready.height], [320, 240]);
    const file = await recorded(vodId);
    assert.ok(file.duration >= 4 && file.duration < 15, `duration ${file.duration}`);
    assert.deepEqual(file.streams.map((s) => s.codec_type).sort(), ["audio", "video"]);
    assert.ok(Math.abs((ready.durationS ?? 0) - file.duration) < 0.5, `the VOD's duration ${ready.durationS} is the file's`);
    await eventually(async () => server.app.events.recent().some((e) => e.event === "egress_ended" && e.data["egressId"] === egressId), 15_000, "egress_ended from LiveKit");
    const events: string[] = server.app.events.recent().map((e) => e.event);
    for (const name of ["recording_started", "vod_ready"]) assert.ok(events.includes(name), `${name} emitted`);
  });

  it("records only the chosen participant in participant mode, and stops by egress id", { timeout: 90_000 }, async () => {
    assert.equal((await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n  mode: participant\n" })).status, 200);
    await publisher("duo", "alice", { video: true });
    await publisher("duo", "bob", { audio: true });
    await eventually(async () => (await call("GET", "/streams")).text.includes("lkrec-duo/bob"), 15_000, "both publishers tracked");

    const ambiguous = await call("POST", "/recording/start", { roomName: "duo" });
    assert.equal(ambiguous.status, 400, ambiguous.text);
    assert.match(ambiguous.text, /alice/);
    assert.match(ambiguous.text, /bob/);

    const started = await call("POST", "/recording/start", { roomName: "duo", streamId: "lkrec-duo/alice" });
    assert.equal(started.status, 200, started.text);
    const { vodId, egressId } = dataOf<RecordingState>(started);
    await active(egressId);
    await sleep(4000);
    const stopped = await call("POST", `/recording/${egressId}/stop`);
    assert.equal(stopped.status, 200, stopped.text);
    await eventually(async () => (await vod(vodId)).status === "ready", 45_000, "the participant VOD to be ready");
    assert.equal((await vod(vodId)).streamId, "lkrec-duo/alice");
    // alice sends only video; bob's audio is not in her recording.
    assert.deepEqual((await recorded(vodId)).streams.map((s) => s.codec_type), ["video"]);
    assert.equal((await call("POST", `/recording/${egressId}/stop`)).status, 409, "stopping twice is a conflict, not a second upload");
    assert.equal((await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n" })).status, 200);
  });

  it("splits a LiveKit recording into parts from the egress's segments, one VOD each, none lost at the end", { timeout: 90_000 }, async () => {
    assert.equal((await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n  split_minutes: 1\n" })).status, 200);
    await publisher("serial", "narrator", { video: true, audio: true });
    const started = await call("POST", "/recording/start", { roomName: "serial" });
    assert.equal(started.status, 200, started.text);
    const { vodId, egressId } = dataOf<RecordingState>(started);
    assert.equal((await vod(vodId)).part, 1);
    await active(egressId);
    await eventually(async () => dataOf<VodView[]>(await call("GET", "/vods?room=lkrec-serial&all=1")).length >= 3, 30_000, "a third part to begin");
    assert.equal((await call("POST", `/recording/${egressId}/stop`)).status, 200);
    const parts = async () => dataOf<VodView[]>(await call("GET", "/vods?room=lkrec-serial&all=1&order=id&dir=asc"));
    await eventually(async () => (await parts()).every((p) => p.status === "ready"), 60_000, "every part to be ready");
    const all = await parts();
    assert.deepEqual(all.map((p) => p.part), all.map((_, i) => i + 1), "parts numbered from 1 without a gap");
    for (const p of all.slice(0, -1)) assert.ok(Math.abs((p.durationS ?? 0) - 3) < 1, `part ${p.part} lasts ${p.durationS} s`);
    assert.ok(all.every((p) => p.format?.includes("mpegts")), JSON.stringify(all.map((p) => p.format)));
    const partEvents = server.app.events.recent().filter((e) => e.event === "recording_part_ready" && String(e.data["egressId"]).startsWith(`${egressId}.`));
    assert.equal(partEvents.length, all.length);
    assert.equal(server.app.events.recent().filter((e) => e.event === "recording_failed").length, 0);
    assert.equal((await call("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n" })).status, 200);
  });

  it("takes an on-demand snapshot of a LiveKit room from an image egress", { timeout: 60_000 }, async () => {
    await publisher("gallery", "painter", { video: true });
    const res = await call("POST", "/snapshots", { room: "gallery" });
    assert.equal(res.status, 201, res.text);
    const shot = dataOf<{ room: string; file: string; sizeBytes: number; key: string | null }>(res);
    assert.equal(shot.room, "lkrec-gallery");
    assert.ok(shot.sizeBytes > 300, `${shot.sizeBytes} bytes`);
    const file = path.join(server.dataDir, "apps", "lkrec", "snapshots", shot.file);
    assert.deepEqual(probe(file).streams.map((s) => [s.codec_type, s.width, s.height]), [["video", 320, 240]]);
    assert.ok(server.app.events.recent().some((e) => e.event === "snapshot_taken" && e.data["file"] === shot.file));
    // The image egress is stopped and its own frames are cleaned away.
    await eventually(async () => readdirSync(path.dirname(file)).every((f) => !f.includes("-egress_")), 30_000, "the image egress's frames to be gone");
  });

  it("answers 503 egress_unavailable and leaves no VOD when no egress worker answers; /stats says so", { timeout: 90_000 }, async () => {
    await publisher("lonely", "solo", { video: true });
    const vods = async () => dataOf<VodView[]>(await call("GET", "/vods?all=1")).length;
    const before = await vods();
    await livekit.egress?.stop();
    try {
      const res = await call("POST", "/recording/start", { roomName: "lonely" });
      assert.equal(res.status, 503, res.text);
      assert.equal((res.json as { error: { code: string } }).error.code, "egress_unavailable");
      assert.equal(await vods(), before, "no VOD row is left behind");
      await eventually(async () => {
        const stats = (await server.request("GET", "/api/v1/stats", { token: server.rootToken })).json as { egress: { reachable: boolean } };
        return stats.egress.reachable === false;
      }, 10_000, "/stats to report egress unreachable");
    } finally {
      await livekit.egress?.start();
    }
    const again = await call("POST", "/recording/start", { roomName: "lonely" });
    assert.equal(again.status, 200, again.text);
    assert.equal((await call("POST", `/recording/${dataOf<RecordingState>(again).vodId}/stop`)).status, 200);
  });

  it("finishes a LiveKit recording whose service was SIGKILLed mid-recording: one ready VOD after the restart", { timeout: 120_000 }, async () => {
    // A second service on the same LiveKit; the media server's webhooks go to the first one, so
    // this one learns of its egress only from ListEgress and its own stop.
    const port = await freePort();
    const env = { ...testEnv(tempDir()), ...livekit.env, SERVICE_PORT: String(port), SERVICE_LOG_STDOUT: "on" };
    const { spawn, killAll } = serviceProcesses(env);
    try {
      const first = spawn();
      const [, token = ""] = await first.waitFor(FIRST_TOKEN);
      await first.waitFor(/"msg":"listening"/);
      const api = (method: string, p: string, body?: unknown) => request(`http://127.0.0.1:${port}`, method, `/api/v1/apps/lkkill${p}`, { token, body, timeoutMs: 40_000 });
      assert.equal((await request(`http://127.0.0.1:${port}`, "POST", "/api/v1/apps", { token, body: { name: "lkkill" } })).status, 201);
      assert.equal((await api("PUT", "/config/raw", { yaml: "recording:\n  enabled: true\n" })).status, 200);
      const minted = await api("POST", "/tokens", { room: "vault", identity: "guard" });
      const guard = await join(livekit.wsUrl, dataOf<{ token: string }>(minted).token);
      participants.push(guard);
      await guard.publishVideo({ live: true });
      const started = await api("POST", "/recording/start", { roomName: "vault" });
      assert.equal(started.status, 200, started.text);
      const { vodId } = dataOf<RecordingState>(started);
      await sleep(4000);
      first.child.kill("SIGKILL");
      await first.exited();

      const second = spawn();
      await second.waitFor(/"msg":"listening"/);
      const vod = async () => dataOf<VodView>(await api("GET", `/vods/${vodId}`));
      assert.equal((await vod()).status, "recording", "the egress went on while the service was down");
      await sleep(5000);
      assert.equal((await api("POST", `/recording/${vodId}/stop`)).status, 200);
      await eventually(async () => (await vod()).status === "ready", 45_000, "the VOD to be ready after the restart");
      // Longer than the 4 s before the kill: the egress recorded on while the service was down.
      assert.ok(((await vod()).durationS ?? 0) >= 5, `it recorded through the restart: ${JSON.stringify(await vod())}`);
      const all = dataOf<VodView[]>(await api("GET", "/vods?all=1"));
      assert.deepEqual(all.map((v) => [v.id, v.status]), [[vodId, "ready"]]);
    } finally {
      killAll();
    }
  });

  it("answers 404 for a room that is neither a camera nor on the media server", async () => {
    const res = await call("POST", "/recording/start", { roomName: "nowhere" });
    assert.equal(res.status, 404, res.text);
    assert.equal((res.json as { error: { code: string } }).error.code, "not_found");
  });
});
