import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { centrePixel, colourOf, FIRST_FRAME_PROBE, firstFrame, launchChromium } from "../helpers/browser.ts";
import { dataOf } from "../helpers/envelope.ts";
import { killTools, runTool } from "../helpers/exec.ts";
import { Camera, cameraApp, mintKey, testJpeg, type MintedKey } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const FPS = 30;
const FRAME_INTERVAL_MS = 1000 / FPS;
const WIDTH = 320;
const HEIGHT = 240;
const SIZE = `${WIDTH}x${HEIGHT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("MJPEG playback in real clients: ffprobe, ffmpeg and headless Chromium (SPEC 4.10)", () => {
  let server: TestServer;
  let browser: Browser;
  const cameras: Camera[] = [];
  const timers: NodeJS.Timeout[] = [];
  const contexts: BrowserContext[] = [];
  let site: http.Server | undefined;

  /** A room whose camera has sent its first frame (so playback answers 200), then sends at `fps`. */
  const liveRoom = async (room: string, colour: string, fps = FPS): Promise<{ key: MintedKey; camera: Camera }> => {
    const key = await mintKey(server, "cams", room);
    const camera = await Camera.connect(key);
    cameras.push(camera);
    const jpeg = testJpeg(colour, 0, SIZE);
    camera.send(jpeg);
    if (fps > 0) timers.push(setInterval(() => camera.send(jpeg), 1000 / fps));
    const frame = new URL(key.frameUrl).pathname;
    const deadline = Date.now() + 5000;
    while ((await server.request("GET", frame)).status !== 200) {
      assert.ok(Date.now() < deadline, `the camera's first frame never reached ${frame}`);
      await sleep(20);
    }
    return { key, camera };
  };

  /** A fresh browser context and page with the first-frame probe installed in every frame. */
  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext();
    contexts.push(context);
    await context.addInitScript(FIRST_FRAME_PROBE);
    return context.newPage();
  };

  /** Polls the centre pixel of `selector` until it shows `colour`; answers how long that took. */
  const becomes = async (page: Page, selector: string, colour: string, ms: number): Promise<number> => {
    const start = Date.now();
    let seen = "nothing";
    while (Date.now() - start < ms) {
      seen = colourOf((await centrePixel(page, selector)).rgb);
      if (seen === colour) return Date.now() - start;
      await sleep(25);
    }
    assert.fail(`${selector} still shows ${seen} ${ms} ms later, expected ${colour}`);
  };

  const viewersOf = async (room: string): Promise<number | undefined> => {
    const res = await server.request("GET", "/api/v1/apps/cams/ws-ingest", { token: server.rootToken });
    const rows = dataOf<Array<{ room: string; viewers: number }>>(res);
    return rows.find((r) => r.room === room)?.viewers;
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()) });
    await cameraApp(server, "cams", "features:\n  publicPlayback: true\n");
    browser = await launchChromium();
  });
  after(async () => {
    killTools();
    for (const timer of timers) clearInterval(timer);
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await Promise.all(cameras.map((c) => c.close()));
    await server?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  });

  it("ffprobe reads the stream URL as a client would: one mjpeg video stream at the camera's size", async (t) => {
    const { key } = await liveRoom("probe", "lime");
    const probe = await runTool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,codec_type,width,height", "-of", "json", key.mjpegUrl]);
    assert.equal(probe.code, 0, `ffprobe failed: ${probe.stderr}`);
    const { streams } = JSON.parse(probe.stdout.toString()) as { streams: Array<Record<string, unknown>> };
    assert.deepEqual(streams, [{ codec_name: "mjpeg", codec_type: "video", width: WIDTH, height: HEIGHT }]);
    t.diagnostic(`ffprobe: ${JSON.stringify(streams)}`);
  });

  it("ffmpeg decodes consecutive frames from the stream, each the camera's picture", async (t) => {
    const { key } = await liveRoom("decode", "lime");
    const frames = 5;
    const started = Date.now();
    const decoded = await runTool("ffmpeg", ["-v", "error", "-i", key.mjpegUrl, "-frames:v", String(frames), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]);
    assert.equal(decoded.code, 0, `ffmpeg failed: ${decoded.stderr}`);
    assert.equal(decoded.stderr, "", "ffmpeg decodes the stream without complaint");
    const frameBytes = WIDTH * HEIGHT * 3;
    assert.equal(decoded.stdout.length, frames * frameBytes, `ffmpeg wrote ${frames} whole ${SIZE} frames`);
    for (let i = 0; i < frames; i++) {
      const centre = i * frameBytes + ((HEIGHT / 2) * WIDTH + WIDTH / 2) * 3;
      const rgb = [...decoded.stdout.subarray(centre, centre + 3)] as [number, number, number];
      assert.equal(colourOf(rgb), "lime", `frame ${i} decodes to the camera's colour`);
    }
    t.diagnostic(`ffmpeg decoded ${frames} frames in ${Date.now() - started} ms`);
  });

  it("Chromium's player page shows the first frame within a frame interval plus 100 ms of setting the <img> src", async (t) => {
    const { key } = await liveRoom("player", "red");
    const bound = FRAME_INTERVAL_MS + 100;
    const latencies: number[] = [];
    // Five fresh viewers: the median is the service's latency; one load can lose 100 ms to a busy CPU.
    for (let i = 0; i < 5; i++) {
      const page = await newPage();
      await page.goto(key.playerUrl);
      const first = await firstFrame(page);
      assert.equal(first.src, key.mjpegUrl, "the player's <img> plays the room's MJPEG URL");
      latencies.push(first.shownAt - first.setAt);
      if (i === 0) {
        const shown = await centrePixel(page, "img#video");
        assert.deepEqual({ width: shown.width, height: shown.height, colour: colourOf(shown.rgb) }, { width: WIDTH, height: HEIGHT, colour: "red" });
        assert.equal(await page.locator("img#video").isVisible(), true, "the player unhides the <img> while the camera is live");
        assert.equal(await page.locator("#status").textContent(), "", "no offline or error notice while the camera is live");
      }
      await page.context().close();
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = sorted[2] ?? Infinity;
    const worst = sorted[4] ?? Infinity;
    t.diagnostic(`first frame in Chromium after img.src was set: ${latencies.map((ms) => ms.toFixed(1)).join(", ")} ms (median ${median.toFixed(1)})`);
    assert.ok(median <= bound, `the median first frame took ${median.toFixed(1)} ms, over ${bound.toFixed(0)} ms`);
    // Waiting for the server's repeat of a frame (about 1 s) would be a broken stream, however busy the machine.
    assert.ok(worst < 1000, `one viewer waited ${worst.toFixed(1)} ms for its first frame`);
  });

  it("Chromium keeps painting a static scene, and paints a new frame after 3 s of silence within 600 ms", async (t) => {
    const { key, camera } = await liveRoom("still", "red", 0);
    const page = await newPage();
    await page.goto(key.playerUrl);
    const first = await firstFrame(page);
    // Chromium shows a part once the next part's headers arrive: the server sends a joining viewer
    // the frame twice, and repeats a frame not followed by another within repaint_ms (150).
    t.diagnostic(`a lone frame showed in Chromium ${(first.shownAt - first.setAt).toFixed(0)} ms after img.src was set`);
    assert.equal(colourOf((await centrePixel(page, "img#video")).rgb), "red", "the one red frame is shown");
    await sleep(3000);
    assert.equal(colourOf((await centrePixel(page, "img#video")).rgb), "red", "3 s without a new frame, the image still shows red");
    assert.equal(await viewersOf(key.room), 1, "the browser's stream is still open on the server");
    camera.send(testJpeg("blue", 0, SIZE));
    const took = await becomes(page, "img#video", "blue", 600);
    t.diagnostic(`a blue frame after 3 s of silence was painted within ${took} ms`);
  });

  it("frame.jpg loads in Chromium as a JPEG image of the camera's size and picture", async () => {
    const { key } = await liveRoom("snapshot", "blue");
    const page = await newPage();
    const res = await page.goto(key.frameUrl);
    assert.equal(res?.status(), 200, "frame.jpg answers 200");
    assert.equal(res?.headers()["content-type"], "image/jpeg");
    const shown = await centrePixel(page, "img");
    assert.deepEqual({ width: shown.width, height: shown.height, colour: colourOf(shown.rgb) }, { width: WIDTH, height: HEIGHT, colour: "blue" });
  });

  it("the embed page shows the stream inside another site's iframe", async (t) => {
    const { key } = await liveRoom("embedded", "lime");
    // Another site: its own origin, but on loopback too, or Chromium's local-network checks would block the frame.
    site = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><h1>News</h1><iframe src="${key.embedUrl}" width="400" height="300"></iframe>`);
    });
    await new Promise<void>((resolve) => site?.listen(0, "127.0.0.1", resolve));
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const frame = page.frames().find((f) => f.url() === key.embedUrl);
    assert.ok(frame, `the iframe loaded ${key.embedUrl}`);
    const first = await firstFrame(frame);
    assert.equal(first.src, key.mjpegUrl, "the embed page's <img> plays the room's MJPEG URL");
    t.diagnostic(`first frame in the embed iframe ${(first.shownAt - first.setAt).toFixed(1)} ms after img.src was set`);
    const shown = await centrePixel(frame, "img#video");
    assert.deepEqual({ width: shown.width, height: shown.height, colour: colourOf(shown.rgb) }, { width: WIDTH, height: HEIGHT, colour: "lime" });
    assert.equal(await frame.locator("header").count(), 0, "the embed variant has no page chrome");
    assert.equal(await frame.locator("img#video").isVisible(), true, "the <img> is visible in the iframe");
  });
});
