import assert from "node:assert/strict";
import { existsSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { ThumbnailEntry } from "../../src/timeline/schemas.ts";
import { timelineStore, type SegmentRow } from "../../src/timeline/store.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { runTool } from "../helpers/exec.ts";
import { createToken } from "../helpers/identity.ts";
import { probeVideo } from "../helpers/llhls.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { metricValue, startServer, tempDir, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const APP = "tclip";
/** Segments stay on the node at first (the local clips and thumbnails), then are uploaded (the S3 ones). */
const LOCAL = "timeline:\n  enabled: true\n  segment_seconds: 2\n  upload: false\n";
const UPLOADED = "timeline:\n  enabled: true\n  segment_seconds: 2\n";

interface Vod {
  readonly id: number;
  readonly status: string;
  readonly room: string;
  readonly durationS: number | null;
  readonly codec: string | null;
  readonly fileKey: string | null;
  readonly failure: { reason: string; detail: string | null } | null;
}

/** Each video packet's MD5 as ffprobe hashes its bytes, and whether it is a keyframe: a stream copy keeps them as they were. */
async function packets(file: string): Promise<Array<{ key: boolean; hash: string }>> {
  const res = await runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_packets", "-show_data_hash", "MD5", "-show_entries", "packet=flags,data_hash", "-of", "csv=p=0", file], 60_000);
  assert.equal(res.code, 0, res.stderr);
  return res.stdout
    .toString()
    .split("\n")
    .filter((l) => l.includes("MD5:"))
    .map((l) => ({ key: l.startsWith("K"), hash: /MD5:\w+/.exec(l)?.[0] ?? "" }));
}

async function durationOf(file: string): Promise<number> {
  const res = await runTool("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  assert.equal(res.code, 0, res.stderr);
  return Number(res.stdout.toString().trim());
}

/**
 * The camera timeline's clips and thumbnails (issue 34), against a real RTSP camera recorded in
 * 2 s segments and a real MinIO: a clip over three segments is one VOD of the camera's own
 * packets (a stream copy) with the range's length, through the VOD lifecycle to S3; the same
 * from uploaded segments, and from a WebSocket MJPEG camera's; thumbnails per step, each decoded once and then read from the node's
 * cache; the errors; another tenant sees none of it.
 */
describe("camera timeline: clips and thumbnails", { timeout: 300_000 }, () => {
  let server: TestServer;
  let minio: Minio;
  let camera: RtspCamera;
  let otherToken = "";
  const call = (method: string, p: string, body?: unknown, token?: string) => server.request(method, `/api/v1/apps/${APP}${p}`, { token: token ?? server.rootToken, body, timeoutMs: 60_000 });
  /** The room's segments, oldest first. */
  const rows = async (room = "door"): Promise<SegmentRow[]> => (await timelineStore(server.app.databases.appSql(APP)).oldest(undefined, undefined, 1000)).filter((r) => r.room === `${APP}-${room}`);
  const vod = async (id: number): Promise<Vod> => dataOf<Vod>(await call("GET", `/vods/${id}`));
  const picture = async (url: string) => {
    const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${server.rootToken}` }, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  /** Three segments in a row of one connection (each meeting the next), from the newest that are there. */
  const threeInARow = (all: readonly SegmentRow[], where: (r: SegmentRow) => boolean): SegmentRow[] | undefined => {
    for (let i = all.length - 3; i >= 0; i--) {
      const three = all.slice(i, i + 3);
      const meet = three.every((r, j) => j === 0 || Math.abs(Date.parse(r.started_at) - Date.parse(three[j - 1]?.ended_at ?? "")) < 500);
      if (meet && three.every(where)) return three;
    }
    return undefined;
  };
  /** A clip from halfway into the first of three segments to halfway into the third, made and ready. */
  const clipOf = async (three: readonly SegmentRow[], name: string, room = "door"): Promise<{ vod: Vod; since: number; until: number; file: string }> => {
    const [a, , c] = three as [SegmentRow, SegmentRow, SegmentRow];
    const since = (Date.parse(a.started_at) + Date.parse(a.ended_at)) / 2;
    const until = (Date.parse(c.started_at) + Date.parse(c.ended_at)) / 2;
    const began = Date.now();
    const res = await call("POST", `/cameras/${room}/clips`, { since: new Date(since).toISOString(), until: new Date(until).toISOString(), name });
    assert.equal(res.status, 202, res.text);
    const answeredMs = Date.now() - began;
    const made = dataOf<Vod>(res);
    assert.equal(made.status, "recording", "being joined");
    assert.equal(made.room, `${APP}-${room}`, "the camera's room, namespaced");
    let seen: Vod = made;
    await eventually(async () => (seen = await vod(made.id)).status === "ready" || seen.status === "failed", 90_000, "the clip's VOD to be ready");
    assert.equal(seen.status, "ready", JSON.stringify(seen.failure));
    process.stdout.write(`# clip ${name}: 202 in ${answeredMs} ms, ready ${Date.now() - began} ms after the request\n`);
    const row = await vodStore(server.app.databases.appSql(APP)).get(made.id);
    assert.ok(row?.local_path && existsSync(row.local_path), "the clip's file is kept (delete_local_after_upload is off)");
    assert.ok(path.basename(row.local_path).includes(`-${name}-`), row.local_path);
    return { vod: seen, since, until, file: row.local_path };
  };

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("clips");
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, APP, LOCAL);
    const s3 = { provider: "s3-compatible", bucket: "clips", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey, prefix: "tenant-c/" };
    assert.equal((await call("PUT", "/s3", s3)).status, 200);
    await cameraApp(server, "tother");
    const other = dataOf<{ id: number }>(await server.request("GET", "/api/v1/apps/tother", { token: server.rootToken }));
    otherToken = (await createToken(server, server.rootToken, { scope: "app", appId: other.id })).token;
    camera = await startRtspCamera({ codec: "h264", size: "320x180", fps: 15, gop: 15 });
    const res = await call("POST", "/ingress", { inputType: "url", url: camera.url, room: "door" });
    assert.equal(res.status, 201, res.text);
    await eventually(async () => threeInARow(await rows(), () => true) !== undefined, 60_000, "three segments in a row");
  });
  after(async () => {
    await server?.close();
    await camera?.stop();
    await minio?.close();
  });

  let local: SegmentRow[] = [];

  it("joins three local segments into one VOD of the camera's own packets, from the keyframe at or before since", async (t) => {
    local = threeInARow(await rows(), (r) => r.object_key === null && existsSync(r.local_path)) ?? [];
    assert.equal(local.length, 3, "three local segments");
    const { vod: ready, since, until, file } = await clipOf(local, "front-door");
    const wanted = (until - since) / 1000;
    const probed = await durationOf(file);
    t.diagnostic(`clip of local segments: ${probed} s for a range of ${wanted.toFixed(3)} s`);
    // From the keyframe at or before since (1 s GOPs), to until.
    assert.ok(probed >= wanted - 0.3 && probed <= wanted + 1.3, `the clip lasts ${probed} s for a range of ${wanted} s`);
    assert.ok(Math.abs((ready.durationS ?? 0) - probed) < 0.01, `the VOD says ${ready.durationS} s`);
    const source = await probeVideo(local[0]?.local_path ?? "");
    const clip = await probeVideo(file);
    assert.deepEqual([clip.codec_name, clip.profile, clip.level, clip.width, clip.height], [source.codec_name, source.profile, source.level, source.width, source.height]);
    assert.equal(ready.codec, "h264");
    // No encoder ran: every packet of the clip but its keyframes is one of the segments', byte for
    // byte; a keyframe has the camera's parameter sets before it (the concat demuxer's conversion).
    const segments = (await Promise.all(local.map((r) => packets(r.local_path)))).flat();
    const theirs = new Set(segments.filter((p) => !p.key).map((p) => p.hash));
    const ours = await packets(file);
    assert.ok(ours.length >= wanted * 15 - 5, `${ours.length} packets for ${wanted} s at 15 fps`);
    const foreign = ours.filter((p) => !p.key && !theirs.has(p.hash));
    assert.equal(foreign.length, 0, `${foreign.length} of ${ours.length} packets are not the camera's`);
    const keyframes = ours.filter((p) => p.key).length;
    assert.ok(keyframes >= Math.floor(wanted) && keyframes <= Math.ceil(wanted) + 1, `${keyframes} keyframes: the camera's one a second`);
    // Through the VOD lifecycle: uploaded next to the app's recordings.
    assert.ok(ready.fileKey?.startsWith(`tenant-c/${APP}/recordings/${APP}-door-`), String(ready.fileKey));
    assert.ok((await minio.keys("clips")).includes(ready.fileKey ?? ""));
  });

  it("answers one thumbnail per step a segment covers, decoded once and then read from the node's cache", async (t) => {
    const [a, , c] = local as [SegmentRow, SegmentRow, SegmentRow];
    // From 5 s before the first segment of the connection to the end of the third: the steps before the camera was recorded are left out.
    const firstEver = (await rows())[0] as SegmentRow;
    const since = new Date(Date.parse(firstEver.started_at) - 5000).toISOString();
    const res = await call("GET", `/cameras/door/thumbnails?since=${encodeURIComponent(since)}&until=${encodeURIComponent(c.ended_at)}&every=1`);
    assert.equal(res.status, 200, res.text);
    const steps = dataOf<ThumbnailEntry[]>(res);
    assert.ok(steps.length >= 4, `${steps.length} steps`);
    assert.ok(Date.parse(steps[0]?.at ?? "") >= Date.parse(firstEver.started_at), "no step before anything was recorded");
    const all = await rows();
    for (const s of steps) {
      assert.equal(Date.parse(s.at) % 1000, 0, `${s.at} is on the 1 s grid`);
      const seg = all.find((r) => r.id === s.segmentId);
      assert.ok(seg && seg.started_at <= s.at && s.at < seg.ended_at, `segment ${s.segmentId} covers ${s.at}`);
      assert.equal(s.url, `/api/v1/apps/${APP}/cameras/${APP}-door/thumbnails/${s.at}`);
    }
    const step = steps.find((s) => s.segmentId === a.id);
    assert.ok(step, "a step in the first local segment");

    const missesBefore = await metricValue(server, 'service_timeline_thumbnails_total{result="miss"}');
    const hitsBefore = await metricValue(server, 'service_timeline_thumbnails_total{result="hit"}');
    let began = performance.now();
    const first = await picture(step.url);
    const missMs = performance.now() - began;
    assert.equal(first.status, 200, first.body.toString());
    assert.equal(first.headers.get("content-type"), "image/jpeg");
    assert.equal(first.headers.get("x-cache"), "miss");
    assert.match(first.headers.get("cache-control") ?? "", /immutable/);
    assert.deepEqual([...first.body.subarray(0, 2)], [0xff, 0xd8], "a JPEG");
    const jpeg = path.join(tempDir("thumb-"), "t.jpg");
    writeFileSync(jpeg, first.body);
    const size = await probeVideo(jpeg);
    assert.deepEqual([size.width, size.height], [320, 180]);
    const offset = Math.floor((Date.parse(step.at) - Date.parse(a.started_at)) / 1000);
    const cached = path.join(server.dataDir, "apps", APP, "timeline", "thumbnails", `${a.id}-${offset}.jpg`);
    assert.ok(existsSync(cached), `${cached} is the cache's`);
    const written = statSync(cached).mtimeMs;

    began = performance.now();
    const again = await picture(step.url);
    t.diagnostic(`thumbnail of a local segment: decoded in ${missMs.toFixed(0)} ms, from the cache in ${(performance.now() - began).toFixed(0)} ms, ${first.body.length} bytes`);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get("x-cache"), "hit");
    assert.ok(again.body.equals(first.body), "the same picture");
    assert.equal(statSync(cached).mtimeMs, written, "read, not decoded again");
    assert.equal(await metricValue(server, 'service_timeline_thumbnails_total{result="miss"}'), missesBefore + 1);
    assert.equal(await metricValue(server, 'service_timeline_thumbnails_total{result="hit"}'), hitsBefore + 1);
  });

  it("makes a clip of a WebSocket MJPEG camera's segments the same way", async (t) => {
    const frames = ["red", "green", "blue", "yellow"].map((c) => testJpeg(c, 0, "320x240"));
    const cam = await Camera.connect(await mintKey(server, APP, "porch"));
    let i = 0;
    const timer = setInterval(() => cam.send(frames[Math.floor(i++ / 5) % frames.length] as Buffer), 100);
    try {
      let three: SegmentRow[] | undefined;
      await eventually(async () => (three = threeInARow(await rows("porch"), () => true)) !== undefined, 60_000, "three segments of the WebSocket camera in a row");
      assert.ok(three);
      const { vod: ready, since, until, file } = await clipOf(three, "porch-clip", "porch");
      const probed = await durationOf(file);
      const wanted = (until - since) / 1000;
      t.diagnostic(`clip of MJPEG segments: ${probed} s for a range of ${wanted.toFixed(3)} s`);
      // From the keyframe at or before since: the MJPEG recorder's GOP is at most 2 s.
      assert.ok(probed >= wanted - 0.3 && probed <= wanted + 2.3, `the clip lasts ${probed} s for a range of ${wanted} s`);
      const video = await probeVideo(file);
      assert.deepEqual([ready.codec, video.codec_name, video.width, video.height], ["h264", "h264", 320, 240]);
    } finally {
      clearInterval(timer);
      await cam.close();
    }
  });

  it("makes clips and thumbnails of segments in S3 the same way", async (t) => {
    const put = await call("PUT", "/config/raw", { yaml: UPLOADED + `s3:\n  provider: s3-compatible\n  bucket: clips\n  region: ${minio.region}\n  endpoint: ${minio.endpoint}\n  prefix: tenant-c/\n` });
    assert.equal(put.status, 200, put.text);
    let three: SegmentRow[] | undefined;
    await eventually(async () => (three = threeInARow(await rows(), (r) => r.object_key !== null && !existsSync(r.local_path))) !== undefined, 60_000, "three uploaded segments in a row, their files gone");
    assert.ok(three);
    for (const r of three) assert.equal(existsSync(r.local_path), false, "only in S3");
    const { since, until, file } = await clipOf(three, "from-s3");
    const probed = await durationOf(file);
    const wanted = (until - since) / 1000;
    t.diagnostic(`clip of uploaded segments: ${probed} s for a range of ${wanted.toFixed(3)} s`);
    assert.ok(probed >= wanted - 0.3 && probed <= wanted + 1.3, `the clip lasts ${probed} s for a range of ${wanted} s`);

    const mid = new Date(Math.ceil(Date.parse(three[1]?.started_at ?? "") / 1000) * 1000).toISOString();
    const first = await picture(`/api/v1/apps/${APP}/cameras/door/thumbnails/${mid}`);
    assert.equal(first.status, 200, first.body.toString());
    assert.equal(first.headers.get("x-cache"), "miss");
    assert.equal((await picture(`/api/v1/apps/${APP}/cameras/door/thumbnails/${mid}`)).headers.get("x-cache"), "hit");
  });

  it("refuses bad ranges, names and steps, and answers 404 where nothing was recorded", async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    const refused = async (body: unknown, field: string) => {
      const res = await call("POST", "/cameras/door/clips", body);
      assert.equal(res.status, 400, res.text);
      assert.equal(errorOf(res).code, "validation_failed");
      assert.ok(res.text.includes(field), res.text);
    };
    await refused({ since: at(now - 10_000), until: at(now - 20_000) }, "since");
    await refused({ since: at(now - 7_200_000), until: at(now) }, "until");
    await refused({ since: at(now - 20_000), until: at(now - 10_000), name: "../../etc" }, "name");
    await refused({ since: at(now - 20_000), until: at(now - 10_000), extra: 1 }, "extra");
    await refused({ since: "yesterday", until: at(now) }, "since");

    const nothing = await call("POST", "/cameras/door/clips", { since: at(now - 86_400_000), until: at(now - 86_000_000) });
    assert.equal(nothing.status, 404, nothing.text);
    assert.equal(errorOf(nothing).code, "not_found");
    assert.equal((await call("POST", "/cameras/yard/clips", { since: at(now - 20_000), until: at(now - 10_000) })).status, 404);

    const steps = await call("GET", `/cameras/door/thumbnails?since=${at(now - 86_400_000)}&until=${at(now)}&every=60`);
    assert.equal(steps.status, 400, steps.text);
    assert.ok(errorOf(steps).message.includes("every") || steps.text.includes("at most 500 steps"), steps.text);
    assert.equal((await call("GET", "/cameras/door/thumbnails?every=0")).status, 400);
    // The default: the day before now, at 300 s steps.
    assert.ok(Array.isArray(dataOf<ThumbnailEntry[]>(await call("GET", "/cameras/door/thumbnails"))));
    const none = await call("GET", `/cameras/door/thumbnails/${at(now - 86_400_000)}`);
    assert.equal(none.status, 404, none.text);
    assert.equal((await call("GET", "/cameras/door/thumbnails/not-a-time")).status, 400);
  });

  it("shows another tenant none of it", async () => {
    const now = Date.now();
    const body = { since: new Date(now - 20_000).toISOString(), until: new Date(now - 10_000).toISOString() };
    for (const [method, p, b] of [
      ["GET", "/cameras/door/thumbnails", undefined],
      ["GET", `/cameras/door/thumbnails/${local[0]?.started_at ?? ""}`, undefined],
      ["POST", "/cameras/door/clips", body],
    ] as const) {
      const res = await call(method, p, b, otherToken);
      assert.equal(res.status, 404, `${method} ${p}: ${res.text}`);
    }
    // Its own app's room of the same name has nothing recorded.
    const own = await server.request("GET", "/api/v1/apps/tother/cameras/door/thumbnails", { token: otherToken });
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(dataOf(own), []);
    const clip = await server.request("POST", "/api/v1/apps/tother/cameras/door/clips", { token: otherToken, body });
    assert.equal(clip.status, 404, clip.text);
  });
});
