import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { TimelineEntry } from "../../src/timeline/schemas.ts";
import { timelineStore, type SegmentRow } from "../../src/timeline/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { runTool } from "../helpers/exec.ts";
import { fmp4Stream, probeVideo } from "../helpers/llhls.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Segment = Extract<TimelineEntry, { kind: "segment" }>;

const CONFIG = "timeline:\n  enabled: true\n  segment_seconds: 2\n  rooms:\n    quiet:\n      enabled: false\n";
const SIZE = "320x240";

/** A file's duration as ffprobe reads it off its container. */
async function durationOf(file: string): Promise<number> {
  const result = await runTool("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  assert.equal(result.code, 0, result.stderr);
  return Number(result.stdout.toString().trim());
}

/**
 * The camera timeline's continuous recording of WebSocket MJPEG cameras (issue 34), with a real
 * camera on the WebSocket ingest sending JPEGs ten times a second, real ffmpeg and ffprobe, and
 * a real MinIO: segments of `segment_seconds` (2 here) that meet end to end, each a fragmented
 * MP4 of H.264 at the camera's size and about its length; the camera away is a gap; a room
 * turned off records nothing; a config change takes effect within a second; rows go to S3 like
 * a pulled camera's; a deleted app gets no rows.
 */
describe("camera timeline: continuous recording of a WebSocket camera", { timeout: 240_000 }, () => {
  let server: TestServer;
  let minio: Minio;
  const cameras: Array<{ cam: Camera; timer: NodeJS.Timeout }> = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/tmj${p}`, { token: server.rootToken, body });
  const timeline = async (room: string, since: string): Promise<TimelineEntry[]> => {
    const res = await call("GET", `/cameras/${room}/timeline?since=${encodeURIComponent(since)}`);
    assert.equal(res.status, 200, res.text);
    return dataOf<TimelineEntry[]>(res);
  };
  const segments = async (room: string, since: string) => (await timeline(room, since)).filter((e): e is Segment => e.kind === "segment");
  const rows = async (): Promise<SegmentRow[]> => timelineStore(server.app.databases.appSql("tmj")).oldest(undefined, undefined, 1000);
  const config = async (yaml: string) => assert.equal((await call("PUT", "/config/raw", { yaml })).status, 200);
  /** A WebSocket camera in the room, sending a JPEG of SIZE ten times a second, in colours that change. */
  const camera = async (room: string): Promise<{ cam: Camera; timer: NodeJS.Timeout }> => {
    const frames = ["red", "green", "blue", "yellow"].map((c) => testJpeg(c, 0, SIZE));
    const cam = await Camera.connect(await mintKey(server, "tmj", room));
    let i = 0;
    const entry = { cam, timer: setInterval(() => cam.send(frames[Math.floor(i++ / 5) % frames.length] as Buffer), 100) };
    cameras.push(entry);
    return entry;
  };
  const leave = async (entry: { cam: Camera; timer: NodeJS.Timeout }) => {
    clearInterval(entry.timer);
    await entry.cam.close();
  };

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("tmj");
    // MinIO listens on loopback, which outbound requests may reach only when allowed.
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "tmj", CONFIG);
  });
  after(async () => {
    for (const c of cameras) clearInterval(c.timer);
    for (const c of cameras) await c.cam.close().catch(() => undefined);
    await server?.close();
    await minio?.close();
  });

  it("records segments end to end, each a fragmented MP4 of H.264 at the camera's size; the camera away is a gap", async (t) => {
    const since = new Date().toISOString();
    const first = await camera("door");
    await eventually(async () => (await segments("door", since)).length >= 3, 40_000, "three segments");
    const recorded = (await segments("door", since)).slice(0, 3);
    for (const s of recorded) {
      assert.deepEqual([s.codec, s.width, s.height, s.node], ["h264", 320, 240, server.app.config.node.id]);
      assert.ok(s.durationS >= 1.9 && s.durationS <= 3.5, `a segment of ${s.durationS} s (2 s, cut by a timer)`);
      assert.ok(s.bytes > 1000, `${s.bytes} bytes`);
    }
    const apart = recorded.slice(1).map((s, i) => Date.parse(s.start) - Date.parse(recorded[i]!.end));
    for (const [i, apartMs] of apart.entries()) assert.ok(apartMs >= 0 && apartMs < 250, `segments ${i} and ${i + 1} meet (${apartMs} ms apart)`);
    // Each row's file: a fragmented MP4 (init, then fragments) of H.264 that ffprobe reads at the row's size and length.
    const byId = new Map((await rows()).map((r) => [r.id, r]));
    const rates: number[] = [];
    for (const s of recorded) {
      const row = byId.get(s.id);
      assert.ok(row && path.basename(row.local_path).startsWith("tmj-door-"), row?.local_path);
      const { init, fragments } = fmp4Stream(readFileSync(row.local_path));
      assert.deepEqual([init.width, init.height], [320, 240]);
      assert.ok(fragments.length >= 1, `${fragments.length} fragments`);
      const video = await probeVideo(row.local_path);
      assert.deepEqual([video.codec_name, video.width, video.height], ["h264", 320, 240]);
      const seconds = await durationOf(row.local_path);
      assert.ok(Math.abs(seconds - s.durationS) < 0.5, `the file holds ${seconds} s of a ${s.durationS} s segment`);
      rates.push(Number(video.nb_read_frames) / seconds);
    }
    t.diagnostic(`segments of ${recorded.map((s) => s.durationS).join(", ")} s, ${apart.join(", ")} ms apart, encoded at ${rates.map((r) => r.toFixed(1)).join(", ")} frames a second`);
    // The first segment is encoded at the recording path's 15 fps; the next at the camera's own 10 (or less, on a loaded machine).
    assert.ok(rates.every((r) => r <= 16), `frames a second: ${rates.join(", ")}`);
    assert.ok((rates[2] ?? 99) <= 12.5, `the third segment at the camera's rate: ${rates.join(", ")}`);

    // Away for 4 s: its segment ends there, and the timeline shows the gap.
    await leave(first);
    await sleep(4000);
    const before = (await segments("door", since)).length;
    await camera("door");
    await eventually(async () => (await segments("door", since)).length >= before + 2, 30_000, "segments after the camera came back");
    const all = await segments("door", since);
    const gapAt = all.findIndex((s, i) => i > 0 && Date.parse(s.start) - Date.parse(all[i - 1]!.end) >= 3000);
    assert.ok(gapAt > 0, `a stretch of over 3 s with no segment: ${JSON.stringify(all.map((s) => [s.start, s.end]))}`);
    const gaps = (await timeline("door", since)).filter((e) => e.kind === "gap" && e.start !== since);
    assert.ok(gaps.some((g) => g.durationS >= 3), `a gap while the camera was away: ${JSON.stringify(gaps)}`);
  });

  it("records nothing for a room its config turns off", async () => {
    const since = new Date().toISOString();
    await camera("quiet");
    await sleep(4000);
    assert.deepEqual((await timeline("quiet", since)).filter((e) => e.kind !== "event").map((e) => e.kind), ["gap"], "one gap: the whole range");
    const folder = path.join(server.dataDir, "apps", "tmj", "timeline");
    assert.deepEqual(readdirSync(folder).filter((f) => f.startsWith("tmj-quiet-")), [], "no file for the room");
  });

  it("takes a config change within a second: off ends the segment, a new length applies to the next", async () => {
    await eventually(async () => (await rows()).some((r) => r.room === "tmj-door" && Date.now() - Date.parse(r.ended_at) < 3000), 20_000, "the door recording");
    await config("timeline:\n  enabled: true\n  segment_seconds: 2\n  rooms:\n    door:\n      enabled: false\n");
    const offAt = Date.now();
    // The segment being written ends within the next tick, with its row.
    await eventually(async () => (await rows()).some((r) => r.room === "tmj-door" && Date.parse(r.ended_at) >= offAt - 100), 10_000, "the last segment's row");
    const last = (await rows()).filter((r) => r.room === "tmj-door").at(-1);
    assert.ok(last && Date.parse(last.ended_at) - offAt < 1500, `ended ${last ? Date.parse(last.ended_at) - offAt : "?"} ms after the change`);
    const count = (await rows()).filter((r) => r.room === "tmj-door").length;
    await sleep(3000);
    assert.equal((await rows()).filter((r) => r.room === "tmj-door").length, count, "nothing recorded while off");

    const onAt = Date.now();
    await config("timeline:\n  enabled: true\n  segment_seconds: 3\n");
    await eventually(async () => (await rows()).filter((r) => r.room === "tmj-door" && Date.parse(r.started_at) >= onAt).length >= 2, 30_000, "3 s segments");
    const again = (await rows()).filter((r) => r.room === "tmj-door" && Date.parse(r.started_at) >= onAt);
    assert.ok(Date.parse(again[0]!.started_at) - onAt < 1500, `on again ${Date.parse(again[0]!.started_at) - onAt} ms after the change`);
    const seconds = (Date.parse(again[0]!.ended_at) - Date.parse(again[0]!.started_at)) / 1000;
    assert.ok(seconds >= 2.9 && seconds <= 4.5, `a segment of ${seconds} s`);
  });

  it("uploads the segments to the app's S3 like a pulled camera's: the row keyed, the file gone", async () => {
    const s3 = { provider: "s3-compatible", bucket: "tmj", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey, prefix: "t/" };
    assert.equal((await call("PUT", "/s3", s3)).status, 200);
    // Segments written before S3 was set are uploaded by the pruner's sweeps, later ones at once.
    await eventually(async () => (await rows()).filter((r) => r.object_key !== null).length >= 3, 90_000, "three segments uploaded");
    const keys = await minio.keys("tmj");
    for (const row of (await rows()).filter((r) => r.object_key !== null).slice(0, 3)) {
      assert.equal(row.object_key, `t/tmj/timeline/${path.basename(row.local_path)}`);
      assert.ok(keys.includes(row.object_key ?? ""), `${row.object_key} is in the bucket`);
      // The row is keyed before the file goes (no moment has the segment nowhere): the file goes just after.
      await eventually(async () => !existsSync(row.local_path), 10_000, `${row.local_path} to be gone once uploaded`);
    }
  });

  it("writes nothing for an app deleted while its camera records: the name can be taken again at once", async () => {
    // An app of its own, without S3: nothing of the uploads above is in flight for it.
    await cameraApp(server, "tmjgone", CONFIG);
    const cam = await Camera.connect(await mintKey(server, "tmjgone", "door"));
    const timer = setInterval(() => cam.send(testJpeg("red", 0, SIZE)), 100);
    cameras.push({ cam, timer });
    const gone = (p: string) => server.request("GET", `/api/v1/apps/tmjgone${p}`, { token: server.rootToken });
    await eventually(async () => dataOf<TimelineEntry[]>(await gone("/cameras/door/timeline")).some((e) => e.kind === "segment"), 30_000, "a segment");
    const deleted = await server.request("DELETE", "/api/v1/apps/tmjgone", { token: server.rootToken });
    assert.ok(deleted.status === 200 || deleted.status === 204, deleted.text);
    // The last segment ends as the camera is closed; a row for it would bring the database back.
    await sleep(3000);
    const again = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "tmjgone" } });
    const folder = path.join(server.dataDir, "apps", "tmjgone");
    const left = existsSync(folder) ? readdirSync(folder, { recursive: true }) : [];
    assert.equal(again.status, 201, `${again.text}; left in the folder: ${left.join(" ")}`);
    assert.deepEqual(dataOf<TimelineEntry[]>(await gone("/cameras/door/timeline")).map((e) => e.kind), ["gap"], "the new app has no timeline");
  });
});
