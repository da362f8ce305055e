import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { AccessToken, IngressClient, RoomServiceClient } from "livekit-server-sdk";
import { dataOf, errorOf, pageOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { Camera, cameraApp, mintKey, upgradeStatus, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";

type KeyView = { id: string; status: string; disabledAt: string | null; rotatedAt: string | null };

describe("camera keys: reset and disable without deleting (issue 19)", () => {
  let server: TestServer;
  const cameras: Camera[] = [];
  const connect = async (key: Pick<MintedKey, "wsUrl" | "streamKey">) => {
    const camera = await Camera.connect(key);
    cameras.push(camera);
    return camera;
  };
  const call = (method: string, p: string) => server.request(method, p, { token: server.rootToken });
  const upgrade = (key: MintedKey, secret: string) => upgradeStatus(server.port, `/ingest/ws?app=cams&room=${key.room}`, { authorization: `Bearer ${secret}` });

  before(async () => {
    server = await startServer({
      SERVICE_PORT: String(await freePort()),
      ...UNREACHABLE_LIVEKIT,
    });
    await cameraApp(server, "cams");
  });
  after(async () => {
    for (const c of cameras) c.ws.close();
    await server.close();
  });

  it("reset closes the live camera at once (4004), answers the new key once; the new key connects, the old is refused", async () => {
    const key = await mintKey(server, "cams", "gate");
    const camera = await connect(key);
    const at = Date.now();
    const res = await call("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/reset`);
    assert.equal(res.status, 200, res.text);
    const reset = dataOf<KeyView & { streamKey: string }>(res);
    const closed = await camera.closed;
    assert.equal(closed.code, 4004);
    assert.match(closed.reason, /reset/);
    assert.ok(Date.now() - at < 1000, `closed after ${Date.now() - at} ms`);
    assert.equal(reset.id, key.id, "the same key record, not a new one");
    assert.match(reset.streamKey, /^wsk_[0-9A-Za-z]{42}$/);
    assert.notEqual(reset.streamKey, key.streamKey);
    assert.ok(reset.rotatedAt);

    assert.equal((await upgrade(key, key.streamKey)).status, 401, "the old key is refused");
    const again = await connect({ wsUrl: key.wsUrl, streamKey: reset.streamKey });
    assert.equal(again.ws.readyState, again.ws.OPEN);
    // The list never shows the key itself again.
    const listed = dataOf<Array<KeyView & { streamKey?: string }>>(await call("GET", "/api/v1/apps/cams/ws-ingest")).find((k) => k.id === key.id);
    assert.equal(listed?.streamKey, undefined);
    assert.equal(listed?.status, "enabled");
    await again.close();
  });

  it("disable closes the live camera at once (4005), refuses the key with 403 and lists it as disabled; enable restores the same key", async () => {
    const key = await mintKey(server, "cams", "yard");
    const camera = await connect(key);
    const at = Date.now();
    const res = await call("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/disable`);
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<KeyView>(res).status, "disabled");
    const closed = await camera.closed;
    assert.equal(closed.code, 4005);
    assert.ok(Date.now() - at < 1000, `closed after ${Date.now() - at} ms`);

    const refused = await upgrade(key, key.streamKey);
    assert.equal(refused.status, 403);
    const body = JSON.parse(refused.body) as { error: { code: string; message: string } };
    assert.equal(body.error.code, "forbidden");
    assert.match(body.error.message, new RegExp(`camera key ${key.id} is disabled; enable it with POST /api/v1/apps/cams/ws-ingest/${key.id}/enable`));
    // A wrong key is still told nothing about the disabled one.
    assert.equal((await upgrade(key, "wsk_wrong")).status, 401);

    const listed = dataOf<KeyView[]>(await call("GET", "/api/v1/apps/cams/ws-ingest")).find((k) => k.id === key.id);
    assert.equal(listed?.status, "disabled");
    assert.ok(listed?.disabledAt);

    const enabled = await call("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/enable`);
    assert.equal(enabled.status, 200, enabled.text);
    assert.equal(dataOf<KeyView>(enabled).status, "enabled");
    const back = await connect(key);
    assert.equal(back.ws.readyState, back.ws.OPEN);
    await back.close();
  });

  it("answers 404 for unknown and revoked keys, and refuses callers without the permission", async () => {
    for (const action of ["reset", "disable", "enable"]) {
      const res = await call("POST", `/api/v1/apps/cams/ws-ingest/wsi_nope/${action}`);
      assert.equal(res.status, 404, res.text);
      assert.equal(errorOf(res).code, "not_found");
    }
    const key = await mintKey(server, "cams", "shed");
    assert.equal((await call("DELETE", `/api/v1/apps/cams/ws-ingest/${key.id}`)).status, 204);
    assert.equal((await call("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/reset`)).status, 404, "a revoked key stays revoked");
    assert.equal((await server.request("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/reset`)).status, 401);
  });
});

type IngressView = { ingressId: string; enabled: boolean; stream_password?: string; streamKey: string; disabledAt: string | null; disconnected?: boolean };

describe("ingress stream passwords: reset, disable and enable through a real LiveKit (issue 19)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    livekit = await startLiveKit();
    server = await startServer({ ...livekit.env, SERVICE_PUBLIC_URL: "https://video.example.com" });
    assert.equal((await call("POST", "/api/v1/apps", { name: "ing" })).status, 201);
    assert.equal((await call("PUT", "/api/v1/apps/ing/config/raw", { yaml: "features:\n  rtmpPassword: true\n" })).status, 200);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  /** Stands in for the ingress's publisher: a participant with the ingress's identity in its room. */
  const publisher = async (room: string, identity: string) => {
    const token = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity });
    token.addGrant({ room, roomJoin: true, canPublish: true });
    const p = await join(livekit.wsUrl, await token.toJwt());
    participants.push(p);
    const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    await eventually(async () => (await rooms.listParticipants(room)).some((x) => x.identity === identity), 10_000);
    return { gone: () => eventually(async () => !(await rooms.listParticipants(room)).some((x) => x.identity === identity), 5000) };
  };

  it("reset rotates the stream password (LiveKit keeps the stream key) and removes the live publisher at once", async () => {
    const created = dataOf<IngressView>(await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp", room: "stage", participantIdentity: "stage-pub" }));
    const old = created.stream_password ?? "";
    assert.ok(old);
    const live = await publisher("ing-stage", "stage-pub");
    const res = await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/reset`);
    assert.equal(res.status, 200, res.text);
    const reset = dataOf<IngressView>(res);
    assert.equal(reset.disconnected, true);
    await live.gone();
    assert.equal(reset.streamKey, created.streamKey, "LiveKit cannot rotate the stream key in place");
    assert.ok(reset.stream_password && reset.stream_password !== old);
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/validate`, { password: old })).status, 401);
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/validate`, { password: reset.stream_password })).status, 200);
  });

  it("disable tells LiveKit, removes the live publisher, refuses the password and lists it disabled; enable undoes it", async () => {
    const created = dataOf<IngressView>(await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp", room: "hall", participantIdentity: "hall-pub" }));
    const live = await publisher("ing-hall", "hall-pub");
    const res = await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/disable`);
    assert.equal(res.status, 200, res.text);
    assert.equal(dataOf<IngressView>(res).enabled, false);
    assert.equal(dataOf<IngressView>(res).disconnected, true);
    await live.gone();
    const lk = new IngressClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    const [info] = await lk.listIngress({ ingressId: created.ingressId });
    assert.equal(info?.enabled, false, "LiveKit refuses new connections");
    assert.equal(info?.streamKey, created.streamKey, "and keeps the stream key");

    const refused = await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/validate`, { password: created.stream_password });
    assert.equal(refused.status, 403);
    assert.match(errorOf(refused).message, /is disabled; enable it with POST/);
    const listed = pageOf<IngressView>(await call("GET", "/api/v1/apps/ing/ingress?room=ing-hall")).data[0];
    assert.equal(listed?.enabled, false);
    assert.ok(listed?.disabledAt);

    const enabled = await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/enable`);
    assert.equal(enabled.status, 200, enabled.text);
    assert.equal(dataOf<IngressView>(enabled).enabled, true);
    assert.equal((await lk.listIngress({ ingressId: created.ingressId }))[0]?.enabled, true);
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${created.ingressId}/validate`, { password: created.stream_password })).status, 200);
  });

  it("refuses to reset what has no password to rotate, naming why", async () => {
    const whip = dataOf<IngressView>(await call("POST", "/api/v1/apps/ing/ingress", { inputType: "whip", room: "desk" }));
    const res = await call("POST", `/api/v1/apps/ing/ingress/${whip.ingressId}/reset`);
    assert.equal(res.status, 409);
    assert.match(errorOf(res).message, /LiveKit cannot change the stream key/);
    assert.equal((await call("POST", "/api/v1/apps/ing/ingress/IN_nope/disable")).status, 404);
  });
});
