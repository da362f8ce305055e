import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { AppStatsSnapshot } from "../../src/app-stats/service.ts";
import { timelineEventsStore, type EventRow } from "../../src/timeline/events-store.ts";
import { timelineStore, type SegmentRow } from "../../src/timeline/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { metricValue, startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY_MS = 86_400_000;
/** A compressed day: continuous segments are kept about 17 s, segments under an event about 52 s. */
const CONTINUOUS_DAYS = 0.0002;
const EVENTS_DAYS = 0.0006;
const PADDING_S = 1;
/** Kept a day at first, while the segments the retention test reads are recorded; then the compressed day. */
const STORED = "timeline:\n  enabled: true\n  segment_seconds: 2\n";
const COMPRESSED = `${STORED}  continuous_days: ${CONTINUOUS_DAYS}\n  events_days: ${EVENTS_DAYS}\n  event_padding_seconds: ${PADDING_S}\n`;
const LOCAL = "timeline:\n  enabled: true\n  segment_seconds: 2\n";

/**
 * The camera timeline's storage and retention (issue 34), against a real RTSP camera per app and
 * a real MinIO: segments uploaded under the app's prefix (row keyed, file gone) or kept local
 * without S3; a compressed day pruning continuous segments while an event (with its padding) or
 * a pin keeps others, and the event and its thumbnail going at events_days; the byte cap taking
 * the oldest first; stats and metrics showing what is kept and what went.
 */
describe("camera timeline: storage and retention", { timeout: 240_000 }, () => {
  let server: TestServer;
  let minio: Minio;
  const cameras: RtspCamera[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps${p}`, { token: server.rootToken, body });
  const store = (app: string) => timelineStore(server.app.databases.appSql(app));
  const rows = async (app: string): Promise<SegmentRow[]> => store(app).oldest(undefined, undefined, 1000);
  const present = async (app: string): Promise<Set<number>> => new Set((await rows(app)).map((r) => r.id));
  const pulled = async (app: string, room: string): Promise<void> => {
    const cam = await startRtspCamera({ codec: "h264", size: "320x180", fps: 15, gop: 15 });
    cameras.push(cam);
    const res = await call("POST", `/${app}/ingress`, { inputType: "url", url: cam.url, room });
    assert.equal(res.status, 201, res.text);
  };
  const atLeast = (app: string, n: number) => eventually(async () => (await rows(app)).length >= n, 40_000, `${n} segments in ${app}`);

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("timeline");
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_UPLOAD_ATTEMPTS: "2", SERVICE_UPLOAD_RETRY_MS: "100", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "tstore", STORED);
    await cameraApp(server, "tlocal", LOCAL);
    const s3 = { provider: "s3-compatible", bucket: "timeline", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey, prefix: "tenant-t/" };
    assert.equal((await call("PUT", "/tstore/s3", s3)).status, 200);
    await pulled("tstore", "door");
    await pulled("tlocal", "yard");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
    await minio?.close();
  });

  let first: SegmentRow[] = [];

  it("uploads each segment under the app's prefix, keys its row and removes its file; without S3 segments stay local", async () => {
    await atLeast("tstore", 8);
    await eventually(async () => (await rows("tstore")).slice(0, 8).every((r) => r.object_key !== null), 20_000, "the first 8 segments uploaded");
    first = (await rows("tstore")).slice(0, 8);
    const keys = await minio.keys("timeline");
    for (const row of first) {
      assert.equal(row.object_key, `tenant-t/tstore/timeline/${path.basename(row.local_path)}`);
      assert.ok(path.basename(row.local_path).startsWith("tstore-door-"), row.local_path);
      assert.ok(keys.includes(row.object_key ?? ""), `${row.object_key} is in the bucket`);
      assert.equal(existsSync(row.local_path), false, `${row.local_path} is gone once uploaded`);
    }
    assert.ok((await metricValue(server, 'service_s3_uploads_total{provider="s3-compatible",result="ok"}')) >= 8);

    await atLeast("tlocal", 3);
    for (const row of await rows("tlocal")) {
      assert.equal(row.object_key, null);
      assert.ok(existsSync(row.local_path), `${row.local_path} stays on the node`);
    }
    assert.equal(keys.filter((k) => !k.startsWith("tenant-t/tstore/timeline/")).length, 0, keys.join(" "));
  });

  let target: SegmentRow | undefined;
  let thumbnail = "";

  it("prunes segments past continuous_days, keeping those an event (padded) or a pin holds, with their objects", async () => {
    const events = timelineEventsStore(server.app.databases.appSql("tstore"));
    target = first[2] as SegmentRow;
    const pinned = first[5] as SegmentRow;
    const mid = (Date.parse(target.started_at) + Date.parse(target.ended_at)) / 2;
    thumbnail = path.join(server.dataDir, "apps", "tstore", "retention-test-thumbnail.jpg");
    writeFileSync(thumbnail, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    // Detection events are another part's: this one is written as that part writes its rows.
    await events.add(
      { room: target.room, kind: "motion", label: "motion", score: 1, box: null, started_at: new Date(mid - 100).toISOString(), ended_at: new Date(mid + 100).toISOString(), thumbnail_path: thumbnail, node: server.app.config.node.id },
      new Date().toISOString(),
    );
    const unpin = server.app.timeline.retention.pin("tstore", pinned.id);
    // The whole file is replaced: its s3 block (which PUT /s3 wrote) goes with it again; the keys are secrets, kept apart.
    const s3 = `s3:\n  provider: s3-compatible\n  bucket: timeline\n  region: ${minio.region}\n  endpoint: ${minio.endpoint}\n  prefix: tenant-t/\n`;
    const compressed = await call("PUT", "/tstore/config/raw", { yaml: COMPRESSED + s3 });
    assert.equal(compressed.status, 200, compressed.text);
    // Every event of the room counts (the camera connecting is one too), each padded on both sides, as the pruner reads them.
    const all: EventRow[] = (await events.overlapping(target.room, "2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z", {}, { limit: 100, offset: 0 }, DAY_MS)).rows;
    const pad = PADDING_S * 1000;
    const covered = (r: SegmentRow) => all.some((e) => Date.parse(e.started_at) < Date.parse(r.ended_at) + pad && Date.parse(e.ended_at) >= Date.parse(r.started_at) - pad);
    assert.ok(covered(target), "the event covers its segment");
    assert.ok(!covered(pinned), "the pinned segment is held by its pin alone");
    const witness = first.find((r, i) => i > 5 && !covered(r));
    assert.ok(witness, "a segment no event covers, after the pinned one");

    const prunedBefore = await metricValue(server, 'service_timeline_pruned_segments_total{reason="continuous"}');
    await sleep(Math.max(0, Date.parse(witness.ended_at) + CONTINUOUS_DAYS * DAY_MS + 1000 - Date.now()));
    const expected = (r: SegmentRow) => covered(r) || r.id === pinned.id;
    let seen = "";
    await eventually(
      async () => {
        const ids = await present("tstore");
        seen = first.map((r) => `${r.id}:${ids.has(r.id) ? "kept" : "gone"}${expected(r) ? "(held)" : ""}`).join(" ");
        return first.every((r) => ids.has(r.id) === expected(r));
      },
      10_000,
      "the segments past continuous_days gone, except the event's and the pinned one",
    ).catch((err: Error) => assert.fail(`${err.message}: ${seen}`));
    assert.ok((await metricValue(server, 'service_timeline_pruned_segments_total{reason="continuous"}')) > prunedBefore);
    const keys = await minio.keys("timeline");
    for (const r of first) assert.equal(keys.includes(r.object_key ?? ""), expected(r), `${r.object_key}: its object goes with its row`);

    unpin();
    await eventually(async () => !(await present("tstore")).has(pinned.id), 10_000, "the unpinned segment to go");
    assert.ok(!(await minio.keys("timeline")).includes(pinned.object_key ?? ""));
  });

  it("keeps an event's segment until events_days, then the event goes with its thumbnail", async () => {
    assert.ok(target, "the test before chose the event's segment");
    const segment = target;
    assert.ok((await present("tstore")).has(segment.id), "still kept for its event");
    assert.ok(existsSync(thumbnail));
    const eventsBefore = await metricValue(server, 'service_timeline_pruned_segments_total{reason="events"}');
    const due = Date.parse(segment.ended_at) + EVENTS_DAYS * DAY_MS - Date.now();
    await eventually(async () => !(await present("tstore")).has(segment.id), due + 10_000, "the event's segment to go at events_days");
    assert.ok((await metricValue(server, 'service_timeline_pruned_segments_total{reason="events"}')) > eventsBefore);
    assert.ok(!(await minio.keys("timeline")).includes(segment.object_key ?? ""));
    // The event outlives its segments by its padding and two segment lengths, then goes with its file.
    await eventually(() => !existsSync(thumbnail), 30_000, "the event's thumbnail to go");
    const events = timelineEventsStore(server.app.databases.appSql("tstore"));
    const left = await events.overlapping(segment.room, "2000-01-01T00:00:00.000Z", segment.ended_at, {}, { limit: 10, offset: 0 }, DAY_MS);
    assert.equal(left.rows.filter((e) => e.thumbnail_path === thumbnail).length, 0, "the event's row is gone");
    assert.ok((await metricValue(server, "service_timeline_pruned_events_total")) >= 1);
  });

  it("an upload that fails keeps the segment's file, and a later sweep uploads it", async () => {
    const failed = 'service_s3_uploads_total{provider="s3-compatible",result="failed"}';
    const failedBefore = (await metricValue(server, failed)) || 0;
    const newest = (await rows("tstore")).at(-1)?.id ?? 0;
    await minio.stop();
    let stranded: SegmentRow | undefined;
    try {
      await eventually(async () => (await metricValue(server, failed)) > failedBefore, 20_000, "an upload to fail");
      stranded = (await rows("tstore")).find((r) => r.id > newest && r.object_key === null);
      assert.ok(stranded, "a segment written while the bucket was down");
      assert.ok(existsSync(stranded.local_path), "its file is kept");
    } finally {
      await minio.start();
    }
    const id = stranded.id;
    await eventually(async () => (await rows("tstore")).find((r) => r.id === id)?.object_key != null, 15_000, "the segment uploaded by a sweep");
    const row = (await rows("tstore")).find((r) => r.id === id);
    assert.ok(row?.object_key && (await minio.keys("timeline")).includes(row.object_key), "its object is in the bucket");
    // The row names its object before the file is removed (uploads.ts), so the file goes just after.
    const file = stranded.local_path;
    await eventually(() => !existsSync(file), 5000, "and its file is gone");
  });

  it("past max_bytes deletes the oldest segments first; stats and metrics show what is kept", async () => {
    await atLeast("tlocal", 8);
    const before = await rows("tlocal");
    const cap = before.slice(-3).reduce((n, r) => n + r.bytes, 0);
    const put = await call("PUT", "/tlocal/config/raw", { yaml: `${LOCAL}  max_bytes: ${cap}\n` });
    assert.equal(put.status, 200, put.text);
    await eventually(async () => {
      const ids = await present("tlocal");
      return before.slice(0, -3).every((r) => !ids.has(r.id));
    }, 10_000, "the oldest segments past the cap to go");
    const ids = await present("tlocal");
    const kept = before.filter((r) => ids.has(r.id));
    assert.ok(kept.length <= 3, `at most the newest 3 of before are kept (${kept.length})`);
    assert.deepEqual(kept, before.slice(before.length - kept.length), "what is kept is the newest");
    for (const r of before) assert.equal(existsSync(r.local_path), ids.has(r.id), `${r.local_path}: its file goes with its row`);
    assert.ok((await metricValue(server, 'service_timeline_pruned_segments_total{reason="bytes"}')) >= before.length - 3);
    assert.ok((await metricValue(server, 'service_timeline_pruned_bytes_total{reason="bytes"}')) >= before.slice(0, -3).reduce((n, r) => n + r.bytes, 0));

    // The stats and the gauges say what the database holds (the stats at most 5 s old, the gauges as of the last sweep).
    await eventually(async () => {
      const now = await rows("tlocal");
      const stats = dataOf<AppStatsSnapshot>(await call("GET", "/tlocal/stats")).timeline;
      const events = await timelineEventsStore(server.app.databases.appSql("tlocal")).count();
      return stats.segments === now.length && stats.bytes === now.reduce((n, r) => n + r.bytes, 0) && stats.oldest === (now[0]?.started_at ?? null) && stats.events === events;
    }, 15_000, "the stats to count the kept segments and events");
    const gauge = await metricValue(server, 'service_timeline_segments_bytes{app="tlocal"}');
    assert.ok(gauge > 0 && gauge <= cap + Math.max(...before.map((r) => r.bytes)) * 3, `the gauge reads ${gauge} bytes against a cap of ${cap}`);
    assert.ok((await metricValue(server, 'service_timeline_segments{app="tstore"}')) > 0);
  });
});
