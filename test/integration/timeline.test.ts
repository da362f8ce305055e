import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { TimelineEntry } from "../../src/timeline/schemas.ts";
import { dataOf } from "../helpers/envelope.ts";
import { probeVideo } from "../helpers/llhls.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Segment = Extract<TimelineEntry, { kind: "segment" }>;

/**
 * The camera timeline's continuous recording (issue 34), against a real RTSP camera: with
 * `timeline` on, a pulled camera is recorded in segments of `segment_seconds` (2 here) that meet
 * end to end, each a file of the camera's own video and a row; the camera away is a gap in the
 * room's timeline; a room turned off in `timeline.rooms` records nothing.
 */
describe("camera timeline: continuous recording of a pulled camera", { timeout: 120_000 }, () => {
  let server: TestServer;
  const cameras: RtspCamera[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/tline${p}`, { token: server.rootToken, body });
  const timeline = async (room: string, since: string): Promise<TimelineEntry[]> => {
    const res = await call("GET", `/cameras/${room}/timeline?since=${encodeURIComponent(since)}`);
    assert.equal(res.status, 200, res.text);
    return dataOf<TimelineEntry[]>(res);
  };
  const segments = (entries: TimelineEntry[]) => entries.filter((e): e is Segment => e.kind === "segment");
  const pulled = async (room: string): Promise<string> => {
    const cam = await startRtspCamera({ codec: "h264", size: "320x180", fps: 15, gop: 15 });
    cameras.push(cam);
    const res = await call("POST", "/ingress", { inputType: "url", url: cam.url, room });
    assert.equal(res.status, 201, res.text);
    const id = dataOf<{ ingressId: string }>(res).ingressId;
    await eventually(async () => dataOf<{ camera: { state: string } }>(await call("GET", `/ingress/${id}`)).camera.state === "live", 20_000, "the camera to be live");
    return id;
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "tline", "timeline:\n  enabled: true\n  segment_seconds: 2\n  rooms:\n    quiet:\n      enabled: false\n");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
  });

  it("records segments end to end, each a file of the camera's own video; the camera away is a gap", async () => {
    const since = new Date().toISOString();
    const id = await pulled("door");
    await eventually(async () => segments(await timeline("door", since)).length >= 3, 20_000, "three segments");
    const first = segments(await timeline("door", since));
    for (const s of first) {
      assert.deepEqual([s.codec, s.width, s.height], ["h264", 320, 180]);
      assert.ok(s.durationS >= 1.9 && s.durationS <= 4, `a segment of ${s.durationS} s (2 s, cut at the next 1 s keyframe)`);
      assert.ok(s.bytes > 1000);
    }
    for (let i = 1; i < first.length; i++) {
      const gapMs = Date.parse(first[i]!.start) - Date.parse(first[i - 1]!.end);
      assert.ok(Math.abs(gapMs) < 1000, `segments ${i - 1} and ${i} meet (${gapMs} ms apart)`);
    }
    // Events (the camera connecting) sit among the segments by start; the stretches are what meet.
    const kinds = (await timeline("door", since)).map((e) => e.kind).filter((k) => k !== "event");
    const within = kinds.slice(kinds.indexOf("segment"), kinds.lastIndexOf("segment") + 1);
    assert.ok(within.length >= 3 && within.every((k) => k === "segment"), `no gap between segments of one connection: ${kinds.join(" ")}`);
    // Each segment is a file of the camera's H.264, copied.
    const folder = path.join(server.dataDir, "apps", "tline", "timeline");
    const files = readdirSync(folder).filter((f) => f.startsWith("tline-door-")).sort();
    assert.ok(files.length >= 3, files.join(" "));
    const video = await probeVideo(path.join(folder, files[0] as string));
    assert.deepEqual([video.codec_name, video.width, video.height], ["h264", 320, 180]);

    // Away for 4 s: its segment ends there, and the timeline shows the gap.
    assert.equal((await call("POST", `/ingress/${id}/disable`)).status, 200);
    await sleep(4000);
    assert.equal((await call("POST", `/ingress/${id}/enable`)).status, 200);
    const before = segments(await timeline("door", since)).length;
    await eventually(async () => segments(await timeline("door", since)).length >= before + 2, 20_000, "segments after the camera came back");
    const gaps = (await timeline("door", since)).filter((e) => e.kind === "gap" && e.start !== since);
    assert.ok(gaps.some((g) => g.durationS >= 3), `a gap while the camera was away: ${JSON.stringify(gaps)}`);
    // Paged one segment at a time, the gap comes first on the page of the segment after it.
    const all = segments(await timeline("door", since));
    const after = all.findIndex((s, i) => i > 0 && Date.parse(s.start) - Date.parse(all[i - 1]!.end) >= 3000);
    const page = await call("GET", `/cameras/door/timeline?since=${encodeURIComponent(since)}&limit=1&offset=${after}`);
    assert.deepEqual(dataOf<TimelineEntry[]>(page).map((e) => e.kind).filter((k) => k !== "event"), ["gap", "segment"], page.text);
  });

  it("records nothing for a room its config turns off", async () => {
    const since = new Date().toISOString();
    await pulled("quiet");
    await sleep(4000);
    const entries = await timeline("quiet", since);
    assert.deepEqual(entries.map((e) => e.kind), ["gap"], "one gap: the whole range");
  });

  it("writes nothing for an app deleted while its camera records: the name can be taken again at once", async () => {
    const deleted = await server.request("DELETE", "/api/v1/apps/tline", { token: server.rootToken });
    assert.ok(deleted.status === 200 || deleted.status === 204, deleted.text);
    // The last segment ends as the camera stops; a row for it would bring the database back.
    await sleep(3000);
    const again = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "tline" } });
    assert.equal(again.status, 201, again.text);
    const res = await call("GET", `/cameras/door/timeline`);
    assert.deepEqual(dataOf<TimelineEntry[]>(res).map((e) => e.kind), ["gap"], "the new app has no timeline");
  });

  it("refuses a range that ends before it starts, or spans more than 31 days", async () => {
    const backwards = await call("GET", "/cameras/door/timeline?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z");
    assert.equal(backwards.status, 400, backwards.text);
    assert.equal(JSON.parse(backwards.text).error.code, "validation_failed");
    const long = await call("GET", "/cameras/door/timeline?since=2026-01-01T00:00:00Z&until=2026-03-01T00:00:00Z");
    assert.equal(long.status, 400, long.text);
  });
});
