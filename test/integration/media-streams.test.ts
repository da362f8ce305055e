import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { RoomEvent } from "@livekit/rtc-node";
import { SignJWT } from "jose";
import { RoomServiceClient } from "livekit-server-sdk";
import type { StreamView } from "../../src/streams/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { webhookHeaders } from "../helpers/media-webhook.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("media-server webhooks, stream tracking and the streams API (SPEC 4.13, 4.18, 3.2)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const publisher = async (room: string, identity: string, extra: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api/v1/apps/live/tokens", { room, identity, ...extra });
    assert.equal(res.status, 200, res.text);
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(p);
    return p;
  };
  const emitted = (event: string, match: (data: Record<string, unknown>) => boolean = () => true) =>
    server.app.events.recent().filter((e) => e.event === event && match(e.data as Record<string, unknown>));
  const active = async () => (await call("GET", "/api/v1/apps/live/streams")).json as StreamView[];
  /** A webhook signed exactly as LiveKit signs one: an API-key JWT with the body's sha256. */
  const signed = (body: string, secret = livekit.apiSecret) => webhookHeaders(livekit.apiKey, secret, body);

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port) });
    assert.equal((await call("POST", "/api/v1/apps", { name: "live" })).status, 201);
    assert.equal((await call("PATCH", "/api/v1/apps/live", { features: { hiddenQc: true } })).status, 200);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("tracks a publisher from the real server's webhooks and emits stream_started", async () => {
    const p = await publisher("lobby", "cam-1");
    await p.publishVideo();
    await eventually(async () => (await active()).some((s) => s.streamId === "live-lobby/cam-1"), 15_000, "stream row");
    const [row] = (await active()).filter((s) => s.streamId === "live-lobby/cam-1");
    assert.deepEqual([row?.type, row?.room, row?.participant, row?.status], ["webrtc", "live-lobby", "cam-1", "active"]);
    assert.deepEqual(JSON.parse(row?.lastStatsJson ?? "{}"), { live: true });
    assert.equal(emitted("stream_started", (d) => d["streamId"] === "live-lobby/cam-1").length, 1);
    assert.ok(emitted("participant_joined", (d) => d["participant"] === "cam-1").length >= 1);
    const detail = await call("GET", `/api/v1/apps/live/streams/${encodeURIComponent("live-lobby/cam-1")}`);
    assert.equal(detail.status, 200);
    assert.equal(dataOf<{ viewers: number }>(detail).viewers, 0);
  });

  it("generates nothing for hidden QC participants", async () => {
    const before = server.app.events.recent().length;
    const qc = await publisher("lobby", "inspector", { hidden: true });
    await qc.publishAudio();
    // LiveKit has the hidden track, so it sent the webhooks a visible publisher's would cause.
    const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    await eventually(async () => (await rooms.listParticipants("live-lobby")).some((p) => p.identity === "inspector" && p.tracks.length > 0), 10_000, "the hidden track");
    // A visible publisher after it: once its stream has started, the webhooks sent before have been handled.
    const witness = await publisher("lobby", "witness");
    await witness.publishAudio();
    await eventually(() => emitted("stream_started", (d) => d["streamId"] === "live-lobby/witness").length === 1, 15_000, "the witness's stream");
    const leaked = server.app.events.recent().slice(before).filter((e) => JSON.stringify(e.data).includes("inspector"));
    assert.deepEqual(leaked, []);
  });

  it("answers 401 to a forged, unsigned or tampered webhook", async () => {
    const body = JSON.stringify({ event: "room_started", id: "EV_forged", createdAt: "1", room: { name: "live-x" } });
    assert.equal((await server.request("POST", "/webhooks/livekit", { body, headers: { "content-type": "application/webhook+json" } })).status, 401);
    assert.equal((await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body, "not-the-secret-but-long-enough-to-sign") })).status, 401);
    const headers = await signed(body);
    assert.equal((await server.request("POST", "/webhooks/livekit", { body: body.replace("live-x", "live-y"), headers })).status, 401);
    assert.equal(emitted("room_started", (d) => d["room"] === "live-x").length, 0);
  });

  it("refuses the right secret under any algorithm but HS256, and such a request changes nothing", async () => {
    const participant = { identity: "forger", sid: "PA_forger", attributes: { "service.app": "live", "service.role": "publisher" } };
    const body = JSON.stringify({ event: "track_published", id: "EV_alg", createdAt: "3000", room: { name: "live-alg" }, participant, track: { sid: "TR_alg" } });
    const claims = { sha256: createHash("sha256").update(body).digest("base64") };
    const now = Math.floor(Date.now() / 1000);
    const withAlg = (alg: string) =>
      new SignJWT(claims).setProtectedHeader({ alg }).setIssuer(livekit.apiKey).setNotBefore(now - 5).setExpirationTime(now + 300).sign(new TextEncoder().encode(livekit.apiSecret));
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, iss: livekit.apiKey, nbf: now - 5, exp: now + 300 })}.`;
    const rs256 = `${b64({ alg: "RS256", typ: "JWT" })}.${b64({ ...claims, iss: livekit.apiKey, nbf: now - 5, exp: now + 300 })}.${Buffer.from("not a signature").toString("base64url")}`;
    for (const authorization of [await withAlg("HS512"), await withAlg("HS384"), unsigned, rs256]) {
      const res = await server.request("POST", "/webhooks/livekit", { body, headers: { authorization, "content-type": "application/webhook+json" } });
      assert.equal(res.status, 401, `${authorization.split(".")[0]}: ${res.text}`);
    }
    assert.ok(!(await active()).some((s) => s.room === "live-alg"), "no stream row");
    assert.equal(server.app.events.recent().filter((e) => e.room === "live-alg").length, 0, "no event");
    // The same body under HS256 is accepted: the refusals above were the algorithm's alone.
    assert.equal((await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) })).status, 200);
    assert.ok((await active()).some((s) => s.room === "live-alg"));
  });

  it("answers 200 to a correctly signed body that is not an event object, and does nothing with it", async () => {
    const before = server.app.events.recent().length;
    for (const body of ["[]", "null", "42", '"room_started"', "{}", '{"id":"EV_no_event","room":{"name":"live-x"}}', "not json at all"]) {
      const res = await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) });
      assert.equal(res.status, 200, `${body}: ${res.text}`);
    }
    assert.equal(server.app.events.recent().length, before);
  });

  it("deduplicates a replayed event by its id, at either path", async () => {
    const body = JSON.stringify({ event: "room_started", id: "EV_replay_1", createdAt: "100", room: { name: "live-replay", sid: "RM_1" } });
    const first = await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) });
    const again = await server.request("POST", "/api/v1/webhooks/livekit", { body, headers: await signed(body) });
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.equal(emitted("room_started", (d) => d["room"] === "live-replay").length, 1);
  });

  it("converges when events arrive out of order", async () => {
    const post = async (event: Record<string, unknown>) => {
      const body = JSON.stringify(event);
      assert.equal((await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) })).status, 200);
    };
    const participant = { identity: "late", sid: "PA_late", attributes: { "service.app": "live", "service.role": "publisher" } };
    await post({ event: "participant_left", id: "EV_ooo_2", createdAt: "2000", room: { name: "live-ooo" }, participant });
    await post({ event: "track_published", id: "EV_ooo_1", createdAt: "1000", room: { name: "live-ooo" }, participant, track: { sid: "TR_1" } });
    assert.ok(!(await active()).some((s) => s.streamId === "live-ooo/late"));
    assert.equal(emitted("stream_started", (d) => d["streamId"] === "live-ooo/late").length, 0);
  });

  it("never forwards the media server's payload verbatim (no TURN credentials reach our events)", async () => {
    const body = JSON.stringify({
      event: "room_started",
      id: "EV_turn",
      createdAt: "3000",
      room: { name: "live-turn", sid: "RM_t", metadata: "turn: user=secret-turn-credential" },
    });
    await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) });
    const [event] = emitted("room_started", (d) => d["room"] === "live-turn");
    assert.deepEqual(event?.data, { room: "live-turn", roomSid: "RM_t" });
  });

  it("sends chat and reactions into the room, gated by features, and emits the matching events", async () => {
    const cam = await publisher("talk", "host");
    await cam.publishAudio();
    const viewer = await publisher("talk", "fan", { canPublish: false });
    const received: Array<{ topic: string | undefined; text: string }> = [];
    viewer.room.on(RoomEvent.DataReceived, (payload: Uint8Array, _p: unknown, _k: unknown, topic?: string) => {
      received.push({ topic, text: new TextDecoder().decode(payload) });
    });
    await eventually(async () => (await active()).some((s) => s.streamId === "live-talk/host"), 15_000, "talk stream");
    const id = encodeURIComponent("live-talk/host");
    const off = await call("POST", `/api/v1/apps/live/streams/${id}/data`, { type: "chat", message: "hello" });
    assert.equal(off.status, 403);
    await call("PATCH", "/api/v1/apps/live", { features: { chat: true, reactions: true } });
    assert.equal((await call("POST", `/api/v1/apps/live/streams/${id}/data`, { type: "chat", message: "hello", from: "moderator" })).status, 200);
    assert.equal((await call("POST", `/api/v1/apps/live/streams/${id}/data`, { type: "reaction", reaction: "👏" })).status, 200);
    await eventually(() => received.length >= 2, 10_000, "data messages to arrive");
    assert.equal(received[0]?.topic, "chat");
    assert.equal((JSON.parse(received[0]?.text ?? "{}") as { message: string }).message, "hello");
    const chat = emitted("chat_message", (d) => d["room"] === "live-talk")[0];
    assert.deepEqual([chat?.data["from"], chat?.data["message"]], ["moderator", "hello"]);
    assert.equal(emitted("reaction", (d) => d["room"] === "live-talk")[0]?.data["reaction"], "👏");
  });

  it("stops a stream: 204, the participant is really disconnected, the row ended, stream_ended emitted", async () => {
    const p = await publisher("stage", "speaker");
    await p.publishAudio();
    let disconnected = false;
    p.room.on(RoomEvent.Disconnected, () => {
      disconnected = true;
    });
    await eventually(async () => (await active()).some((s) => s.streamId === "live-stage/speaker"), 15_000, "stage stream");
    const res = await call("DELETE", `/api/v1/apps/live/streams/${encodeURIComponent("live-stage/speaker")}`);
    assert.equal(res.status, 204);
    assert.ok(!(await active()).some((s) => s.streamId === "live-stage/speaker"));
    await eventually(() => disconnected, 10_000, "the participant to be disconnected");
    assert.equal(emitted("stream_ended", (d) => d["streamId"] === "live-stage/speaker").length, 1);
    assert.equal((await call("DELETE", "/api/v1/apps/live/streams/99999")).status, 404);
  });

  it("ends rows left active for rooms that no longer exist when it reconciles", async () => {
    const body = JSON.stringify({
      event: "track_published",
      id: "EV_ghost",
      createdAt: String(Math.floor(Date.now() / 1000)),
      room: { name: "live-ghost" },
      participant: { identity: "ghost", attributes: { "service.app": "live" } },
      track: { sid: "TR_g" },
    });
    await server.request("POST", "/webhooks/livekit", { body, headers: await signed(body) });
    assert.ok((await active()).some((s) => s.streamId === "live-ghost/ghost"));
    assert.ok((await server.app.streams.reconcile()) >= 1, "the ghost row is ended");
    assert.ok(!(await active()).some((s) => s.streamId === "live-ghost/ghost"));
    assert.ok((await active()).some((s) => s.streamId === "live-lobby/cam-1"), "a live stream survives reconciliation");
  });

  it("reports the media server in /stats: reachable, rooms, active streams, ingress and egress", async () => {
    const stats = (await call("GET", "/api/v1/stats")).json as {
      mediaServerReachable: boolean;
      counts: { apps: number; rooms: number; activeStreams: number };
      ingress: { reachable: boolean; active: number; total: number };
      egress: { reachable: boolean };
    };
    assert.equal(stats.mediaServerReachable, true);
    assert.ok(stats.counts.rooms >= 1, JSON.stringify(stats.counts));
    assert.equal(stats.counts.activeStreams, (await active()).length);
    assert.equal(stats.ingress.reachable, true);
    assert.equal(stats.ingress.total, 0);
    assert.equal(typeof stats.egress.reachable, "boolean");
  });

  it("lists active streams as a bare array", async () => {
    const res = await call("GET", "/api/v1/apps/live/streams");
    assert.ok(Array.isArray(res.json));
  });
});
