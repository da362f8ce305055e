import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, describe, it } from "node:test";
import type { LiveHlsView } from "../../src/hls/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The streams ffprobe finds behind an HLS playlist URL (`headers` for the API-served one); run
 * without blocking, since the service answering it runs in this process.
 */
async function probeHls(url: string, headers?: string): Promise<{ codec_type: string; width?: number; height?: number }[]> {
  const args = ["-v", "error", ...(headers ? ["-headers", headers] : []), "-show_entries", "stream=codec_type,width,height", "-of", "json", url];
  const { stdout } = await promisify(execFile)("ffprobe", args, { encoding: "utf8", timeout: 30_000 });
  return (JSON.parse(stdout) as { streams: { codec_type: string; width?: number; height?: number }[] }).streams;
}

/**
 * Live HLS for a cdn-distribution app (issue 14, SPEC 2.12): a real LiveKit room with a real
 * publisher, the egress stand-in writing segments, the service uploading each to MinIO as it
 * appears with a sliding window playlist, which ffprobe plays from the bucket's public URL while
 * the room is live.
 */
describe("live HLS of a LiveKit room", () => {
  let livekit: LiveKit;
  let minio: Minio;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/crowd${p}`, { token: server.rootToken, body });
  const emitted = (event: string) => server.app.events.recent().filter((e) => e.event === event);

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("live");
    await minio.makePublic("live");
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit`, egress: true });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "crowd" } })).status, 201);
    assert.equal((await call("PUT", "/config/raw", { yaml: "transcoding:\n  distribution: cdn\n  hls_segment_seconds: 1\n  hls_window_segments: 3\n" })).status, 200);
    const s3 = { provider: "s3-compatible", bucket: "live", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey };
    assert.equal((await call("PUT", "/s3", { ...s3, public_url: `${minio.endpoint}/live`, confirmPublic: true })).status, 200);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
    await minio?.close();
  });

  it("starts with the first published track, uploads segments as they are written, plays from S3, and stops with the room", { timeout: 120_000 }, async () => {
    const res = await call("POST", "/tokens", { room: "arena", identity: "caster" });
    assert.equal(res.status, 200, res.text);
    const caster = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(caster);
    await caster.publishVideo({ live: true });
    await caster.publishAudio({ live: true });

    await eventually(async () => emitted("hls_started").length === 1, 20_000, "hls_started");
    const started = emitted("hls_started")[0]?.data as { room: string; egressId: string; playlistUrl: string };
    assert.equal(started.room, "crowd-arena");
    assert.match(started.egressId, /^EG_/);
    assert.ok(started.playlistUrl.startsWith(`${minio.endpoint}/live/crowd/hls/crowd-arena-`), started.playlistUrl);
    const run = started.playlistUrl.split("/").at(-2) as string;

    // The stream's detail carries the playlist while the room is live.
    const detail = await call("GET", `/streams/${encodeURIComponent("crowd-arena/caster")}`);
    assert.equal(detail.status, 200, detail.text);
    assert.equal(dataOf<{ hls: LiveHlsView }>(detail).hls.playlistUrl, started.playlistUrl);

    // Segments reach the bucket one by one while the room is live; the window stays 3 long.
    // A pass uploads its new segments before the playlist that names them, so the bucket can be a
    // pass ahead of the playlist: wait for a playlist written after five segments, never longer than 3.
    await eventually(async () => (await minio.keys("live", `crowd/hls/${run}/seg_`)).length >= 5, 40_000, "five segments in S3");
    let playlist = "";
    await eventually(async () => {
      playlist = await (await fetch(started.playlistUrl)).text();
      assert.ok((playlist.match(/#EXTINF/g)?.length ?? 0) <= 3, playlist);
      return Math.max(-1, ...[...playlist.matchAll(/seg_(\d+)\.ts/g)].map((m) => Number(m[1]))) >= 4;
    }, 20_000, "a playlist naming the fifth segment");
    assert.equal(playlist.match(/#EXTINF/g)?.length, 3, playlist);
    assert.doesNotMatch(playlist, /#EXT-X-ENDLIST/);
    const streams = await probeHls(started.playlistUrl);
    assert.deepEqual(streams.map((s) => s.codec_type).sort(), ["audio", "video"]);
    assert.deepEqual(streams.filter((s) => s.codec_type === "video").map((s) => [s.width, s.height]), [[320, 240]]);
    // The same window is served by the API (for apps without a public bucket), behind a token.
    const api = `${server.url}/api/v1/apps/crowd/hls/${run}/live.m3u8`;
    assert.equal((await fetch(api)).status, 401);
    assert.ok((await probeHls(api, `Authorization: Bearer ${server.rootToken}\r\n`)).some((s) => s.codec_type === "video"));
    assert.equal((await call("GET", `/hls/${run}/seg_99999.ts`)).status, 404);
    assert.equal((await call("GET", `/hls/${run}/..%2Fsecret.ts`)).status, 400);

    // Ending the stream closes the room: the egress ends, the playlist is closed, hls_stopped.
    assert.equal((await call("DELETE", `/streams/${encodeURIComponent("crowd-arena/caster")}`)).status, 204);
    await eventually(async () => emitted("hls_stopped").length === 1, 30_000, "hls_stopped");
    const stopped = emitted("hls_stopped")[0]?.data as { egressId: string; segments: number; durationS: number };
    assert.equal(stopped.egressId, started.egressId);
    assert.ok(stopped.segments >= 5, `segments ${stopped.segments}`);
    assert.match(await (await fetch(started.playlistUrl)).text(), /#EXT-X-ENDLIST/);
    assert.equal((await minio.keys("live", `crowd/hls/${run}/seg_`)).length, stopped.segments, "every segment is in S3");
  });
});
