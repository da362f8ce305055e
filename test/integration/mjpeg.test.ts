import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { VIEWER_STALL_MS } from "../../src/mjpeg/relays.ts";
import type { StreamView } from "../../src/streams/store.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { Camera, cameraApp, mintKey, MjpegViewer, testJpeg, upgradeStatus, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { metricValue, startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const PUBLIC = "features:\n  publicPlayback: true\n";
const RED = testJpeg("red");
const BLUE = testJpeg("blue");

describe("WebSocket MJPEG ingest", () => {
  let server: TestServer;
  const cameras: Camera[] = [];
  const viewers: MjpegViewer[] = [];
  const connect = async (key: MintedKey, via: "header" | "query" = "header") => {
    const camera = await Camera.connect(key, via);
    cameras.push(camera);
    return camera;
  };
  const watch = async (url: string) => {
    const viewer = await MjpegViewer.open(url);
    viewers.push(viewer);
    return viewer;
  };

  before(async () => {
    server = await startServer({
      SERVICE_PORT: String(await freePort()),
      SERVICE_ALLOW_SIGNUP: "on",
      ...UNREACHABLE_LIVEKIT,
    });
    await cameraApp(server, "cams", PUBLIC);
    await cameraApp(server, "tight", `${PUBLIC}ws_ingest:\n  max_frame_bytes: 4096\n  max_fps: 5\n  max_viewers: 1\n`);
    await cameraApp(server, "private");
  });
  after(async () => {
    for (const v of viewers) v.close();
    for (const c of cameras) c.ws.close();
    await server.close();
  });

  describe("camera keys", () => {
    it("mints a wsi_ id and a wsk_ key shown once, with every URL of SPEC 2.6", async () => {
      const key = await mintKey(server, "cams", "porch", "cam-1");
      assert.match(key.id, /^wsi_[0-9A-Za-z]+$/);
      assert.match(key.streamKey, /^wsk_[0-9A-Za-z]{42}$/);
      assert.equal(key.room, "cams-porch");
      assert.equal(key.identity, "cam-1");
      assert.equal(key.wsUrl, `ws://127.0.0.1:${server.port}/ingest/ws?app=cams&room=cams-porch`);
      assert.equal(key.mjpegUrl, `${server.url}/live/cams/cams-porch/mjpeg`);
      assert.equal(key.frameUrl, `${server.url}/live/cams/cams-porch/frame.jpg`);
      assert.equal(key.playerUrl, `${server.url}/play/cams/cams-porch`);
      assert.equal(key.embedUrl, `${server.url}/embed/cams/cams-porch`);
      const list = await server.request("GET", "/api/v1/apps/cams/ws-ingest", { token: server.rootToken });
      const row = dataOf<Array<Record<string, unknown>>>(list).find((r) => r["id"] === key.id);
      assert.ok(row, "the key is listed");
      assert.equal(row["streamKey"], undefined, "the key itself is never shown again");
      assert.equal(row["connected"], false);
    });

    it("validates room and identity as slugs of at most 64", async () => {
      for (const body of [{}, { room: "" }, { room: "x".repeat(65) }, { room: "Bad Room" }, { room: "ok", identity: "no spaces" }, { room: "ok", extra: 1 }]) {
        const res = await server.request("POST", "/api/v1/apps/cams/ws-ingest", { token: server.rootToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(errorOf(res).code, "validation_failed");
      }
    });

    it("counts keys against the tenant's max_concurrent_streams", async () => {
      const owner = await signup(server, "camera-owner@example.com", "Camera Team");
      const made = await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "quota-cams" } });
      assert.equal(made.status, 201, made.text);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await server.request("POST", "/api/v1/apps/quota-cams/ws-ingest", { token: owner, body: { room: `r${i}` } })).status);
      }
      assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429], "the free plan allows five streams");
    });

    it("lists live state once a camera streams: connected, fps, last frame, viewers, bytes", async () => {
      const key = await mintKey(server, "cams", "garden");
      const camera = await connect(key);
      await eventually(async () => (await server.request("GET", `/api/v1/apps/cams/ws-ingest/live/${key.room}`)).text.includes('"active":true'), 2000, "live");
      for (let i = 0; i < 12; i++) {
        camera.send(RED);
        await sleep(90);
      }
      const watcher = await watch(key.mjpegUrl);
      await watcher.until(() => watcher.parts.length >= 1);
      await sleep(300);
      const list = await server.request("GET", "/api/v1/apps/cams/ws-ingest", { token: server.rootToken });
      const row = dataOf<Array<Record<string, unknown>>>(list).find((r) => r["id"] === key.id) ?? {};
      assert.equal(row["connected"], true);
      assert.ok(Number(row["fps"]) >= 5 && Number(row["fps"]) <= 15, `fps ${row["fps"]}`);
      assert.ok(typeof row["lastFrameAt"] === "string" && Date.now() - Date.parse(row["lastFrameAt"]) < 2000, "last frame time is recent");
      assert.equal(row["viewers"], 1);
      assert.equal(row["framesIn"], 12);
      assert.equal(row["bytesIn"], 12 * RED.length);
    });
  });

  describe("device connection", () => {
    it("accepts the key as a Bearer header or as ?key=, and refuses anything else before the upgrade", async () => {
      const key = await mintKey(server, "cams", "gate");
      const other = await mintKey(server, "cams", "other-gate");
      const path = `/ingest/ws?app=cams&room=${key.room}`;
      assert.equal((await upgradeStatus(server.port, path)).status, 401, "no key");
      assert.equal((await upgradeStatus(server.port, path, { authorization: "Bearer wsk_nope" })).status, 401, "malformed key");
      assert.equal((await upgradeStatus(server.port, path, { authorization: `Bearer ${other.streamKey}` })).status, 401, "key of another room");
      assert.equal((await upgradeStatus(server.port, `/ingest/ws?app=nosuchapp&room=${key.room}`, { authorization: `Bearer ${key.streamKey}` })).status, 401, "unknown app");
      const bad = await upgradeStatus(server.port, "/ingest/ws?room=x");
      assert.equal(bad.status, 400, "app missing");
      assert.equal((JSON.parse(bad.body) as { error: { code: string } }).error.code, "validation_failed");
      const byQuery = await connect(key, "query");
      await byQuery.close();
      const byHeader = await connect(key, "header");
      await byHeader.close();
    });

    it("emits stream_started and stream_ended with type ws-mjpeg and keeps a stream row", async () => {
      const key = await mintKey(server, "cams", "hall", "hall-cam");
      const camera = await connect(key);
      const streamId = `${key.room}/hall-cam`;
      await eventually(() => server.app.events.recent().some((e) => e.event === "stream_started" && e.data["streamId"] === streamId), 2000, "stream_started");
      const started = server.app.events.recent().find((e) => e.event === "stream_started" && e.data["streamId"] === streamId);
      assert.deepEqual(started?.data, { streamId, room: key.room, type: "ws-mjpeg", participant: "hall-cam" });
      const rows = await server.request("GET", "/api/v1/apps/cams/streams", { token: server.rootToken });
      assert.ok((rows.json as StreamView[]).some((r) => r.streamId === streamId && r.type === "ws-mjpeg"), rows.text);
      await camera.close();
      await eventually(() => server.app.events.recent().some((e) => e.event === "stream_ended" && e.data["streamId"] === streamId), 2000, "stream_ended");
    });

    it("lets the same key take over its room (4009 to the old socket) and refuses another key's camera with 409", async () => {
      const key = await mintKey(server, "cams", "yard");
      const second = await mintKey(server, "cams", "yard", "spare");
      const first = await connect(key);
      first.send(RED);
      const busy = await upgradeStatus(server.port, `/ingest/ws?app=cams&room=${key.room}`, { authorization: `Bearer ${second.streamKey}` });
      assert.equal(busy.status, 409, busy.body);
      const startsBefore = server.app.events.recent().filter((e) => e.event === "stream_started" && e.room === key.room).length;
      const again = await connect(key);
      assert.equal((await first.closed).code, 4009);
      again.send(BLUE);
      const viewer = await watch(key.mjpegUrl);
      await viewer.until(() => viewer.parts.length >= 1);
      assert.deepEqual(viewer.parts[0]?.body, BLUE, "the new connection publishes");
      const startsAfter = server.app.events.recent().filter((e) => e.event === "stream_started" && e.room === key.room).length;
      assert.equal(startsAfter, startsBefore, "a takeover is not a new stream");
    });

    it("closes the live socket within a second of the key being revoked, and refuses the key afterwards", async () => {
      const key = await mintKey(server, "cams", "attic");
      const camera = await connect(key);
      const revokedAt = Date.now();
      const res = await server.request("DELETE", `/api/v1/apps/cams/ws-ingest/${key.id}`, { token: server.rootToken });
      assert.equal(res.status, 204);
      const closed = await camera.closed;
      assert.equal(closed.code, 4001);
      assert.ok(Date.now() - revokedAt < 1000, `closed after ${Date.now() - revokedAt} ms`);
      assert.equal((await upgradeStatus(server.port, `/ingest/ws?app=cams&room=${key.room}`, { authorization: `Bearer ${key.streamKey}` })).status, 401);
      assert.equal((await server.request("DELETE", `/api/v1/apps/cams/ws-ingest/${key.id}`, { token: server.rootToken })).status, 404);
    });

    it("closes the camera with 4003 when its stream is stopped through the streams API", async () => {
      const key = await mintKey(server, "cams", "cellar", "cellar-cam");
      const camera = await connect(key);
      camera.send(RED);
      const id = encodeURIComponent(`${key.room}/cellar-cam`);
      await eventually(async () => (await server.request("GET", `/api/v1/apps/cams/streams/${id}`, { token: server.rootToken })).text.includes('"active"'), 2000, "row");
      assert.equal((await server.request("DELETE", `/api/v1/apps/cams/streams/${id}`, { token: server.rootToken })).status, 204);
      assert.equal((await camera.closed).code, 4003);
    });
  });

  describe("frame validation", () => {
    it("drops and counts frames that are not JPEGs, too large or over the rate, and keeps streaming", async () => {
      const key = await mintKey(server, "tight", "lab");
      const camera = await connect(key);
      const before = {
        invalid: await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="invalid"}'),
        tooLarge: await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="too_large"}'),
        rate: await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="rate"}'),
      };
      camera.send(Buffer.from("not a jpeg at all"));
      camera.send("a text message");
      camera.send(Buffer.concat([RED.subarray(0, RED.length - 2), Buffer.from([0, 0])]));
      camera.send(testJpeg("green", 8000));
      for (let i = 0; i < 12; i++) camera.send(RED);
      await eventually(async () => (await metricValue(server, 'service_mjpeg_frames_in_total{app="tight"}')) >= 5, 2000, "frames in");
      await sleep(100);
      assert.equal(await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="invalid"}'), before.invalid + 3);
      assert.equal(await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="too_large"}'), before.tooLarge + 1);
      assert.ok((await metricValue(server, 'service_mjpeg_frames_dropped_total{app="tight",reason="rate"}')) >= before.rate + 6, "frames above max_fps are dropped");
      const live = await server.request("GET", `/api/v1/apps/tight/ws-ingest/live/${key.room}`);
      assert.equal(dataOf<{ active: boolean }>(live).active, true, "bad frames alone do not disconnect");
      await camera.close();
    });

    it("disconnects a camera that keeps sending non-JPEG frames with close code 4002", async () => {
      const key = await mintKey(server, "cams", "broken");
      const camera = await connect(key);
      for (let i = 0; i < 30; i++) camera.send(Buffer.from([1, 2, 3, 4, 5]));
      const closed = await camera.closed;
      assert.equal(closed.code, 4002);
      assert.match(closed.reason, /JPEG/);
    });
  });

  describe("playback", () => {
    it("gives a joining viewer the last frame at once, then every new frame, framed by Content-Length and boundary", async () => {
      const key = await mintKey(server, "cams", "lobby");
      const camera = await connect(key);
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "first frame");
      const viewer = await watch(key.mjpegUrl);
      assert.equal(viewer.status, 200);
      assert.equal(viewer.headers["content-type"], "multipart/x-mixed-replace; boundary=service-mjpeg-frame");
      assert.match(viewer.headers["cache-control"] ?? "", /no-store/);
      assert.match(viewer.headers["x-request-id"] ?? "", /^[0-9a-f]{12}-/, "the pipeline's headers reach a stream too");
      await viewer.until(() => viewer.parts.length >= 1, 1000);
      assert.deepEqual(viewer.parts[0]?.body, RED, "the last frame arrives without waiting for the camera");
      assert.equal(viewer.parts[0]?.headers["content-type"], "image/jpeg");
      assert.equal(viewer.parts[0]?.headers["content-length"], String(RED.length));
      camera.send(BLUE);
      await viewer.until(() => viewer.parts.some((p) => p.body.equals(BLUE)), 1000);
      assert.equal(viewer.error, undefined);
    });

    it("repeats the last frame after about a second of silence so a static scene keeps painting", async () => {
      const key = await mintKey(server, "cams", "still");
      const camera = await connect(key);
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "first frame");
      const viewer = await watch(key.mjpegUrl);
      await viewer.until(() => viewer.parts.length >= 3, 3500);
      assert.ok(viewer.parts.every((p) => p.body.equals(RED)), "repeats of the one frame");
    });

    it("serves frame.jpg from the last frame with a validator, 304 when unchanged, 404 when no camera is live", async () => {
      const key = await mintKey(server, "cams", "shed");
      assert.equal((await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status, 404);
      assert.equal((await server.request("GET", `/live/cams/${key.room}/mjpeg`)).status, 404);
      const camera = await connect(key);
      camera.send(BLUE);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
      const res = await fetch(key.frameUrl);
      const body = Buffer.from(await res.arrayBuffer());
      assert.deepEqual(body, BLUE);
      assert.equal(res.headers.get("content-type"), "image/jpeg");
      assert.match(res.headers.get("cache-control") ?? "", /no-cache/);
      const etag = res.headers.get("etag") ?? "";
      assert.ok(etag.length > 2, "an ETag");
      const again = await server.request("GET", `/live/cams/${key.room}/frame.jpg`, { headers: { "if-none-match": etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("content-length"), null, "a 304 carries no Content-Length");
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`, { headers: { "if-none-match": etag } })).status === 200, 2000, "new frame");
      await camera.close();
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 404, 2000, "404 after the camera left");
    });

    it("answers the public live check", async () => {
      const key = await mintKey(server, "cams", "roof");
      const check = async () => dataOf<Record<string, unknown>>(await server.request("GET", `/api/v1/apps/cams/ws-ingest/live/${key.room}`));
      assert.deepEqual(await check(), { active: false, type: "ws-mjpeg", room: key.room, mjpegUrl: key.mjpegUrl, frameUrl: key.frameUrl, variant: null });
      const camera = await connect(key);
      await eventually(async () => (await check())["active"] === true, 2000, "active");
      await camera.close();
      await eventually(async () => (await check())["active"] === false, 2000, "inactive");
      assert.equal((await server.request("GET", "/api/v1/apps/nosuchapp/ws-ingest/live/roof")).status, 404);
    });

    it("refuses a viewer beyond max_viewers with 503 and Retry-After", async () => {
      const key = await mintKey(server, "tight", "hall");
      const camera = await connect(key);
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/live/tight/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
      await watch(key.mjpegUrl);
      const second = await watch(key.mjpegUrl);
      assert.equal(second.status, 503);
      assert.equal(second.headers["retry-after"], "10");
    });

    it("needs a play token for the room when public playback is off", async () => {
      const key = await mintKey(server, "private", "vault");
      const camera = await connect(key);
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/api/v1/apps/private/ws-ingest/live/${key.room}`)).text.includes('"active":true'), 2000, "live");
      const noToken = await server.request("GET", `/live/private/${key.room}/frame.jpg`);
      assert.equal(noToken.status, 401);
      assert.match(errorOf(noToken).message, /token/);
      assert.equal((await server.request("GET", `/live/private/${key.room}/frame.jpg?token=not.a.jwt`)).status, 401);
      const mint = async (room: string) =>
        dataOf<{ token: string }>(await server.request("POST", "/api/v1/apps/private/tokens", { token: server.rootToken, body: { room, canPublish: false } })).token;
      assert.equal((await server.request("GET", `/live/private/${key.room}/frame.jpg?token=${await mint("private-elsewhere")}`)).status, 401, "a token for another room");
      const good = await mint(key.room);
      const frame = await server.request("GET", `/live/private/${key.room}/frame.jpg?token=${good}`);
      assert.equal(frame.status, 200);
      const viewer = await watch(`${key.mjpegUrl}?token=${good}`);
      await viewer.until(() => viewer.parts.length >= 1);
    });

    it("keeps slow viewers to one part in flight, keeps the others at full rate, and closes a stalled viewer", { timeout: 40_000 }, async () => {
      const key = await mintKey(server, "cams", "busy");
      // The gauge is per app: what the app's other rooms hold stays out of this room's bound.
      const others = await metricValue(server, 'service_mjpeg_buffered_bytes{app="cams"}');
      const camera = await connect(key);
      const big = testJpeg("white", 200_000);
      camera.send(big);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
      const stalled = await watch(key.mjpegUrl);
      stalled.socket.pause();
      const healthy = await watch(key.mjpegUrl);
      let sent = 0;
      const started = Date.now();
      const feed = setInterval(() => {
        camera.send(big);
        sent++;
      }, 33);
      try {
        // A paused reader fills the kernel buffers within a few seconds; then the server holds it.
        await sleep(4000);
        const held = (await metricValue(server, 'service_mjpeg_buffered_bytes{app="cams"}')) - (Number.isNaN(others) ? 0 : others);
        // The newest part, the stalled viewer's part in flight, and the room's spare buffer (12.5 % headroom, 4 KiB pages).
        const part = big.length + 200;
        assert.ok(held <= 2 * part + Math.ceil((part * 1.125) / 4096) * 4096, `held ${held} bytes (parts of ${part}): at most the newest part, one in flight and one spare`);
        assert.ok(healthy.parts.length >= sent * 0.9, `healthy viewer got ${healthy.parts.length} of ${sent} frames`);
        // The paused client cannot see the close; the server's count shows it.
        // Filling the kernel's socket buffers takes a few seconds (longer on a busy machine), then VIEWER_STALL_MS without progress.
        await eventually(async () => (await metricValue(server, 'service_mjpeg_viewers_evicted_total{app="cams"}')) >= 1, 25_000, "eviction");
        const waited = Date.now() - started;
        assert.ok(waited >= VIEWER_STALL_MS, `stalled viewer closed after ${waited} ms, not before the stall limit`);
        stalled.socket.resume();
        await stalled.ended;
        const before = healthy.parts.length;
        await sleep(300);
        assert.ok(healthy.parts.length > before, "the healthy viewer keeps receiving");
        assert.ok((await metricValue(server, 'service_mjpeg_frames_skipped_total{app="cams"}')) > 0, "the stalled viewer's skipped frames are counted");
        assert.equal(healthy.error, undefined);
      } finally {
        clearInterval(feed);
      }
    });

    it("reports viewers per room in service_stream_viewers", async () => {
      const key = await mintKey(server, "cams", "metered");
      const camera = await connect(key);
      camera.send(RED);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
      const a = await watch(key.mjpegUrl);
      await watch(key.mjpegUrl);
      const series = `service_stream_viewers{app="cams",room="${key.room}"}`;
      await eventually(async () => (await metricValue(server, series)) === 2, 2000, "2 viewers");
      a.close();
      await eventually(async () => (await metricValue(server, series)) === 1, 2000, "1 viewer");
    });
  });

  it("ends camera streams when the app is deleted", async () => {
    await cameraApp(server, "doomed", PUBLIC);
    const key = await mintKey(server, "doomed", "x");
    const camera = await connect(key);
    assert.equal((await server.request("DELETE", "/api/v1/apps/doomed", { token: server.rootToken })).status, 200);
    assert.equal((await camera.closed).code, 4003);
  });
});

describe("WebSocket MJPEG ingest at shutdown", () => {
  it("closes cameras with 1001 and ends viewers' streams", async () => {
    const server = await startServer({ SERVICE_PORT: String(await freePort()) });
    await cameraApp(server, "cams", PUBLIC);
    const key = await mintKey(server, "cams", "door");
    const camera = await Camera.connect(key);
    camera.send(RED);
    await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
    const viewer = await MjpegViewer.open(key.mjpegUrl);
    await server.close();
    assert.equal((await camera.closed).code, 1001);
    await viewer.ended;
  });
});

describe("WebSocket MJPEG ingest on an idle hub", () => {
  it("ticks only while a room exists, and picks up the clock and repeats when the next camera comes", async () => {
    const server = await startServer({ SERVICE_PORT: String(await freePort()) });
    try {
      await cameraApp(server, "cams", PUBLIC);
      const key = await mintKey(server, "cams", "porch");
      const first = await Camera.connect(key);
      first.send(RED);
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 200, 2000, "frame");
      await first.close();
      // No viewers: the room retires at once and the hub's ticker stops with it.
      await eventually(async () => (await server.request("GET", `/live/cams/${key.room}/frame.jpg`)).status === 404, 2000, "room retired");
      await sleep(1500);
      const reconnectedAt = Date.now();
      const second = await Camera.connect(key);
      try {
        // The camera's row is written as it connects, in the background (a moment longer on PostgreSQL).
        const rowOf = async () => ((await server.request("GET", "/api/v1/apps/cams/streams", { token: server.rootToken })).json as StreamView[]).find((r) => r.streamId === `${key.room}/camera-${key.room}`);
        await eventually(async () => (await rowOf()) !== undefined, 5000, "the camera's stream row");
        const row = (await rowOf()) ?? assert.fail("no stream row");
        assert.ok(Date.parse(row.startedAt) >= Math.floor(reconnectedAt / 1000) * 1000, `startedAt ${row.startedAt} is from the clock before the pause`);
        second.send(RED);
        const viewer = await MjpegViewer.open(key.mjpegUrl);
        await viewer.until(() => viewer.parts.length >= 3, 3500);
        viewer.close();
      } finally {
        second.ws.close();
      }
    } finally {
      await server.close();
    }
  });
});
