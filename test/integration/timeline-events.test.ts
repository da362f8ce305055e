import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { EmittedEvent } from "../../src/events/dispatcher.ts";
import type { EventEntry, TimelineEntry } from "../../src/timeline/schemas.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const ASTRONAUT = readFileSync(new URL("../fixtures/astronaut.jpg", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CONFIG = `
timeline:
  enabled: true
  segment_seconds: 2
  events:
    labels: [person]
    min_score: 0.3
    merge_seconds: 10
    cooldown_seconds: 600
  motion:
    enabled: true
    fps: 4
    min_area: 0.01
  rooms:
    porch:
      motion:
        enabled: false
`;

/**
 * The camera timeline's events (issue 34), on real cameras: a WebSocket camera flickering is
 * motion, one showing the shipped picture of a person is a `person` event from yolo, a pulled
 * RTSP camera's moving ball is motion; cameras connecting and leaving are events; each begun
 * event is a `camera_event` (alert) once per cooldown, with a thumbnail the API serves.
 */
describe("camera timeline: events from detections, motion and connections", { timeout: 180_000 }, () => {
  let server: TestServer;
  const cameras: Camera[] = [];
  const timers: NodeJS.Timeout[] = [];
  let rtsp: RtspCamera | undefined;
  const since = new Date(Date.now() - 1000).toISOString();
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/watch${p}`, { token: server.rootToken, body });
  const events = async (room: string, query = ""): Promise<EventEntry[]> => {
    const res = await call("GET", `/cameras/${room}/events?since=${encodeURIComponent(since)}${query}`);
    assert.equal(res.status, 200, res.text);
    return dataOf<EventEntry[]>(res);
  };
  const announced = (room: string): EmittedEvent[] => server.app.events.recent().filter((e) => e.app === "watch" && e.event === "camera_event" && e.room === `watch-${room}`);
  /** A WebSocket camera in the room sending `frame(i)` ten times a second. */
  const camera = async (room: string, frame: (i: number) => Buffer): Promise<Camera> => {
    const cam = await Camera.connect(await mintKey(server, "watch", room));
    cameras.push(cam);
    let i = 0;
    timers.push(setInterval(() => cam.send(frame(i++)), 100));
    return cam;
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "watch", CONFIG);
  });
  after(async () => {
    for (const t of timers) clearInterval(t);
    for (const c of cameras) await c.close();
    await rtsp?.stop();
    await server?.close();
  });

  it("a flickering camera is one motion event with a box and a thumbnail; its connecting and leaving are events", async () => {
    const black = testJpeg("black", 0, "160x90");
    const white = testJpeg("white", 0, "160x90");
    // A still second, three of flicker, then a still picture: one motion event that ends.
    const cam = await camera("yard", (i) => (i >= 10 && i < 40 && i % 2 === 1 ? white : black));
    let seen: EventEntry[] = [];
    await eventually(async () => (seen = await events("yard")).some((e) => e.source === "motion" && e.durationS >= 0.5), 30_000, "a motion event of over half a second").catch((err: Error) => {
      throw new Error(`${err.message}; events: ${JSON.stringify(seen)}`);
    });
    await sleep(4000);
    const motion = (await events("yard")).filter((e) => e.source === "motion");
    assert.equal(motion.length, 1, JSON.stringify(motion));
    const [m] = motion as [EventEntry];
    assert.equal(m.label, "motion");
    assert.ok(m.score > 0.9, `the whole picture moved: ${m.score}`);
    assert.deepEqual(m.box?.map((v) => Math.round(v * 10) / 10), [0, 0, 1, 1]);
    assert.ok(m.durationS >= 0.5 && m.durationS <= 3.5, `${m.durationS} s of motion`);
    assert.ok(m.thumbnailUrl, "a motion event has a thumbnail");
    const thumb = await fetch(`${server.url}${m.thumbnailUrl}`, { headers: { authorization: `Bearer ${server.rootToken}` } });
    assert.equal(thumb.status, 200);
    assert.equal(thumb.headers.get("content-type"), "image/jpeg");
    assert.equal(Buffer.from(await thumb.arrayBuffer()).subarray(0, 2).toString("hex"), "ffd8", "a JPEG");

    const [connected] = (await events("yard")).filter((e) => e.source === "connection");
    assert.deepEqual([connected?.label, connected?.thumbnailUrl, connected?.durationS], ["connected", null, 0]);
    await cam.close();
    await eventually(async () => (await events("yard", "&label=disconnected")).length === 1, 10_000, "a disconnected event");
    assert.deepEqual((await events("yard", "&label=connected,disconnected")).map((e) => e.label), ["connected", "disconnected"]);

    // Each began as a camera_event, with the documented payload.
    const sent = announced("yard");
    assert.deepEqual(sent.map((e) => e.data["label"]).sort(), ["connected", "disconnected", "motion"]);
    const motionEvent = sent.find((e) => e.data["label"] === "motion");
    assert.deepEqual(Object.keys(motionEvent?.data ?? {}).sort(), ["box", "eventId", "kind", "label", "room", "score", "start", "thumbnailUrl"]);
    assert.equal(motionEvent?.data["eventId"], m.id);
  });

  it("masks and a room's own settings keep motion out", async () => {
    const black = testJpeg("black", 0, "160x90");
    const white = testJpeg("white", 0, "160x90");
    await camera("porch", (i) => (i % 2 === 1 ? white : black));
    const masked = CONFIG.replace("    porch:\n      motion:\n        enabled: false\n", "    porch:\n      motion:\n        masks: [[0, 0, 1, 1]]\n");
    await sleep(3000);
    assert.deepEqual((await events("porch")).map((e) => e.source), ["connection"], "motion is off for the room");
    assert.equal((await call("PUT", "/config/raw", { yaml: masked })).status, 200);
    await sleep(3000);
    assert.deepEqual((await events("porch")).map((e) => e.source), ["connection"], "the whole picture is masked");
    assert.equal((await call("PUT", "/config/raw", { yaml: CONFIG.replace("    porch:\n      motion:\n        enabled: false\n", "    porch: {}\n") })).status, 200);
    await eventually(async () => (await events("porch")).some((e) => e.source === "motion"), 10_000, "motion once the mask is gone");
    assert.equal((await call("PUT", "/config/raw", { yaml: CONFIG })).status, 200);
  });

  it("yolo's person is a person event with its box and thumbnail, announced once per cooldown", { timeout: 90_000 }, async () => {
    await camera("door", () => ASTRONAUT);
    assert.equal((await call("POST", "/plugins/yolo/install")).status, 200);
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: true, config: { fps: 4, classes: "person" } })).status, 200);
    await eventually(async () => (await events("door", "&label=person")).some((e) => e.thumbnailUrl !== null), 60_000, "a person event with a thumbnail");
    const [person] = await events("door", "&label=person");
    assert.ok(person && person.source === "object" && person.score >= 0.3, JSON.stringify(person));
    assert.ok(person.box && person.box[2] > 0.3 && person.box[3] > 0.5, `the person's box: ${JSON.stringify(person.box)}`);
    const thumb = await server.request("GET", person.thumbnailUrl as string, { token: server.rootToken });
    assert.equal(thumb.status, 200);
    // The person is seen again and again: the event goes on, and is announced once.
    // Its end is written every 2 s of sightings, which come slower on a busy machine.
    let still: Awaited<ReturnType<typeof events>> = [];
    await eventually(async () => {
      still = await events("door", "&label=person");
      return (still[0]?.durationS ?? 0) >= 2;
    }, 20_000, "the event to go on").catch((err: Error) => assert.fail(`${err.message}: ${JSON.stringify(still)}`));
    assert.equal(still.length, 1, JSON.stringify(still));
    assert.equal(announced("door").filter((e) => e.data["label"] === "person").length, 1);
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: false })).status, 200);
  });

  it("a pulled camera's moving ball is motion, and the timeline shows its events among its segments", { timeout: 60_000 }, async () => {
    rtsp = await startRtspCamera({ size: "320x180", fps: 10, gop: 10 });
    const res = await call("POST", "/ingress", { inputType: "url", url: rtsp.url, room: "drive" });
    assert.equal(res.status, 201, res.text);
    await eventually(async () => (await events("drive")).some((e) => e.source === "motion"), 30_000, "motion on the pulled camera");
    await eventually(async () => {
      const kinds = dataOf<TimelineEntry[]>(await call("GET", `/cameras/drive/timeline?since=${encodeURIComponent(since)}`)).map((e) => e.kind);
      return kinds.includes("segment") && kinds.includes("event");
    }, 20_000, "segments and events in the timeline");
    const entries = dataOf<TimelineEntry[]>(await call("GET", `/cameras/drive/timeline?since=${encodeURIComponent(since)}`));
    const starts = entries.map((e) => e.start);
    assert.deepEqual(starts, [...starts].sort(), "entries in order of start");
  });

  it("answers 404 for an event of another room or none, and 400 for a bad range", async () => {
    const [yard] = await events("yard");
    assert.ok(yard);
    const other = await call("GET", `/cameras/door/events/${yard.id}/thumbnail`);
    assert.equal(other.status, 404);
    assert.equal(errorOf(other).code, "not_found");
    assert.equal((await call("GET", "/cameras/yard/events/999999/thumbnail")).status, 404);
    const connection = (await events("yard")).find((e) => e.source === "connection");
    const none = await call("GET", `/cameras/yard/events/${connection?.id}/thumbnail`);
    assert.equal(none.status, 404);
    assert.match(errorOf(none).message, /no picture/);
    assert.equal((await call("GET", "/cameras/yard/events/abc/thumbnail")).status, 400);
    const backwards = await call("GET", "/cameras/yard/events?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z");
    assert.equal(backwards.status, 400);
    assert.equal(errorOf(backwards).code, "validation_failed");
  });
});
