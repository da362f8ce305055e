/**
 * Time to first frame on the player page (issue 17): navigation start to the first decoded video
 * frame, for a WebRTC room (LiveKit, 320x240 at 15 fps from LiveKit's native client) and for a
 * WebSocket MJPEG camera room (320x240 at 15 fps), in Debian's headless Chromium. The baseline,
 * measured in the same run: a bare page on another local server holding nothing but a plain
 * <img> of the same MJPEG URL (its src set by one line of script, as the player sets it), which is
 * the least any MJPEG player can cost.
 *
 *   npm run bench:player
 *   env: BENCH_LOADS (10 per page)
 *
 * Loads alternate between the three pages, each in a fresh browser context (no cache, no warm
 * connection), so a slow moment of the machine is shared rather than landing on one page.
 * Needs the LiveKit server the tests build (`npm test -- player` once).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { FIRST_FRAME_PROBE, firstFrame, launchChromium } from "../test/helpers/browser.ts";
import { startLiveKit } from "../test/helpers/livekit.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../test/helpers/mjpeg.ts";
import { FIRST_VIDEO_FRAME_PROBE, firstVideoFrame } from "../test/helpers/player.ts";
import { freePort } from "../test/helpers/ports.ts";
import { join, leaveAll, type Participant } from "../test/helpers/rtc.ts";
import { startServer } from "../test/helpers/server.ts";
import { envNumber, runMain } from "./shared/cli.ts";

interface Target {
  readonly name: string;
  readonly url: string;
  /** Milliseconds from navigation start to the first frame, read in the page. */
  readonly measure: (page: Page) => Promise<number>;
}

const mjpegFirstPaint = async (page: Page) => (await firstFrame(page, 15_000)).shownAt;

async function loadOnce(browser: Browser, target: Target): Promise<number> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(FIRST_FRAME_PROBE);
    await context.addInitScript(FIRST_VIDEO_FRAME_PROBE);
    const page = await context.newPage();
    await page.goto(target.url);
    return await target.measure(page);
  } finally {
    await context.close();
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};

async function main(): Promise<number> {
  const loads = envNumber("BENCH_LOADS", 10, 1);
  const port = await freePort();
  const livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
  const server = await startServer({ ...livekit.env, SERVICE_PORT: String(port) });
  const participants: Participant[] = [];
  const timers: NodeJS.Timeout[] = [];
  let camera: Camera | undefined;
  let browser: Browser | undefined;
  const bare = http.createServer();
  try {
    await cameraApp(server, "bench", "features:\n  publicPlayback: true\n");
    const minted = await server.request("POST", "/api/v1/apps/bench/tokens", { token: server.rootToken, body: { room: "stage", identity: "host" } });
    const host = await join(livekit.wsUrl, (minted.json as { data: { token: string } }).data.token);
    participants.push(host);
    await host.publishVideo({ live: true });
    const key = await mintKey(server, "bench", "cam");
    camera = await Camera.connect(key);
    const jpeg = testJpeg("lime", 0, "320x240");
    const cam = camera;
    timers.push(setInterval(() => cam.send(jpeg), 1000 / 15));
    bare.on("request", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      // The src is set by a line of script, as the player sets it: the probe times the <img> from there.
      res.end(`<!doctype html><img id="v"><script>v.src = ${JSON.stringify(key.mjpegUrl)};</script>`);
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const targets: Target[] = [
      { name: "bare <img> of the MJPEG URL (baseline)", url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, measure: mjpegFirstPaint },
      { name: "/play, WebSocket MJPEG camera room", url: key.playerUrl, measure: mjpegFirstPaint },
      { name: "/play, WebRTC room (LiveKit)", url: `${server.url}/play/bench/stage`, measure: (page) => firstVideoFrame(page) },
    ];
    browser = await launchChromium();
    // One unmeasured load of each warms the service, LiveKit and Chromium's own caches of code.
    for (const t of targets) await loadOnce(browser, t);
    const samples = targets.map(() => [] as number[]);
    for (let i = 0; i < loads; i++) {
      for (const [n, t] of targets.entries()) samples[n]?.push(await loadOnce(browser, t));
      process.stderr.write(`load ${i + 1}/${loads}\n`);
    }
    const base = median(samples[0] ?? []);
    console.log(`time to first frame on the player page: navigation start -> first decoded frame, median of ${loads} loads (Chromium ${browser.version()})`);
    console.log(`${"page".padEnd(42)} ${"median".padStart(8)} ${"min".padStart(8)} ${"max".padStart(8)}  x baseline`);
    for (const [n, t] of targets.entries()) {
      const xs = samples[n] ?? [];
      const m = median(xs);
      console.log(`${t.name.padEnd(42)} ${`${m.toFixed(0)} ms`.padStart(8)} ${`${Math.min(...xs).toFixed(0)} ms`.padStart(8)} ${`${Math.max(...xs).toFixed(0)} ms`.padStart(8)}  ${(m / base).toFixed(2)}`);
    }
    return 0;
  } finally {
    for (const timer of timers) clearInterval(timer);
    await browser?.close();
    await camera?.close();
    await leaveAll(participants);
    bare.closeAllConnections();
    await new Promise((resolve) => bare.close(resolve));
    await server.close();
    await livekit.stop();
  }
}

runMain(main);
