import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { RoomServiceClient } from "livekit-server-sdk";
import type { JoinToken } from "../../src/join-tokens/service.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("join and viewer tokens against a real LiveKit (SPEC 4.8)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const mint = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/api/v1/apps/live/tokens", body);
    assert.equal(res.status, 200, res.text);
    return dataOf<JoinToken>(res);
  };
  const enter = async (token: string) => {
    const p = await join(livekit.wsUrl, token);
    participants.push(p);
    return p;
  };

  before(async () => {
    livekit = await startLiveKit();
    server = await startServer({ ...livekit.env, SERVICE_PUBLIC_URL: "https://video.example.com" });
    assert.equal((await call("POST", "/api/v1/apps", { name: "live" })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("mints a publisher token whose room is namespaced, with every field of 2.4, that LiveKit accepts for publishing", async () => {
    const t = await mint({ room: "lobby", name: "Cam 1" });
    assert.equal(t.app, "live");
    assert.equal(t.room, "live-lobby");
    assert.match(t.identity, /^anon-[0-9a-f-]{36}$/);
    assert.equal(t.wsUrl, livekit.wsUrl);
    assert.equal(t.playUrl, "https://video.example.com/play/live/live-lobby");
    assert.equal(t.embedUrl, "https://video.example.com/embed/live/live-lobby");
    assert.match(t.iframe, /^<iframe src="https:\/\/video\.example\.com\/embed\/live\/live-lobby"/);
    const p = await enter(t.token);
    assert.equal(p.room.name, "live-lobby");
    await p.publishVideo();
    await p.publishAudio();
    const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    await eventually(async () => (await rooms.listParticipants("live-lobby"))[0]?.tracks.length === 2, 10_000, "both tracks on the server");
    const [seen] = await rooms.listParticipants("live-lobby");
    assert.equal(seen?.identity, t.identity);
  });

  it("uses the prefix itself when no room is given", async () => {
    assert.equal((await mint({})).room, "live");
  });

  it("gives a subscribe-only token no way to publish", async () => {
    const p = await enter((await mint({ room: "watch", canPublish: false })).token);
    await assert.rejects(p.publishAudio());
  });

  it("lets an audio-only token publish the microphone and nothing else", async () => {
    const p = await enter((await mint({ room: "radio", audioOnly: true })).token);
    await p.publishAudio();
    await assert.rejects(p.publishVideo());
  });

  it("refuses hidden tokens without the hiddenQc feature, and hides those participants from others", async () => {
    const refused = await call("POST", "/api/v1/apps/live/tokens", { room: "qc", hidden: true });
    assert.equal(refused.status, 403);
    assert.equal((await call("PATCH", "/api/v1/apps/live", { features: { hiddenQc: true } })).status, 200);
    const visible = await enter((await mint({ room: "qc", identity: "host" })).token);
    const hidden = await mint({ room: "qc", identity: "inspector", hidden: true, canPublish: false });
    await enter(hidden.token);
    const other = await enter((await mint({ room: "qc", identity: "guest" })).token);
    await eventually(() => other.room.remoteParticipants.has("host"), 10_000, "guest to see host");
    assert.ok(!other.room.remoteParticipants.has("inspector"), "the hidden participant must be invisible");
    assert.ok(!visible.room.remoteParticipants.has("inspector"), "the hidden participant must be invisible");
  });

  it("validates the body with the limits of 4.8", async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ room: "x".repeat(120) }, 400],
      [{ room: "bad room" }, 400],
      [{ room: "x".repeat(121) }, 400],
      [{ identity: "i".repeat(121) }, 400],
      [{ name: "n".repeat(121) }, 400],
      [{ metadata: "m".repeat(2001) }, 400],
      [{ metadata: "m".repeat(2000) }, 200],
      [{ ttl: "10x" }, 400],
      [{ ttl: "10m" }, 200],
      [{ ttl: "8d" }, 400],
    ];
    for (const [body, status] of cases) {
      // 120 characters is valid alone but too long once prefixed with "live-".
      const res = await call("POST", "/api/v1/apps/live/tokens", body);
      assert.equal(res.status, status, `${JSON.stringify(body).slice(0, 60)}: ${res.text.slice(0, 200)}`);
    }
  });

  it("answers 404 for play and listen tokens while publicPlayback is off, without a word about the room", async () => {
    const closed = await server.request("GET", "/api/v1/apps/live/play-token/lobby");
    const unknown = await server.request("GET", "/api/v1/apps/nope/play-token/lobby");
    assert.equal(closed.status, 404);
    assert.equal(unknown.status, 404);
    assert.equal(closed.text, unknown.text.replace(/"x-request-id"/, ""));
    assert.equal((await server.request("GET", "/api/v1/apps/live/radio/lobby/listen-token")).status, 404);
  });

  it("mints anonymous, hidden, subscribe-only viewer tokens with a fresh identity per call", async () => {
    assert.equal((await call("PATCH", "/api/v1/apps/live", { features: { publicPlayback: true } })).status, 200);
    const a = await server.request("GET", "/api/v1/apps/live/play-token/lobby");
    const b = await server.request("GET", "/api/v1/apps/live/play-token/lobby");
    assert.equal(a.status, 200);
    const viewer = dataOf<{ token: string; app: string; room: string; wsUrl: string; mode: string }>(a);
    assert.deepEqual([viewer.app, viewer.room, viewer.wsUrl, viewer.mode], ["live", "live-lobby", livekit.wsUrl, "viewer"]);
    assert.notEqual(viewer.token, dataOf<{ token: string }>(b).token);
    const p = await enter(viewer.token);
    await assert.rejects(p.publishAudio());
    const listen = await server.request("GET", "/api/v1/apps/live/radio/lobby/listen-token");
    assert.equal(dataOf<{ mode: string }>(listen).mode, "listener");
  });
});

describe("viewer token abuse limit", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("allows 60 anonymous viewer-token requests a minute per address, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await server.request("GET", "/api/v1/apps/any-app/play-token/lobby")).status);
    assert.deepEqual([...new Set(statuses.slice(0, 60))], [404]);
    const last = await server.request("GET", "/api/v1/apps/any-app/radio/lobby/listen-token");
    assert.equal(last.status, 429);
    assert.ok(Number(last.headers.get("retry-after")) > 0);
  });
});

describe("without a media server", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("answers 503 media_server_unavailable with what to configure", async () => {
    await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "offline" } });
    const res = await server.request("POST", "/api/v1/apps/offline/tokens", { token: server.rootToken, body: {} });
    assert.equal(res.status, 503);
    const error = errorOf(res);
    assert.equal(error.code, "media_server_unavailable");
    assert.match(error.message, /SERVICE_LIVEKIT_URL/);
    const stats = (await server.request("GET", "/api/v1/stats", { token: server.rootToken })).json as { mediaServerReachable: boolean; ingress: { reachable: boolean } };
    assert.deepEqual([stats.mediaServerReachable, stats.ingress.reachable], [false, false]);
  });
});
