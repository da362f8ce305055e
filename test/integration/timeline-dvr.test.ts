import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import type { Browser } from "playwright-core";
import { Fmp4Reader } from "../../src/pull/fmp4.ts";
import { timelineStore, type SegmentRow } from "../../src/timeline/store.ts";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { probeVideo } from "../helpers/llhls.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, tempDir, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TIMELINE = "timeline:\n  enabled: true\n  segment_seconds: 2\n";

/** One entry of a rewind playlist, as a player reads it. */
interface Entry {
  readonly uri: string;
  readonly seconds: number;
  readonly date: number;
  readonly discontinuity: boolean;
  readonly map: string;
  /** `length@offset` of the entry and of its map, for stored segments. */
  readonly range?: { length: number; offset: number };
  readonly mapRange?: { length: number; offset: number };
}

function parsePlaylist(text: string): { entries: Entry[]; ended: boolean; type: string | undefined; target: number } {
  const lines = text.trimEnd().split("\n");
  assert.equal(lines[0], "#EXTM3U");
  const entries: Entry[] = [];
  const byteRange = (v: string) => {
    const [length, offset] = v.split("@").map(Number);
    return { length: length ?? Number.NaN, offset: offset ?? Number.NaN };
  };
  let pending: { seconds?: number; date?: number; discontinuity: boolean; range?: Entry["range"] } = { discontinuity: false };
  let map = "";
  let mapRange: Entry["mapRange"];
  for (const line of lines.slice(1)) {
    if (line === "#EXT-X-DISCONTINUITY") pending.discontinuity = true;
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) pending.date = Date.parse(line.slice(25));
    else if (line.startsWith("#EXTINF:")) pending.seconds = Number.parseFloat(line.slice(8));
    else if (line.startsWith("#EXT-X-BYTERANGE:")) pending.range = byteRange(line.slice(17));
    else if (line.startsWith("#EXT-X-MAP:")) {
      map = /URI="([^"]+)"/.exec(line)?.[1] ?? "";
      const r = /BYTERANGE="([^"]+)"/.exec(line)?.[1];
      mapRange = r === undefined ? undefined : byteRange(r);
    } else if (!line.startsWith("#")) {
      assert.ok(pending.seconds !== undefined && pending.date !== undefined, `an EXTINF and a date before ${line}`);
      entries.push({ uri: line, seconds: pending.seconds, date: pending.date, discontinuity: pending.discontinuity, map, range: pending.range, mapRange });
      pending = { discontinuity: false };
    }
  }
  return { entries, ended: lines.includes("#EXT-X-ENDLIST"), type: /#EXT-X-PLAYLIST-TYPE:(\w+)/.exec(text)?.[1], target: Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]) };
}

const stored = (e: Entry) => /^dvr\/\d+\.mp4/.test(e.uri);
const tailOf = (e: Entry) => e.uri.startsWith("dvr/live/");

/**
 * The rewind playlist of the camera timeline (issue 34): `/live/{app}/{room}/dvr.m3u8?since=`
 * over a real RTSP camera's stored segments (2 s here), local and in a real MinIO, then its live
 * tail; the segments answered with their bytes and ranges; the playback rules; and hls.js in
 * Chromium playing it from 2 minutes back, across a gap, into the tail. The camera records from
 * the start of the file, so the tests before the last one fill most of those 2 minutes.
 */
const REWIND_MS = 120_000;

describe("camera timeline: the rewind playlist", { timeout: 300_000 }, () => {
  let server: TestServer;
  let minio: Minio;
  let browser: Browser | undefined;
  const cameras: RtspCamera[] = [];
  const dir = tempDir("timeline-dvr-");
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps${p}`, { token: server.rootToken, body });
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p}`, { headers });
  const rows = (app: string): Promise<SegmentRow[]> => timelineStore(server.app.databases.appSql(app)).oldest(undefined, undefined, 1000);
  const pulled = async (app: string, room: string): Promise<{ id: string; room: string }> => {
    const cam = await startRtspCamera({ codec: "h264", size: "320x180", fps: 15, gop: 15 });
    cameras.push(cam);
    const res = await call("POST", `/${app}/ingress`, { inputType: "url", url: cam.url, room });
    assert.equal(res.status, 201, res.text);
    const ingress = dataOf<{ ingressId: string; roomName: string }>(res);
    await eventually(async () => dataOf<{ camera: { state: string } }>(await call("GET", `/${app}/ingress/${ingress.ingressId}`)).camera.state === "live", 30_000, "the camera to be live");
    return { id: ingress.ingressId, room: ingress.roomName };
  };
  let door: { id: string; room: string };
  let startedAt: string;
  let liveAt: number;

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("dvr");
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "rew", `features:\n  publicPlayback: true\n${TIMELINE}`);
    await cameraApp(server, "vault", TIMELINE);
    const s3 = { provider: "s3-compatible", bucket: "dvr", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey, prefix: "t/" };
    assert.equal((await call("PUT", "/vault/s3", s3)).status, 200);
    startedAt = new Date().toISOString();
    door = await pulled("rew", "door");
    liveAt = Date.now();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    for (const c of cameras) await c.stop();
    await minio?.close();
  });

  it("lists the stored segments from since by byte ranges over each file, then the live tail; the files answer with their bytes and ranges", async () => {
    await eventually(async () => (await rows("rew")).length >= 5, 40_000, "five stored segments");
    const base = `/live/rew/${door.room}`;
    const res = await get(`${base}/dvr.m3u8?since=${encodeURIComponent(startedAt)}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/vnd.apple.mpegurl");
    let list = parsePlaylist(await res.text());
    assert.equal(list.type, "EVENT");
    assert.equal(list.ended, false, "no ENDLIST while the camera is live");
    // The tail is made by the first request: its entries follow once the stored segment covering its start is written.
    await eventually(async () => (list = parsePlaylist(await (await get(`${base}/dvr.m3u8?since=${encodeURIComponent(startedAt)}`)).text())).entries.some(tailOf), 20_000, "tail entries");
    const segs = list.entries.filter(stored);
    const tail = list.entries.filter(tailOf);
    assert.ok(segs.length >= 4, `stored segments listed: ${segs.length}`);
    assert.deepEqual([...segs, ...tail], list.entries, "the stored segments first, then the tail");
    const byId = new Map((await rows("rew")).map((r) => [r.id, r]));
    for (const [i, e] of segs.entries()) {
      const row = byId.get(Number(/dvr\/(\d+)\.mp4/.exec(e.uri)?.[1]));
      assert.ok(row, `a row for ${e.uri}`);
      assert.equal(e.map, e.uri, "each stored segment's init section is its own file's head");
      assert.ok(e.mapRange && e.range && e.mapRange.offset === 0 && e.range.offset === e.mapRange.length && e.range.offset + e.range.length === row.bytes, `byte ranges over the whole file: ${JSON.stringify([e.mapRange, e.range, row.bytes])}`);
      assert.equal(e.date, Date.parse(row.started_at));
      assert.ok(Math.abs(e.seconds - (Date.parse(row.ended_at) - Date.parse(row.started_at)) / 1000) < 0.002);
      assert.equal(e.discontinuity, i > 0, "each stored segment has its own clock: a discontinuity before each but the first");
    }
    assert.ok(tail[0]?.discontinuity, "the tail begins with a discontinuity");
    assert.ok(tail.slice(1).every((e) => !e.discontinuity), "one camera connection is one clock in the tail");
    const lastEnd = Date.parse(byId.get(Number(/dvr\/(\d+)/.exec(segs.at(-1)?.uri ?? "")?.[1]))?.ended_at ?? "");
    assert.ok(Math.abs((tail[0]?.date ?? 0) - lastEnd) < 1200, `the tail takes over where the stored segments end (${(tail[0]?.date ?? 0) - lastEnd} ms)`);
    assert.ok(list.target >= Math.ceil(Math.max(...list.entries.map((e) => e.seconds))));

    // A stored segment: its init section by range, its fragments by range, and the whole a file ffprobe reads.
    const first = segs[0] as Entry;
    const whole = await get(`${base}/${first.uri}`);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get("accept-ranges"), "bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    const initRange = await get(`${base}/${first.uri}`, { range: `bytes=0-${(first.mapRange?.length ?? 0) - 1}` });
    assert.equal(initRange.status, 206);
    assert.equal(initRange.headers.get("content-range"), `bytes 0-${(first.mapRange?.length ?? 0) - 1}/${bytes.length}`);
    const init = Buffer.from(await initRange.arrayBuffer());
    const items = new Fmp4Reader().push(init);
    assert.deepEqual(items.map((i) => i.kind), ["init"], "the map's range is the init section, exactly");
    const media = Buffer.from(await (await get(`${base}/${first.uri}`, { range: `bytes=${first.range?.offset}-` })).arrayBuffer());
    assert.ok(Buffer.concat([init, media]).equals(bytes));
    const fragments = new Fmp4Reader().push(Buffer.concat([init, media])).filter((i) => i.kind === "fragment");
    assert.ok(fragments.length > 0 && fragments[0]?.kind === "fragment" && fragments[0].independent, "the entry starts with a keyframe");
    writeFileSync(path.join(dir, "first.mp4"), bytes);
    const video = await probeVideo(path.join(dir, "first.mp4"));
    assert.deepEqual([video.codec_name, video.width, video.height], ["h264", 320, 180]);
    assert.equal((await get(`${base}/${first.uri}`, { range: `bytes=${bytes.length}-` })).status, 416);

    // A tail entry: its init section and a keyframe a decoder starts from.
    const t = tail[0] as Entry;
    const tailInit = Buffer.from(await (await get(`${base}/${t.map}`)).arrayBuffer());
    const tailMedia = await get(`${base}/${t.uri}`);
    assert.equal(tailMedia.status, 200);
    const tailItems = new Fmp4Reader().push(Buffer.concat([tailInit, Buffer.from(await tailMedia.arrayBuffer())]));
    assert.equal(tailItems[0]?.kind, "init");
    assert.ok(tailItems[1]?.kind === "fragment" && tailItems[1].independent);

    // A relative since lists from the segment covering it.
    const recent = parsePlaylist(await (await get(`${base}/dvr.m3u8?since=-6`)).text());
    const recentStored = recent.entries.filter(stored);
    assert.ok(recentStored.length >= 1 && recentStored.length < segs.length, `${recentStored.length} stored segments in the last 6 s`);
    assert.ok((recentStored[0]?.date ?? 0) + (recentStored[0]?.seconds ?? 0) * 1000 > Date.now() - 6000 - 5000);
  });

  it("refuses bad input with a 4xx that says what to send", async () => {
    const base = `/live/rew/${door.room}`;
    for (const bad of ["", "yesterday", "-99999999", new Date(Date.now() + 60_000).toISOString(), "1e3", "--5"]) {
      const res = await server.request("GET", `${base}/dvr.m3u8?since=${encodeURIComponent(bad)}`);
      assert.equal(res.status, 400, `since=${bad}: ${res.text}`);
      assert.equal(errorOf(res).code, "validation_failed");
    }
    assert.equal((await server.request("GET", `${base}/dvr.m3u8`)).status, 400, "since is required");
    const missing = await server.request("GET", `${base}/dvr/999999.mp4`);
    assert.equal(missing.status, 404);
    assert.match(errorOf(missing).message, /no stored segment 999999/);
    assert.equal((await server.request("GET", `${base}/dvr/0x1.mp4`)).status, 400);
    assert.equal((await server.request("GET", `${base}/dvr/live/99999.m4s`)).status, 404);
    assert.equal((await server.request("GET", `${base}/dvr/live/../../x`)).status, 404, "no path outside the route");
    assert.equal((await server.request("GET", `/live/nosuchapp/${door.room}/dvr.m3u8?since=-5`)).status, 404);
  });

  it("keeps a private camera's rewind to play tokens, carries the token on every URI, and serves uploaded segments from the bucket", async () => {
    const gate = await pulled("vault", "gate");
    await eventually(async () => (await rows("vault")).filter((r) => r.object_key !== null).length >= 3, 40_000, "three uploaded segments");
    const base = `/live/vault/${gate.room}`;
    const noToken = await server.request("GET", `${base}/dvr.m3u8?since=-60`);
    assert.equal(noToken.status, 401);
    assert.match(errorOf(noToken).message, /token/);
    const mint = async (room: string) => dataOf<{ token: string }>(await call("POST", "/vault/tokens", { room, canPublish: false })).token;
    assert.equal((await server.request("GET", `${base}/dvr.m3u8?since=-60&token=${await mint("vault-elsewhere")}`)).status, 401, "a token for another room");
    const token = await mint(gate.room);
    const text = await (await get(`${base}/dvr.m3u8?since=-60&token=${encodeURIComponent(token)}`)).text();
    const q = `token=${encodeURIComponent(token)}`;
    for (const line of text.split("\n")) {
      if (line !== "" && !line.startsWith("#")) assert.ok(line.endsWith(q), `the token on ${line}`);
      if (line.startsWith("#EXT-X-MAP:")) assert.ok(line.includes(`?${q}"`), `the token on ${line}`);
    }
    const row = (await rows("vault")).find((r) => r.object_key !== null) as SegmentRow;
    const uri = `${base}/dvr/${row.id}.mp4`;
    assert.ok(text.includes(`dvr/${row.id}.mp4?${q}`), "an uploaded segment is listed");
    assert.equal((await server.request("GET", uri)).status, 401, "a segment needs the token too");
    const object = Buffer.from(await ((await minio.s3.send(new GetObjectCommand({ Bucket: "dvr", Key: row.object_key ?? "" }))).Body?.transformToByteArray() ?? new Uint8Array()));
    const whole = await get(`${uri}?${q}`);
    assert.equal(whole.status, 200);
    assert.ok(Buffer.from(await whole.arrayBuffer()).equals(object), "the object's bytes, proxied");
    const part = await get(`${uri}?${q}`, { range: "bytes=100-199" });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get("content-range"), `bytes 100-199/${object.length}`);
    assert.ok(Buffer.from(await part.arrayBuffer()).equals(object.subarray(100, 200)));
    // Another tenant's segment is not this app's: each app's ids are its own database's, looked up with the room the path names.
    assert.equal((await server.request("GET", `/live/rew/${gate.room}/dvr/${row.id}.mp4`)).status, 404, "vault's segment under the public app");
    assert.equal((await server.request("GET", `/live/rew/${gate.room}/dvr.m3u8?since=-60`)).status, 200, "the public app's own (empty) rewind of that room name");
    assert.equal(parsePlaylist(await (await get(`/live/rew/${gate.room}/dvr.m3u8?since=-60`)).text()).entries.length, 0, "lists none of vault's segments");
  });

  it("plays in Chromium with hls.js from 2 minutes back, across a gap, into the live tail", { timeout: 220_000 }, async () => {
    // A gap first: the camera away for 4 s, then back.
    assert.equal((await call("POST", `/rew/ingress/${door.id}/disable`)).status, 200);
    await sleep(4000);
    assert.equal((await call("POST", `/rew/ingress/${door.id}/enable`)).status, 200);
    await eventually(async () => dataOf<{ camera: { state: string } }>(await call("GET", `/rew/ingress/${door.id}`)).camera.state === "live", 30_000, "the camera back");
    // Two minutes of recording behind the camera (and a segment more, so the first starts before since).
    await sleep(Math.max(8000, liveAt + REWIND_MS + 4000 - Date.now()));
    const since = new Date(Date.now() - REWIND_MS).toISOString();
    const src = `/live/rew/${door.room}/dvr.m3u8?since=${encodeURIComponent(since)}`;
    const list = parsePlaylist(await (await get(src)).text());
    const segs = list.entries.filter(stored);
    assert.ok((segs[0]?.date ?? Infinity) <= Date.parse(since), `the first stored segment covers since (${since}): ${new Date(segs[0]?.date ?? 0).toISOString()}`);
    const jumps = segs.slice(1).filter((e, i) => e.date - ((segs[i]?.date ?? 0) + (segs[i]?.seconds ?? 0) * 1000) > 3000);
    assert.equal(jumps.length, 1, "the camera's 4 s away is one gap between stored segments");

    const chromium = await launchChromium();
    browser = chromium;
    const page = await (await chromium.newContext({ viewport: { width: 640, height: 400 }, bypassCSP: true })).newPage();
    // The player page loads hls.js (global Hls) for a pulled camera; a second <video> plays the rewind.
    await page.goto(`${server.url}/play/rew/${door.room}`);
    await page.waitForFunction("typeof Hls !== 'undefined'", undefined, { timeout: 30_000 });
    await page.evaluate(`(() => {
      document.querySelector("video#video")?.remove();
      const v = document.createElement("video");
      v.id = "rewind"; v.muted = true; document.body.appendChild(v);
      window.rewind = { frags: [], errors: [] };
      const hls = new Hls({ enableWorker: false, startPosition: 0 });
      hls.on(Hls.Events.FRAG_CHANGED, (_e, d) => window.rewind.frags.push(d.frag.relurl));
      hls.on(Hls.Events.ERROR, (_e, d) => window.rewind.errors.push(d.details + (d.fatal ? " (fatal)" : "")));
      hls.loadSource(${JSON.stringify(src)});
      hls.attachMedia(v);
      v.play();
    })()`);
    const state = () =>
      page.evaluate<{ time: number; frags: string[]; errors: string[]; width: number }>(`(() => {
        const v = document.querySelector("video#rewind");
        return { time: v.currentTime, width: v.videoWidth, frags: window.rewind.frags, errors: window.rewind.errors };
      })()`);
    await eventually(async () => (await state()).time > 0.5, 30_000, "the rewind to play");
    const begun = await state();
    assert.match(begun.frags[0] ?? "", /^dvr\/\d+\.mp4/, "playback starts in the stored segments");
    assert.equal(begun.width, 320);
    // Catching up: six times as fast (2 minutes behind in about 25 s), until it plays the tail.
    await page.evaluate(`document.querySelector("video#rewind").playbackRate = 6`);
    await eventually(async () => (await state()).frags.some((f) => f.startsWith("dvr/live/")), 90_000, "playback to reach the live tail");
    await page.evaluate(`document.querySelector("video#rewind").playbackRate = 1`);
    const reached = await state();
    await eventually(async () => (await state()).time > reached.time + 2, 20_000, "playback to go on in the tail");
    const end = await state();
    const storedSeconds = segs.reduce((sum, e) => sum + e.seconds, 0);
    assert.ok(end.time > storedSeconds * 0.9, `played ${end.time.toFixed(1)} s, past the ${storedSeconds.toFixed(1)} s stored when it began`);
    assert.ok(end.frags.some((f) => /^dvr\/\d+\.mp4/.test(f)) && end.frags.at(-1)?.startsWith("dvr/live/"), end.frags.join(" "));
    assert.deepEqual(end.errors.filter((e) => e.includes("fatal")), [], "no fatal hls.js error");
    console.log(`rewind: ${segs.length} stored segments (${storedSeconds.toFixed(1)} s), tail reached at ${reached.time.toFixed(1)} s, errors: ${end.errors.join(", ") || "none"}`);
  });
});
