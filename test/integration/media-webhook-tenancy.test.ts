import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { AccessToken } from "livekit-server-sdk";
import type { StreamView } from "../../src/streams/store.ts";
import { createApp } from "../helpers/apps.ts";
import { dataOf, pageOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { Receiver } from "../helpers/receiver.ts";
import { eventually } from "../helpers/wait.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/** The operator's LiveKit: configured, never reached (webhooks are only verified). */
const GLOBAL = {
  SERVICE_LIVEKIT_URL: "http://127.0.0.1:9",
  SERVICE_LIVEKIT_WS_URL: "ws://127.0.0.1:9",
  SERVICE_LIVEKIT_API_KEY: "operator-key",
  SERVICE_LIVEKIT_API_SECRET: "the-operator-livekit-secret-long-enough",
};
const ALPHA_OWN = { apiKey: "alpha-own-key", apiSecret: "alpha-own-livekit-secret-long-enough" };

/**
 * Issue 29 item 5: a tenant's own media-server key signs webhooks for its own app only. Events it
 * signs for another app's room, or naming another app in the `service.app` attribute, are
 * answered 200 (they are authentic) and change nothing of that app.
 */
describe("media-server events only touch the apps of the server that signed them", () => {
  let server: TestServer;
  let receiver: Receiver;
  let alice = "";
  let bob = "";
  /** Signed exactly as LiveKit signs a webhook: an API-key JWT carrying the body's sha256. */
  const post = async (event: Record<string, unknown>, key: { apiKey: string; apiSecret: string }) => {
    const body = JSON.stringify({ createdAt: String(Math.floor(Date.now() / 1000)), ...event });
    const token = new AccessToken(key.apiKey, key.apiSecret);
    token.sha256 = createHash("sha256").update(body).digest("base64");
    return server.request("POST", "/webhooks/livekit", { body, headers: { authorization: await token.toJwt(), "content-type": "application/webhook+json" } });
  };
  const globalKey = { apiKey: GLOBAL.SERVICE_LIVEKIT_API_KEY, apiSecret: GLOBAL.SERVICE_LIVEKIT_API_SECRET };
  /** The app's active streams (the route answers a bare array). */
  const streamIds = async (app: string, token: string) => ((await server.request("GET", `/api/v1/apps/${app}/streams`, { token })).json as StreamView[]).map((s) => s.streamId).sort();
  const emittedFor = (app: string) => server.app.events.recent().filter((e) => e.app === app);
  const deliveries = async () => pageOf<{ id: string }>(await server.request("GET", "/api/v1/apps/bravo/callbacks/deliveries", { token: bob })).total;

  /** What another tenant forges with its own key: bravo's room, or bravo named in the participant's attribute. */
  const FORGED = [
    { event: "room_started", id: "EV_f1", room: { name: "bravo-stage", sid: "RM_forged" } },
    { event: "participant_joined", id: "EV_f2", room: { name: "bravo-stage" }, participant: { identity: "mallory", sid: "PA_m1" } },
    { event: "track_published", id: "EV_f3", room: { name: "bravo-stage" }, participant: { identity: "mallory", sid: "PA_m1" }, track: { sid: "TR_m1" } },
    { event: "track_published", id: "EV_f4", room: { name: "unclaimed-room" }, participant: { identity: "mallory-2", sid: "PA_m2", attributes: { "service.app": "bravo" } }, track: { sid: "TR_m2" } },
    { event: "ingress_started", id: "EV_f5", ingressInfo: { ingressId: "IN_forged", roomName: "bravo-stage", inputType: "RTMP_INPUT", participantIdentity: "mallory-3" } },
  ];

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer({ ...GLOBAL, SERVICE_ALLOW_SIGNUP: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    alice = await signup(server, "alice@a.example", "Team A");
    bob = await signup(server, "bob@b.example", "Team B");
    await createApp(server, { name: "alpha" }, alice);
    await createApp(server, { name: "bravo" }, bob);
    const own = await server.request("PUT", "/api/v1/apps/alpha/media-server", { token: alice, body: { url: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", ...ALPHA_OWN } });
    assert.equal(own.status, 200, own.text);
    assert.equal((await server.request("PATCH", "/api/v1/apps/bravo", { token: bob, body: { callbackUrl: receiver.url("/bravo") } })).status, 200);
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
  });

  it("answers 200 to events a tenant's own key signs for another app, and changes nothing of that app", async () => {
    for (const event of FORGED) {
      const res = await post(event, ALPHA_OWN);
      assert.equal(res.status, 200, `${event.id}: ${res.text}`);
      assert.deepEqual(dataOf(res), { received: true });
    }
    // The same key still speaks for its own app: the forged ones above were refused for their app alone.
    const mine = await post({ event: "track_published", id: "EV_a1", room: { name: "alpha-hall" }, participant: { identity: "alice-cam", sid: "PA_a1", attributes: { "service.app": "alpha" } }, track: { sid: "TR_a1" } }, ALPHA_OWN);
    assert.equal(mine.status, 200);
    // In a room the signer's app owns, the attribute cannot move the event to another app: the room decides.
    const named = await post({ event: "track_published", id: "EV_a2", room: { name: "alpha-hall" }, participant: { identity: "alice-2", sid: "PA_a2", attributes: { "service.app": "bravo" } }, track: { sid: "TR_a2" } }, ALPHA_OWN);
    assert.equal(named.status, 200);
    assert.deepEqual(await streamIds("bravo", bob), [], "no forged stream row");
    assert.deepEqual(emittedFor("bravo"), [], "no event for bravo, so nothing to deliver");
    assert.equal(await deliveries(), 0, "no webhook delivery queued for bravo");
    assert.deepEqual(await streamIds("alpha", alice), ["alpha-hall/alice-2", "alpha-hall/alice-cam"]);
    // Bravo's own logs say so (without naming who signed): the log store writes its lines a moment later.
    const dropped = async () =>
      dataOf<Array<{ message: string }>>(await server.request("GET", "/api/v1/apps/bravo/logs?level=warn", { token: bob })).filter((l) => l.message.includes("signed by a server this app does not use")).length;
    await eventually(async () => (await dropped()) === FORGED.length, 10_000, "a warning per dropped event");
  });

  it("accepts the very same events signed by the server bravo uses, and delivers them", async () => {
    for (const event of FORGED) assert.equal((await post(event, globalKey)).status, 200);
    assert.deepEqual(await streamIds("bravo", bob), ["IN_forged", "bravo-stage/mallory", "unclaimed-room/mallory-2"]);
    assert.equal(emittedFor("bravo").filter((e) => e.event === "room_started").length, 1);
    await receiver.until(() => receiver.received.some((r) => r.json.event === "stream_started"), 10_000, "bravo's stream_started delivery");
    assert.ok(receiver.received.every((r) => r.json.app === "bravo"));
    assert.deepEqual(await streamIds("alpha", alice), ["alpha-hall/alice-2", "alpha-hall/alice-cam"]);
  });

  it("drops events the global key signs for an app that has its own server", async () => {
    const res = await post({ event: "track_published", id: "EV_g1", room: { name: "alpha-hall" }, participant: { identity: "intruder", sid: "PA_g1" }, track: { sid: "TR_g1" } }, globalKey);
    assert.equal(res.status, 200);
    assert.deepEqual(await streamIds("alpha", alice), ["alpha-hall/alice-2", "alpha-hall/alice-cam"]);
  });

  it("tries every server with the issuer's key: naming another tenant's API key neither shadows its server nor speaks for it", async () => {
    const bravoOwn = { apiKey: "bravo-own-key", apiSecret: "bravo-own-livekit-secret-long-enough" };
    // Alpha sorts first, so a lookup that took the first app with the key would verify bravo's webhooks with alpha's secret.
    const squat = { apiKey: bravoOwn.apiKey, apiSecret: "alpha-squatting-on-bravo-key-long-enough" };
    assert.equal((await server.request("PUT", "/api/v1/apps/alpha/media-server", { token: alice, body: squat })).status, 200);
    assert.equal((await server.request("PUT", "/api/v1/apps/bravo/media-server", { token: bob, body: { url: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", ...bravoOwn } })).status, 200);
    const event = (id: string, identity: string) => ({ event: "track_published", id, room: { name: "bravo-own-hall" }, participant: { identity, sid: `PA_${id}` }, track: { sid: `TR_${id}` } });
    assert.equal((await post(event("EV_s1", "squatter"), squat)).status, 200);
    const genuine = await post(event("EV_s2", "bob-cam"), bravoOwn);
    assert.equal(genuine.status, 200, genuine.text);
    const rows = await streamIds("bravo", bob);
    assert.ok(rows.includes("bravo-own-hall/bob-cam"), rows.join());
    assert.ok(!rows.includes("bravo-own-hall/squatter"), rows.join());
  });
});
