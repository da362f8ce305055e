import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import { RoomEvent } from "@livekit/rtc-node";
import { AccessToken, IngressClient, RoomServiceClient, VideoCodec } from "livekit-server-sdk";
import { dataOf, pageOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { postWebhook } from "../helpers/media-webhook.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import type { LogRecord } from "../../src/logging.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { appRow } from "../helpers/rows.ts";

/** The RTMP password window the server under test runs with (SERVICE_RTMP_PASSWORD_WINDOW_SECONDS). */
const WINDOW_MS = 3000;

type Ingress = Record<string, unknown> & { ingressId: string; streamKey: string };

describe("ingress through a real LiveKit (SPEC 4.9, 2.5)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const logged: LogRecord[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    livekit = await startLiveKit();
    server = await startServer({ ...livekit.env, SERVICE_PUBLIC_URL: "https://video.example.com", SERVICE_RTMP_PASSWORD_WINDOW_SECONDS: String(WINDOW_MS / 1000) });
    server.app.logging.subscribe((r) => void logged.push(r));
    assert.equal((await call("POST", "/api/v1/apps", { name: "ing" })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("creates RTMP and WHIP ingresses in LiveKit, lists, gets and deletes them", async () => {
    const rtmp = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp", room: "stage" });
    assert.equal(rtmp.status, 201, rtmp.text);
    const r = dataOf<Ingress>(rtmp);
    assert.match(r.ingressId, /^IN_/);
    assert.equal(r["roomName"], "ing-stage");
    assert.equal(r["rtmp_url"], `rtmp://video.example.com:1935/ing/${r.streamKey}`);
    assert.equal(r["stream_key"], r.streamKey);
    assert.equal(r["requires_password"], false);
    // LiveKit always transcodes RTMP; passthrough exists for WHIP only.
    assert.equal(r["adaptive"], true);
    assert.equal(r["player_url"], "https://video.example.com/play/ing/ing-stage");
    assert.match(String(r["embed_iframe"]), /^<iframe src="https:\/\/video\.example\.com\/embed\/ing\/ing-stage"/);
    const whip = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "whip", room: "desk" });
    assert.equal(whip.status, 201, whip.text);
    const w = dataOf<Ingress>(whip);
    assert.equal(w["adaptive"], false, "new apps are passthrough where LiveKit allows it");

    const lk = new IngressClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    assert.deepEqual((await lk.listIngress({})).map((i) => i.ingressId).sort(), [r.ingressId, w.ingressId].sort());

    const list = await call("GET", "/api/v1/apps/ing/ingress?limit=1");
    const page = pageOf<Ingress>(list);
    assert.deepEqual([page.total, page.limit, page.offset, page.data.length], [2, 1, 0, 1]);
    assert.equal(pageOf<Ingress>(await call("GET", "/api/v1/apps/ing/ingress?room=ing-desk")).total, 1);
    assert.equal(pageOf<Ingress>(await call("GET", `/api/v1/apps/ing/ingress?q=${r.ingressId.toLowerCase()}`)).total, 1);
    assert.equal((await call("GET", "/api/v1/apps/ing/ingress?limit=501")).status, 400);
    assert.equal((await call("GET", "/api/v1/apps/ing/ingress?limit=0")).status, 400);

    const one = await call("GET", `/api/v1/apps/ing/ingress/${r.ingressId}`);
    assert.equal(dataOf<{ status: string }>(one).status, "inactive");
    assert.equal((await call("DELETE", `/api/v1/apps/ing/ingress/${r.ingressId}`)).status, 204);
    assert.deepEqual((await lk.listIngress({})).map((i) => i.ingressId), [w.ingressId]);
    assert.equal((await call("GET", `/api/v1/apps/ing/ingress/${r.ingressId}`)).status, 404);
  });

  it("gives RTMP ingresses a revealable stream password with rtmpPassword on, checked by validate", async () => {
    await call("PATCH", "/api/v1/apps/ing", { features: { rtmpPassword: true } });
    const res = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp" });
    const i = dataOf<Ingress & { stream_password: string; requires_password: boolean }>(res);
    assert.equal(i.requires_password, true);
    assert.ok(i.stream_password.length >= 12);
    const listed = dataOf<Array<{ ingressId: string; stream_password?: string }>>(await call("GET", "/api/v1/apps/ing/ingress"));
    assert.equal(listed.find((x) => x.ingressId === i.ingressId)?.stream_password, i.stream_password);
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${i.ingressId}/validate`, { password: "wrong" })).status, 401);
    const ok = await call("POST", `/api/v1/apps/ing/ingress/${i.ingressId}/validate`, { password: i.stream_password });
    assert.equal(ok.status, 200);
    const stored = (await appRow(server, "ing", (t) => sql<{ password_sealed: string }>`SELECT password_sealed FROM ${t("ingresses")} WHERE ingress_id = ${i.ingressId}`))?.password_sealed;
    assert.ok(!String(stored).includes(i.stream_password));
  });

  it("transcodes ingresses to the app's ladder and codec (what LiveKit stored), and says where they are advisory", async () => {
    assert.equal((await call("POST", "/api/v1/apps", { name: "ladder" })).status, 201);
    const lk = new IngressClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    const video = async (body: Record<string, unknown>) => {
      const res = await call("POST", "/api/v1/apps/ladder/ingress", body);
      assert.equal(res.status, 201, res.text);
      const [info] = await lk.listIngress({ ingressId: dataOf<Ingress>(res).ingressId });
      const options = info?.video?.encodingOptions;
      if (options?.case !== "options") return options?.case ?? "none";
      const { videoCodec, frameRate, layers } = options.value;
      return { codec: VideoCodec[videoCodec], frameRate, layers: layers.map((l) => [l.quality, l.width, l.height, l.bitrate]) };
    };
    // The default ladder 720/480/240 as HIGH, MEDIUM and LOW (VideoQuality 2, 1, 0), H.264.
    assert.deepEqual(await video({ inputType: "rtmp", room: "a" }), {
      codec: "H264_BASELINE",
      frameRate: 30,
      layers: [[2, 1280, 720, 2_500_000], [1, 854, 480, 1_000_000], [0, 426, 240, 300_000]],
    });
    // WHIP passthrough (transcoding off) cannot carry encoding options: LiveKit would refuse them.
    assert.equal(await video({ inputType: "whip", room: "b" }), "none");
    const patched = await call("PATCH", "/api/v1/apps/ladder/config", {
      transcodingEnabled: true,
      encoding: "av1+vp8+h264",
      layers: [{ height: 360, bitrateKbps: 700 }, { height: 1080, bitrateKbps: 5000 }, { height: 720, bitrateKbps: 2800 }, { height: 480, bitrateKbps: 1200 }],
    });
    assert.equal(patched.status, 200, patched.text);
    // Four rungs: the three highest, whatever their order; av1 is not an ingress codec, vp8 is next.
    const ladder = { codec: "VP8", frameRate: 30, layers: [[2, 1920, 1080, 5_000_000], [1, 1280, 720, 2_800_000], [0, 854, 480, 1_200_000]] };
    assert.deepEqual(await video({ inputType: "rtmp", room: "c" }), ladder);
    assert.deepEqual(await video({ inputType: "whip", room: "d" }), ladder, "WHIP with transcoding on");
    assert.equal(await video({ inputType: "whip", room: "e", enableTranscoding: false }), "none");
    const config = dataOf<{ appliesTo: Record<string, string> }>(await call("GET", "/api/v1/apps/ladder/config"));
    assert.match(config.appliesTo["layers"] ?? "", /ingress: .*WebRTC publishers \(join tokens\): advisory/);
    assert.match(config.appliesTo["encoding"] ?? "", /ingress: .*WebRTC publishers \(join tokens\): advisory/);
    const layers = dataOf<{ appliesTo: string }>(await call("GET", "/api/v1/apps/ladder/transcoding/layers"));
    assert.equal(layers.appliesTo, config.appliesTo["layers"]);
  });

  it("requires url for url ingresses and refuses internal sources (SSRF)", async () => {
    assert.equal((await call("POST", "/api/v1/apps/ing/ingress", { inputType: "url" })).status, 400);
    for (const url of ["rtsp://127.0.0.1/cam", "rtsp://127.1/cam", "http://169.254.169.254/latest", "rtsp://[::ffff:127.0.0.1]/x", "rtsp://10.0.0.5/cam", "rtsp://localhost/cam"]) {
      const res = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "url", url });
      assert.equal(res.status, 400, url);
      assert.match(res.text, /internal address|does not resolve/, url);
    }
  });

  /**
   * The RTMP publisher of an ingress, as LiveKit's ingress worker makes it: its participant (the
   * ingress's identity, publishing video in the ingress's room) and, on `start`, the signed
   * `ingress_started` LiveKit then sends. No ingress worker runs in these tests, so both are made
   * here, which lets each race be timed exactly; the service cannot tell them from the real ones,
   * and what it does to them is real. ingress-push.test.ts pushes real RTMP through the ingress
   * stand-in for the same rule. Joining is slow on a busy machine, so it happens before any window
   * opens: only `start` and what follows it race the window.
   */
  const publisher = async (ingress: Ingress, identity: string) => {
    const room = String(ingress["roomName"]);
    const token = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity });
    token.addGrant({ room, roomJoin: true, canPublish: true });
    const p = await join(livekit.wsUrl, await token.toJwt());
    participants.push(p);
    await p.publishVideo({ live: true });
    let cutAt: number | undefined;
    p.room.on(RoomEvent.Disconnected, () => (cutAt ??= Date.now()));
    const rooms = new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    const inRoom = async () => (await rooms.listParticipants(room)).some((x) => x.identity === identity && x.tracks.length > 0);
    await eventually(inRoom, 10_000, `${identity} publishing`);
    const ingressInfo = { ingressId: ingress.ingressId, roomName: room, participantIdentity: identity, inputType: "RTMP_INPUT", state: { status: "ENDPOINT_PUBLISHING" } };
    const send = async (event: string) =>
      assert.equal(await postWebhook(server.url, livekit.apiKey, livekit.apiSecret, { event, id: `EV_${event}_${ingress.ingressId}`, createdAt: String(Math.floor(Date.now() / 1000)), ingressInfo }), 200);
    let startedAt = Number.NaN;
    return {
      start: async () => {
        startedAt = Date.now();
        await send("ingress_started");
      },
      end: () => send("ingress_ended"),
      /** Milliseconds from the start to the removal; undefined while connected. */
      cutAfter: () => (cutAt === undefined ? undefined : cutAt - startedAt),
      inRoom,
    };
  };
  const rtmpIngress = async (app: string, room: string, identity: string) => {
    const res = await call("POST", `/api/v1/apps/${app}/ingress`, { inputType: "rtmp", room, participantIdentity: identity });
    assert.equal(res.status, 201, res.text);
    const ingress = dataOf<Ingress & { stream_password: string }>(res);
    assert.equal(ingress["requires_password"], true);
    return ingress;
  };
  const unauthorized = (app: string, ingressId: string) => server.app.events.recent().filter((e) => e.app === app && e.event === "ingress_unauthorized" && e.data["ingressId"] === ingressId);
  const validate = async (app: string, ingress: { ingressId: string; stream_password: string }) =>
    assert.equal((await call("POST", `/api/v1/apps/${app}/ingress/${ingress.ingressId}/validate`, { password: ingress.stream_password })).status, 200);

  it("removes an RTMP publisher that does not validate its stream password within the window, with ingress_unauthorized and a warning", async () => {
    await call("PATCH", "/api/v1/apps/ing", { features: { rtmpPassword: true } });
    const silent = await rtmpIngress("ing", "pw-silent", "obs-silent");
    const stale = await rtmpIngress("ing", "pw-stale", "obs-stale");
    const wrong = await rtmpIngress("ing", "pw-wrong", "obs-wrong");
    const pubs = await Promise.all([publisher(silent, "obs-silent"), publisher(stale, "obs-stale"), publisher(wrong, "obs-wrong")]);
    // A validation long before the push authorizes nothing: the next connection must validate again.
    await validate("ing", stale);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 500));
    for (const pub of pubs) await pub.start();
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${wrong.ingressId}/validate`, { password: "not-the-password" })).status, 401);
    for (const [i, pub] of pubs.entries()) {
      await eventually(() => pub.cutAfter() !== undefined, WINDOW_MS + 10_000, `publisher ${i} to be removed`);
      assert.ok((pub.cutAfter() ?? 0) >= WINDOW_MS - 100, `removed ${pub.cutAfter()} ms after the start, not before the window ended`);
      assert.equal(await pub.inRoom(), false, "LiveKit has no such participant any more");
    }
    for (const ingress of [silent, stale, wrong]) {
      const [event, ...more] = unauthorized("ing", ingress.ingressId);
      assert.equal(more.length, 0);
      assert.deepEqual(event?.data, { ingressId: ingress.ingressId, room: ingress["roomName"], participant: String(ingress["roomName"]).replace("ing-pw-", "obs-"), windowSeconds: WINDOW_MS / 1000 });
      const line = logged.find((r) => r["ingressId"] === ingress.ingressId && r.level === "warn");
      assert.match(String(line?.["msg"]), /did not validate its stream password in time/);
    }
    // The ingress itself stays: its publisher may connect again and validate.
    assert.equal((await call("GET", `/api/v1/apps/ing/ingress/${silent.ingressId}`)).status, 200);
  });

  it("keeps a publisher that validated within the window, either side of its start, and one whose connection ended", async () => {
    await call("PATCH", "/api/v1/apps/ing", { features: { rtmpPassword: true } });
    const after = await rtmpIngress("ing", "pw-after", "obs-after");
    const before = await rtmpIngress("ing", "pw-before", "obs-before");
    const ended = await rtmpIngress("ing", "pw-ended", "obs-ended");
    const pubs = await Promise.all([publisher(after, "obs-after"), publisher(before, "obs-before"), publisher(ended, "obs-ended")]);
    const [afterPub, beforePub, endedPub] = pubs;
    await validate("ing", before);
    await beforePub.start();
    await afterPub.start();
    await validate("ing", after);
    await endedPub.start();
    await endedPub.end();
    await new Promise((r) => setTimeout(r, WINDOW_MS + 1500));
    for (const [i, pub] of pubs.entries()) {
      assert.equal(pub.cutAfter(), undefined, `publisher ${i} still connected`);
      assert.ok(await pub.inRoom(), `publisher ${i} still publishing`);
    }
    for (const ingress of [after, before, ended]) assert.deepEqual(unauthorized("ing", ingress.ingressId), []);
  });

  it("leaves windows of a deleted app and of ingresses without a password alone", async () => {
    assert.equal((await call("POST", "/api/v1/apps", { name: "gone" })).status, 201);
    await call("PATCH", "/api/v1/apps/gone", { features: { rtmpPassword: true } });
    const doomed = await rtmpIngress("gone", "pw-doomed", "obs-doomed");
    await call("PATCH", "/api/v1/apps/ing", { features: { rtmpPassword: false } });
    const open = dataOf<Ingress>(await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp", room: "pw-open", participantIdentity: "obs-open" }));
    assert.equal(open["requires_password"], false);
    const pubs = await Promise.all([publisher(doomed, "obs-doomed"), publisher(open, "obs-open")]);
    for (const pub of pubs) await pub.start();
    assert.equal((await call("DELETE", "/api/v1/apps/gone")).status, 200);
    await new Promise((r) => setTimeout(r, WINDOW_MS + 1500));
    for (const pub of pubs) assert.equal(pub.cutAfter(), undefined);
    assert.deepEqual([...unauthorized("gone", doomed.ingressId), ...unauthorized("ing", open.ingressId)], []);
    assert.ok(!logged.some((r) => r["component"] === "rtmp-password" && ["warn", "error"].includes(r.level)), "no window failed");
  });
});
