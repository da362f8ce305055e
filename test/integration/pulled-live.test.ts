import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { checkLlHlsPlaylist, probeVideo } from "../helpers/llhls.ts";
import { cameraApp, MjpegViewer } from "../helpers/mjpeg.ts";
import { statusText } from "../helpers/player.ts";
import { freePort } from "../helpers/ports.ts";
import { ffmpegChildren } from "../helpers/process.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, tempDir, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const PUBLIC = "features:\n  publicPlayback: true\n";

/**
 * The live playback of pulled cameras (issue 33): the LL-HLS window at /live/{app}/{room}/, made
 * from the copy the pull already does, read over HTTP as a player reads it, and played by hls.js
 * in Debian's Chromium on the player page.
 */
describe("pulled cameras played live over LL-HLS", { timeout: 240_000 }, () => {
  let server: TestServer;
  let browser: Browser | undefined;
  const cameras: RtspCamera[] = [];
  const dir = tempDir("pulled-live-");

  /** A pulled camera in `app`, live: its room. */
  const pulled = async (app: string, room: string, codec: "h264" | "h265") => {
    const cam = await startRtspCamera({ codec, size: "320x180", fps: 15 });
    cameras.push(cam);
    const res = await server.request("POST", `/api/v1/apps/${app}/ingress`, { token: server.rootToken, body: { inputType: "url", url: cam.url, room } });
    assert.equal(res.status, 201, res.text);
    const ingress = dataOf<{ ingressId: string; roomName: string }>(res);
    await eventually(
      async () => dataOf<{ camera: { state: string } }>(await server.request("GET", `/api/v1/apps/${app}/ingress/${ingress.ingressId}`, { token: server.rootToken })).camera.state === "live",
      20_000,
      "the camera to be live",
    );
    return ingress.roomName;
  };
  const get = (p: string) => fetch(`${server.url}${p}`);

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "view", PUBLIC);
    await cameraApp(server, "hidden");
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    for (const c of cameras) await c.stop();
  });

  for (const codec of ["h264", "h265"] as const) {
    it(`serves a ${codec} camera's multivariant and media playlists, blocking reload, and parts a decoder reads as the camera's own video`, async () => {
      const room = await pulled("view", `lane-${codec}`, codec);
      const base = `/live/view/${room}`;
      const index = await get(`${base}/index.m3u8`);
      assert.equal(index.status, 200);
      assert.equal(index.headers.get("content-type"), "application/vnd.apple.mpegurl");
      const multivariant = await index.text();
      // ffmpeg copies an RTSP camera's H.265 as hev1; its SDP's parameter sets let it be named hvc1.
      assert.match(multivariant, codec === "h264" ? /CODECS="avc1\./ : /CODECS="hvc1\./);
      assert.match(multivariant, /RESOLUTION=320x180\nhls\/stream\.m3u8\n/);
      // Two closed segments, then a request for the next part held until it exists.
      let list = checkLlHlsPlaylist(await (await get(`${base}/hls/stream.m3u8`)).text());
      await eventually(async () => (list = checkLlHlsPlaylist(await (await get(`${base}/hls/stream.m3u8`)).text())).segments.filter((s) => s.uri).length >= 2, 20_000, "two segments");
      const open = list.segments.at(-1);
      assert.ok(open);
      const next = { msn: open.msn, part: open.parts.length };
      const asked = Date.now();
      const held = checkLlHlsPlaylist(await (await get(`${base}/hls/stream.m3u8?_HLS_msn=${next.msn}&_HLS_part=${next.part}`)).text());
      const waited = Date.now() - asked;
      assert.ok(held.segments.some((s) => s.msn === next.msn && s.parts.length > next.part) || held.segments.some((s) => s.msn > next.msn), "the held playlist has the part asked for");
      assert.ok(waited < 3000, `held ${waited} ms for one part`);
      // The init section and a closed segment are the camera's video, copied: its codec and size.
      const segment = list.segments.find((s) => s.uri);
      assert.ok(segment?.uri);
      const init = Buffer.from(await (await get(`${base}/hls/${segment.map}`)).arrayBuffer());
      const media = Buffer.from(await (await get(`${base}/hls/${segment.uri}`)).arrayBuffer());
      const file = path.join(dir, `${codec}.mp4`);
      writeFileSync(file, Buffer.concat([init, media]));
      const probed = await probeVideo(file);
      assert.deepEqual([probed.codec_name, probed.width, probed.height], [codec === "h264" ? "h264" : "hevc", 320, 180]);
      assert.equal((await get(`${base}/hls/nothing.ts`)).status, 404);
      assert.equal((await get(`${base}/hls/stream.m3u8?_HLS_msn=99999999`)).status, 400, "a part far beyond the live edge is refused (RFC 8216bis 6.2.5.2)");
    });
  }

  it("decodes MJPEG only while someone watches: frame.jpg and the multipart stream start the decoder, which stops once nobody does", async () => {
    const room = await pulled("view", "drive", "h264");
    // The decoders of the service's pulls are ffmpegs reading fMP4 from stdin and writing MJPEG.
    const decoders = () => ffmpegChildren("-f mp4 -i pipe:0", "-f mjpeg pipe:1");
    assert.equal(decoders(), 0, "a camera nobody watches is not decoded");
    const frame = await get(`/live/view/${room}/frame.jpg`);
    assert.equal(frame.status, 200);
    assert.equal(frame.headers.get("content-type"), "image/jpeg");
    const jpeg = Buffer.from(await frame.arrayBuffer());
    assert.deepEqual([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)], [0xff, 0xd8, 0xff, 0xd9]);
    assert.equal(decoders(), 1);
    const viewer = await MjpegViewer.open(`${server.url}/live/view/${room}/mjpeg`);
    assert.equal(viewer.status, 200);
    await viewer.until(() => viewer.parts.length >= 10, 10_000);
    assert.equal(viewer.error, undefined);
    viewer.socket.destroy();
    await eventually(async () => decoders() === 0, 15_000, "the decoder to stop once nobody watches");
  });

  it("keeps private cameras private: 401 without a play token, 404 for a room with no pulled camera", async () => {
    const room = await pulled("hidden", "vault", "h264");
    const refused = await get(`/live/hidden/${room}/index.m3u8`);
    assert.equal(refused.status, 401);
    assert.equal(errorOf({ json: await refused.json() } as never).code, "unauthorized");
    assert.equal((await get("/live/view/view-nobody/index.m3u8")).status, 404);
    assert.equal((await get("/live/nope/x/index.m3u8")).status, 404);
  });

  it("names an H.265 camera's H.264 rendition in its multivariant playlist, encoded only while read", async () => {
    const room = await pulled("view", "shed", "h265");
    const multivariant = await (await get(`/live/view/${room}/index.m3u8`)).text();
    assert.match(multivariant, /CODECS="hvc1\.[^"]*",RESOLUTION=320x180\nhls\/stream\.m3u8\n#EXT-X-STREAM-INF:[^\n]*CODECS="avc1\.4d4029"[^\n]*\nh264\/stream\.m3u8\n$/);
    const encoders = () => ffmpegChildren("-f mp4 -i pipe:0", "libx264");
    assert.equal(encoders(), 0, "nobody reads the rendition: nothing encodes");
    const list = checkLlHlsPlaylist(await (await get(`/live/view/${room}/h264/stream.m3u8`)).text());
    assert.equal(encoders(), 1);
    const segment = list.segments[0];
    assert.ok(segment);
    const init = Buffer.from(await (await get(`/live/view/${room}/h264/${segment.map}`)).arrayBuffer());
    const part = Buffer.from(await (await get(`/live/view/${room}/h264/${segment.parts[0]?.uri ?? ""}`)).arrayBuffer());
    const file = path.join(dir, "rendition.mp4");
    writeFileSync(file, Buffer.concat([init, part]));
    const probed = await probeVideo(file);
    assert.deepEqual([probed.codec_name, probed.width, probed.height], ["h264", 320, 180]);
    // An H.264 camera has no rendition to make.
    const plain = await pulled("view", "gate-plain", "h264");
    assert.equal((await get(`/live/view/${plain}/h264/stream.m3u8`)).status, 404);
  });

  it("plays on the player page in Chromium with hls.js, an H.265 camera through its H.264 rendition: frames advance, a few seconds behind at most", async () => {
    const chromium = await launchChromium();
    browser = chromium;
    for (const codec of ["h264", "h265"] as const) {
      const room = await pulled("view", `porch-${codec}`, codec);
      const info = await server.request("GET", `/api/v1/apps/view/player/${room}`);
      assert.deepEqual([dataOf<{ kind: string; hlsUrl: string }>(info).kind, dataOf<{ hlsUrl: string }>(info).hlsUrl], ["hls", `/live/view/${room}/index.m3u8`]);
      const page = await (await chromium.newContext({ viewport: { width: 640, height: 400 } })).newPage();
      const refused: string[] = [];
      page.on("console", (m) => {
        if (m.text().includes("Content Security Policy")) refused.push(m.text());
      });
      await page.goto(`${server.url}/play/view/${room}`);
      const state = () =>
        page.evaluate<{ time: number; width: number; behind: number }>(`(() => {
          const v = document.querySelector("video#video");
          if (!v || v.buffered.length === 0) return { time: 0, width: 0, behind: -1 };
          return { time: v.currentTime, width: v.videoWidth, behind: v.buffered.end(v.buffered.length - 1) - v.currentTime };
        })()`);
      await eventually(async () => (await state()).time > 0, 30_000, `the ${codec} camera to play`);
      const first = await state();
      await eventually(async () => (await state()).time > first.time + 2, 15_000, `the ${codec} camera's video to advance two seconds`);
      const now = await state();
      assert.equal(now.width, 320);
      // A loose bound on a shared test machine: the figure itself is bench:cameras' (glass to glass, from the time code).
      assert.ok(now.behind < 5, `hls.js plays the ${codec} camera ${now.behind.toFixed(2)} s behind what it has buffered`);
      assert.equal(await statusText(page), "");
      assert.deepEqual(refused, [], "the page's CSP refused nothing");
      await page.context().close();
    }
  });
});
