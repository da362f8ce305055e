import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { dispose } from "@livekit/rtc-node";
import { AccessToken, IngressClient, RoomServiceClient, TrackType } from "livekit-server-sdk";
import type { Browser } from "playwright-core";
import type { StreamView } from "../../src/streams/store.ts";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf } from "../helpers/envelope.ts";
import { firstDecodedFrame, publishWhip, pushRtmp, stopWhip, type RtmpPush } from "../helpers/ingress-clients.ts";
import { startLiveKit, type IngressStandin, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** The RTMP password window the server under test runs with (SERVICE_RTMP_PASSWORD_WINDOW_SECONDS). */
const WINDOW_MS = 3000;

/** IngressState.Status and ParticipantInfo.Kind of LiveKit's protocol, by number (the SDK exports neither enum). */
const ENDPOINT_PUBLISHING = 2;
const ENDPOINT_ERROR = 3;
const KIND_INGRESS = 1;

type Ingress = {
  ingressId: string;
  streamKey: string;
  url: string | null;
  rtmp_url: string | null;
  roomName: string;
  status: string;
  width: number | null;
  height: number | null;
  enabled: boolean;
  requires_password: boolean;
  stream_password?: string;
};

/**
 * Real pushes into LiveKit ingress (issue 33): ffmpeg publishing RTMP and Chromium publishing WHIP
 * to the ingress stand-in (test/ingress-standin) registered on a real livekit-server's Redis. The
 * ingress states, LiveKit's ListIngress, its webhooks into the service and the participants in the
 * rooms all come from livekit-server itself; only the worker is a stand-in.
 */
describe("pushing RTMP and WHIP into LiveKit ingress, end to end", () => {
  let livekit: LiveKit;
  let standin: IngressStandin;
  let server: TestServer;
  let browser: Browser | undefined;
  const pushes: RtmpPush[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const ingressOf = async (app: string, id: string) => dataOf<Ingress>(await call("GET", `/api/v1/apps/${app}/ingress/${id}`));
  const create = async (app: string, body: Record<string, unknown>) => {
    const res = await call("POST", `/api/v1/apps/${app}/ingress`, body);
    assert.equal(res.status, 201, res.text);
    return dataOf<Ingress>(res);
  };
  const emitted = (event: string, ingressId: string) => server.app.events.recent().filter((e) => e.event === event && e.data["ingressId"] === ingressId);
  const lkIngress = async (id: string) => (await new IngressClient(livekit.url, livekit.apiKey, livekit.apiSecret).listIngress({ ingressId: id }))[0];
  const participant = async (room: string, identity: string) =>
    (await new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret).listParticipants(room)).find((p) => p.identity === identity);
  const activeStreams = async (app: string) => (await call("GET", `/api/v1/apps/${app}/streams`)).json as StreamView[];
  const watcherToken = (room: string) => {
    const token = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity: `watcher-${room}` });
    token.addGrant({ room, roomJoin: true, canSubscribe: true, canPublish: false, hidden: true });
    return token.toJwt();
  };
  /**
   * Where to push what the service hands out. Its rtmp_url is SPEC 4.9's
   * `rtmp://<public host>:1935/<app>/<streamKey>`; the stand-in listens on a free port instead of
   * 1935, so the push keeps the service's path and only moves to the stand-in's address.
   */
  const pushUrl = (ingress: Ingress) => `rtmp://${new URL(standin.rtmpUrl).host}${new URL(String(ingress.rtmp_url)).pathname}`;
  /** Milliseconds from `since` until the service's GET says publishing, and until LiveKit's ingress_started reached the service. */
  const live = (app: string, id: string, since: number) =>
    Promise.all([
      eventually(async () => (await ingressOf(app, id)).status === "publishing", 30_000, `${id} publishing`).then(() => Date.now() - since),
      eventually(() => emitted("ingress_started", id).length > 0, 30_000, `ingress_started for ${id}`).then(() => Date.now() - since),
    ]).catch((err: Error) => {
      // Why it did not go live is in the stand-in's log (its refusals, ffmpeg's complaints).
      throw new Error(`${err.message}\nthe ingress stand-in's log:\n${standin.log()}`);
    });
  const trackTypes = async (room: string, identity: string) => (await participant(room, identity))?.tracks.map((tr) => TrackType[tr.type]).sort();
  /**
   * The room shows a participant's tracks once their media reaches it, a moment after the ingress
   * says publishing: within 30 s, as a browser's WHIP push on a machine busy with the rest of the
   * suite once took over 10 s to publish both.
   */
  const publishingBoth = async (room: string, identity: string) => {
    let seen: string[] | undefined;
    await eventually(async () => (seen = await trackTypes(room, identity))?.join() === "AUDIO,VIDEO", 30_000, `${identity} publishing audio and video in ${room}`).catch((err: Error) => {
      throw new Error(`${err.message}; it published ${JSON.stringify(seen)}`);
    });
  };

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit`, ingress: true });
    assert.ok(livekit.ingress);
    standin = livekit.ingress;
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_RTMP_PASSWORD_WINDOW_SECONDS: String(WINDOW_MS / 1000) });
    for (const name of ["push", "locked"]) assert.equal((await call("POST", "/api/v1/apps", { name })).status, 201);
    assert.equal((await call("PATCH", "/api/v1/apps/locked", { features: { rtmpPassword: true } })).status, 200);
  });
  after(async () => {
    await Promise.all(pushes.map((p) => p.stop()));
    await browser?.close();
    await server?.close();
    await livekit?.stop();
    await dispose();
  });

  it("goes live from an RTMP push of the service's URL, and ends with the push, the states and webhooks from LiveKit", { timeout: 120_000 }, async (t) => {
    const ingress = await create("push", { inputType: "rtmp", room: "stage", participantIdentity: "obs" });
    const id = ingress.ingressId;
    assert.equal(ingress.rtmp_url, `rtmp://127.0.0.1:1935/push/${ingress.streamKey}`);
    // LiveKit's own push URL for it is its rtmp_base_url (plus the key); the service does not hand that out.
    assert.equal((await lkIngress(id))?.url, standin.rtmpUrl);
    assert.equal(ingress.status, "inactive");

    const pushedAt = Date.now();
    const push = pushRtmp(pushUrl(ingress));
    pushes.push(push);
    const [toPublishing, toWebhook] = await live("push", id, pushedAt);
    t.diagnostic(`RTMP: push started -> GET says publishing ${toPublishing} ms, -> ingress_started at the service ${toWebhook} ms`);

    const info = await lkIngress(id);
    assert.equal(info?.state?.status, ENDPOINT_PUBLISHING);
    // The worker's own clock (same machine): when the push published, when it reported publishing.
    const ms = (ns: bigint | undefined) => Number((ns ?? 0n) / 1_000_000n);
    t.diagnostic(`RTMP: push started -> RTMP publish received ${ms(info.state.startedAt) - pushedAt} ms, -> ENDPOINT_PUBLISHING reported ${ms(info.state.updatedAt) - pushedAt} ms`);
    assert.ok(info?.state?.roomId.startsWith("RM_"), "the state names the room it publishes in");
    assert.equal(info?.state?.tracks.length, 2);
    const view = await ingressOf("push", id);
    assert.deepEqual([view.width, view.height], [640, 360]);
    const obs = await participant("push-stage", "obs");
    assert.equal(obs?.kind, KIND_INGRESS);
    await publishingBoth("push-stage", "obs");
    assert.deepEqual(await firstDecodedFrame(livekit.wsUrl, await watcherToken("push-stage"), "obs"), { width: 640, height: 360 });
    const [row] = (await activeStreams("push")).filter((s) => s.streamId === id);
    assert.deepEqual([row?.type, row?.room, row?.participant], ["rtmp", "push-stage", "obs"]);
    assert.equal(server.app.events.recent().filter((e) => e.event === "stream_started" && e.data["streamId"] === id).length, 1);

    const stoppedAt = Date.now();
    await push.stop();
    await eventually(() => emitted("ingress_ended", id).length > 0, 20_000, "ingress_ended");
    t.diagnostic(`RTMP: push stopped -> ingress_ended at the service ${Date.now() - stoppedAt} ms`);
    assert.equal((await ingressOf("push", id)).status, "inactive");
    assert.equal((await lkIngress(id))?.state?.error, "");
    await eventually(async () => (await participant("push-stage", "obs")) === undefined, 10_000, "the ingress's participant to leave");
    assert.ok(!(await activeStreams("push")).some((s) => s.streamId === id), "the stream row ended");
  });

  it("ends a live push when the ingress is disabled (LiveKit's UpdateIngress to the worker), and refuses pushes while it is", { timeout: 120_000 }, async () => {
    const ingress = await create("push", { inputType: "rtmp", room: "gate", participantIdentity: "obs-gate" });
    const id = ingress.ingressId;
    const push = pushRtmp(pushUrl(ingress));
    pushes.push(push);
    await live("push", id, Date.now());
    const disabled = await call("POST", `/api/v1/apps/push/ingress/${id}/disable`);
    assert.equal(disabled.status, 200, disabled.text);
    await eventually(() => emitted("ingress_ended", id).length > 0, 15_000, "ingress_ended after the disable");
    await eventually(() => push.exited(), 10_000, "the disabled push's connection to close");
    const view = await ingressOf("push", id);
    assert.deepEqual([view.status, view.enabled], ["inactive", false]);

    const again = pushRtmp(pushUrl(ingress));
    pushes.push(again);
    await eventually(() => again.exited(), 15_000, "the push to a disabled ingress to be refused");
    await eventually(async () => (await lkIngress(id))?.state?.status === ENDPOINT_ERROR, 10_000, "the refusal in LiveKit's state");
    assert.match(String((await lkIngress(id))?.state?.error), /disabled/);
    assert.equal((await ingressOf("push", id)).status, "error");
    assert.equal(await participant("push-gate", "obs-gate"), undefined);
  });

  it("with rtmpPassword, removes a push that does not validate within the window and keeps one that does", { timeout: 120_000 }, async (t) => {
    const silent = await create("locked", { inputType: "rtmp", room: "silent", participantIdentity: "obs-silent" });
    const proven = await create("locked", { inputType: "rtmp", room: "proven", participantIdentity: "obs-proven" });
    assert.ok(silent.requires_password && proven.requires_password);
    const silentPush = pushRtmp(pushUrl(silent));
    const provenPush = pushRtmp(pushUrl(proven));
    pushes.push(silentPush, provenPush);
    const started = (i: Ingress) => eventually(() => emitted("ingress_started", i.ingressId).length > 0, 30_000, `ingress_started for ${i.ingressId}`).then(() => Date.now());
    // Each window opened when its ingress_started reached the service, just before the test saw
    // it; the proven push validates as soon as it is seen live.
    const validate = async (at: number) => {
      const res = await call("POST", `/api/v1/apps/locked/ingress/${proven.ingressId}/validate`, { password: proven.stream_password });
      assert.equal(res.status, 200, res.text);
      return at;
    };
    const [startedAt, provenAt] = await Promise.all([started(silent), started(proven).then(validate)]);

    await eventually(() => emitted("ingress_unauthorized", silent.ingressId).length > 0, WINDOW_MS + 15_000, "ingress_unauthorized");
    const removedAfter = Date.now() - startedAt;
    t.diagnostic(`RTMP password: the unvalidated push was cut ${removedAfter} ms after its ingress_started reached the service (window ${WINDOW_MS} ms)`);
    assert.ok(removedAfter >= WINDOW_MS - 100, `cut after ${removedAfter} ms, before the window ended`);
    assert.deepEqual(emitted("ingress_unauthorized", silent.ingressId)[0]?.data, {
      ingressId: silent.ingressId,
      room: "locked-silent",
      participant: "obs-silent",
      windowSeconds: WINDOW_MS / 1000,
    });
    // Removing the participant ends LiveKit's ingress session: the worker reports the error,
    // LiveKit sends ingress_ended, and the publisher's RTMP connection is closed.
    await eventually(() => emitted("ingress_ended", silent.ingressId).length > 0, 15_000, "ingress_ended after the removal");
    const cut = await lkIngress(silent.ingressId);
    assert.equal(cut?.state?.status, ENDPOINT_ERROR);
    assert.match(String(cut?.state?.error), /room disconnected/);
    assert.equal((await ingressOf("locked", silent.ingressId)).status, "error");
    await eventually(() => silentPush.exited(), 10_000, "the unvalidated publisher's connection to close");
    assert.equal(await participant("locked-silent", "obs-silent"), undefined);

    await sleep(Math.max(0, provenAt + WINDOW_MS + 1500 - Date.now()));
    assert.deepEqual(emitted("ingress_unauthorized", proven.ingressId), []);
    assert.equal((await ingressOf("locked", proven.ingressId)).status, "publishing");
    assert.deepEqual(await trackTypes("locked-proven", "obs-proven"), ["AUDIO", "VIDEO"]);
    assert.ok(!provenPush.exited(), `the validated push still runs: ${provenPush.log()}`);
    await provenPush.stop();
  });

  it("goes live from a WHIP push of a real browser to the service's URL and stream key, and ends on the client's DELETE", { timeout: 120_000 }, async (t) => {
    const ingress = await create("push", { inputType: "whip", room: "desk", participantIdentity: "browser" });
    const id = ingress.ingressId;
    // The service hands out LiveKit's whip_base_url; a client posts to it plus the stream key.
    assert.equal(ingress.url, standin.whipUrl);
    assert.equal(ingress.rtmp_url, null);
    browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
    const page = await browser.newPage();
    // A loopback origin, so that the page's fetch to the loopback WHIP endpoint is a plain CORS request.
    await page.goto(`${server.url}/health`);

    const pushedAt = Date.now();
    const { location } = await publishWhip(page, `${ingress.url}/${ingress.streamKey}`);
    assert.ok(location.startsWith(`${standin.whipUrl}/${ingress.streamKey}/`), location);
    const [toPublishing, toWebhook] = await live("push", id, pushedAt);
    t.diagnostic(`WHIP: offer posted -> GET says publishing ${toPublishing} ms, -> ingress_started at the service ${toWebhook} ms`);

    assert.equal((await participant("push-desk", "browser"))?.kind, KIND_INGRESS);
    await publishingBoth("push-desk", "browser");
    assert.deepEqual(await firstDecodedFrame(livekit.wsUrl, await watcherToken("push-desk"), "browser"), { width: 320, height: 240 });
    const [row] = (await activeStreams("push")).filter((s) => s.streamId === id);
    assert.deepEqual([row?.type, row?.room, row?.participant], ["whip", "push-desk", "browser"]);

    const stoppedAt = Date.now();
    assert.equal(await stopWhip(page), 200);
    await eventually(() => emitted("ingress_ended", id).length > 0, 20_000, "ingress_ended");
    t.diagnostic(`WHIP: DELETE -> ingress_ended at the service ${Date.now() - stoppedAt} ms`);
    assert.equal((await ingressOf("push", id)).status, "inactive");
    await eventually(async () => (await participant("push-desk", "browser")) === undefined, 10_000, "the ingress's participant to leave");
  });
});
