import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { AccessToken } from "livekit-server-sdk";
import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { audioState, statusText, videoState } from "../helpers/player.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The player and embed pages (issue 17) in Debian's headless Chromium, against a real LiveKit
 * server and publishers from LiveKit's native client: WebRTC rooms play moving video with their
 * audio attached, on the page and framed by another site; private playback explains itself; a
 * camera room still plays MJPEG; a waiting page starts by itself. Screenshots go to an artifacts
 * directory (printed), and one of each page to /tmp for the README.
 */
describe("player pages", () => {
  let livekit: LiveKit;
  let server: TestServer;
  let browser: Browser;
  let site: http.Server | undefined;
  const contexts: BrowserContext[] = [];
  const participants: Participant[] = [];
  const cameras: Camera[] = [];
  const timers: NodeJS.Timeout[] = [];
  const artifacts = path.join(os.tmpdir(), `service-core-player-${process.pid}`);
  /** Every URL the pages requested: none may leave the service and its media server. */
  const requested: string[] = [];
  /** What the pages' CSP refused: the pages must need nothing it forbids. */
  const refused: string[] = [];

  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 800, height: 500 } });
    contexts.push(context);
    context.on("request", (r) => requested.push(r.url()));
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.text().includes("Content Security Policy")) refused.push(m.text());
    });
    return page;
  };
  /** A participant of `app` publishing a moving test picture and a tone into `room`. */
  const publisher = async (app: string, room: string, identity: string): Promise<Participant> => {
    const minted = await call("POST", `/api/v1/apps/${app}/tokens`, { room, identity });
    assert.equal(minted.status, 200, minted.text);
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(minted).token);
    participants.push(p);
    await p.publishVideo({ live: true });
    await p.publishAudio({ live: true });
    return p;
  };
  /** Waits until the page's first WebRTC video has decoded frames and its clock runs. */
  const playing = async (where: Page | Frame, what: string) => {
    await eventually(async () => {
      const v = await videoState(where);
      return v.width > 0 && v.currentTime > 0;
    }, 20_000, what);
  };
  /** Two screenshots a second apart must differ (the test picture's bar moves); both are kept. */
  const moving = async (page: Page, where: Page | Frame, name: string, t: { diagnostic(m: string): void }) => {
    const shot = async (n: number) => {
      const png = await where.locator("video.sp-video").first().screenshot();
      writeFileSync(path.join(artifacts, `${name}-${n}.png`), png);
      return png;
    };
    const first = await shot(1);
    const before = (await videoState(where)).currentTime;
    await new Promise((r) => setTimeout(r, 1000));
    const second = await shot(2);
    const later = await videoState(where);
    assert.notDeepEqual(createHash("sha256").update(first).digest("hex"), createHash("sha256").update(second).digest("hex"), "the picture moved between the two screenshots");
    assert.ok(later.currentTime > before + 0.5, `currentTime advanced from ${before} to ${later.currentTime}`);
    assert.ok(later.width > 0 && later.height > 0, `decoded size ${later.width}x${later.height}`);
    assert.equal(later.paused, false, "the video plays");
    const full = path.join(artifacts, `${name}-page.png`);
    writeFileSync(full, await page.screenshot());
    t.diagnostic(`${name}: ${later.width}x${later.height}, currentTime ${before.toFixed(2)} -> ${later.currentTime.toFixed(2)} s; screenshots in ${artifacts}`);
    return full;
  };

  before(async () => {
    mkdirSync(artifacts, { recursive: true });
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port) });
    await cameraApp(server, "show", "features:\n  publicPlayback: true\n  chat: true\n  reactions: true\n");
    await cameraApp(server, "vault", "features:\n  publicPlayback: false\n  chat: true\n  reactions: true\n");
    await cameraApp(server, "cams", "features:\n  publicPlayback: true\n");
    browser = await launchChromium();
  });
  after(async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await Promise.all(cameras.map((c) => c.close()));
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
    site?.closeAllConnections();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  });

  it("serves LiveKit's browser client and the adaptor at /sdk/, byte for byte, cacheable, with an ETag", async () => {
    const umd = readFileSync(createRequire(import.meta.url).resolve("livekit-client"));
    const res = await server.request("GET", "/sdk/livekit-client.umd.js");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.ok(Buffer.from(res.text).equals(umd), "the exact file from the npm package");
    const etag = res.headers.get("etag") ?? "";
    assert.match(etag, /^"[\w-]{16}"$/);
    assert.equal(res.headers.get("cache-control"), "public, max-age=86400");
    const versioned = await server.request("GET", `/sdk/livekit-client.umd.js?v=${etag.slice(1, -1)}`);
    assert.equal(versioned.headers.get("cache-control"), "public, max-age=31536000, immutable");
    const again = await server.request("GET", "/sdk/livekit-client.umd.js", { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, "");
    const adaptor = await server.request("GET", "/sdk/service-player.js");
    assert.equal(adaptor.status, 200);
    assert.match(adaptor.text, /ServicePlayer = \{ mount \}/);
    assert.equal((await server.request("GET", "/sdk/nope.js")).status, 404);
  });

  it("the play page plays a WebRTC room: moving video, audio attached muted with an unmute control", { timeout: 90_000 }, async (t) => {
    await publisher("show", "stage", "host");
    const page = await newPage();
    const res = await page.goto(`${server.url}/play/show/stage`);
    assert.equal(res?.status(), 200);
    const csp = res?.headers()["content-security-policy"] ?? "";
    assert.match(csp, /script-src 'nonce-[\w+/=]+'(;|$)/, csp);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, csp);
    await playing(page, "the play page's video to play");
    assert.equal(await statusText(page), "", "no notice while playing");
    const shot = await moving(page, page, "play", t);
    writeFileSync("/tmp/player-play.png", readFileSync(shot));
    await eventually(async () => (await audioState(page)).liveTracks === 1, 10_000, "the audio track attached");
    const audio = await audioState(page);
    assert.deepEqual(audio, { elements: 1, liveTracks: 1, muted: true, paused: false }, "audio plays muted, as autoplay policies allow");
    await page.getByRole("button", { name: /Unmute/ }).click();
    assert.equal((await audioState(page)).muted, false, "the unmute control turns the sound on");
    const outside = requested.filter((u) => !u.startsWith(server.url) && !u.startsWith(livekit.url) && !u.startsWith("data:"));
    assert.deepEqual(outside, [], "the page loads nothing from elsewhere");
    assert.deepEqual(refused, [], "the CSP refused nothing the page needs");
  });

  it("the embed page plays the same room inside another site's iframe", { timeout: 90_000 }, async (t) => {
    const embedUrl = `${server.url}/embed/show/stage`;
    // Another origin (another port), on loopback too, or Chromium's local-network checks would block the frame.
    site = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><h1>News</h1><iframe src="${embedUrl}" width="640" height="360" allow="autoplay; fullscreen"></iframe>`);
    });
    await new Promise<void>((resolve) => site?.listen(0, "127.0.0.1", resolve));
    const page = await newPage();
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await eventually(async () => page.frames().some((f) => f.url() === embedUrl), 10_000, "the iframe");
    const frame = page.frames().find((f) => f.url() === embedUrl);
    assert.ok(frame);
    await playing(frame, "the embedded video to play");
    assert.equal(await frame.locator("header").count(), 0, "the embed variant has no page chrome");
    const shot = await moving(page, frame, "embed", t);
    writeFileSync("/tmp/player-embed.png", readFileSync(shot));
    assert.equal((await audioState(frame)).liveTracks, 1, "the audio track is attached in the iframe too");
  });

  it("private playback: no token and an expired token get a message; a play token plays, and chat and reactions flow", { timeout: 90_000 }, async () => {
    const host = await publisher("vault", "safe", "host");
    const bare = await newPage();
    assert.equal((await bare.goto(`${server.url}/play/vault/safe`))?.status(), 200);
    await eventually(async () => (await statusText(bare)).includes("This stream is private"), 10_000, "the private message");
    assert.equal((await videoState(bare)).videos, 0);

    const mint = async (ttl: string) => dataOf<{ token: string }>(await call("POST", "/api/v1/apps/vault/tokens", { room: "safe", canPublish: false, ttl })).token;
    // Signed with the app's media-server key, for this room, but expired a minute ago (verifiers allow 10 s of skew).
    const old = new AccessToken(livekit.apiKey, livekit.apiSecret, { identity: "late-viewer", ttl: -60 });
    old.addGrant({ room: "vault-safe", roomJoin: true, canSubscribe: true, canPublish: false });
    const stale = await old.toJwt();
    const expired = await newPage();
    await expired.goto(`${server.url}/play/vault/safe?token=${encodeURIComponent(stale)}`);
    await eventually(async () => (await statusText(expired)).includes("has expired"), 10_000, "the expired-link message");

    const page = await newPage();
    await page.goto(`${server.url}/play/vault/safe?token=${encodeURIComponent(await mint("10m"))}`);
    await playing(page, "the private room to play with its token");
    // A reaction goes out on the data channel's `reaction` topic, as the server's data route sends them.
    const got = new Promise<{ topic: string | undefined; body: string }>((resolve) =>
      host.room.on("dataReceived", (payload: Uint8Array, _p: unknown, _k: unknown, topic: string | undefined) => resolve({ topic, body: Buffer.from(payload).toString() })),
    );
    await page.getByRole("button", { name: "👏" }).click();
    const received = await got;
    assert.equal(received.topic, "reaction");
    assert.equal((JSON.parse(received.body) as { reaction: string }).reaction, "👏");
    // Chat from the server's own data route shows on the page.
    // The streams list is one of the spec's bare answers.
    const streams = (await call("GET", "/api/v1/apps/vault/streams")).json as Array<{ id: number; streamId: string }>;
    const stream = streams.find((s) => s.streamId === "vault-safe/host");
    assert.ok(stream, JSON.stringify(streams));
    const sent = await call("POST", `/api/v1/apps/vault/streams/${stream.id}/data`, { type: "chat", message: "hello viewers", from: "studio" });
    assert.equal(sent.status, 200, sent.text);
    await eventually(async () => ((await page.locator(".sp-chat").textContent()) ?? "").includes("studio: hello viewers"), 10_000, "the chat line");
  });

  it("a camera room still plays MJPEG", { timeout: 30_000 }, async () => {
    const key = await mintKey(server, "cams", "door");
    const camera = await Camera.connect(key);
    cameras.push(camera);
    const jpeg = testJpeg("lime", 0, "320x240");
    camera.send(jpeg);
    timers.push(setInterval(() => camera.send(jpeg), 100));
    const page = await newPage();
    await page.goto(key.playerUrl);
    await eventually(async () => Number(await page.evaluate("document.querySelector('img#video')?.naturalWidth ?? 0")) === 320, 10_000, "the MJPEG <img> to paint");
    assert.equal(await page.evaluate("document.querySelector('img#video').src"), key.mjpegUrl);
    assert.equal(await statusText(page), "");
    assert.equal((await videoState(page)).videos, 0, "no WebRTC for a camera room");
    assert.equal(await page.evaluate("typeof window.LivekitClient"), "undefined", "a camera page does not load LiveKit's client");
    assert.deepEqual(refused, [], "the CSP refused nothing the page needs");
  });

  it("a waiting page starts playing by itself when the publisher appears, and says when it ended", { timeout: 90_000 }, async () => {
    const page = await newPage();
    await page.goto(`${server.url}/play/show/later`);
    await eventually(async () => (await statusText(page)).includes("Waiting for the stream to start"), 15_000, "the waiting notice");
    const host = await publisher("show", "later", "late-host");
    await playing(page, "playback once the publisher started");
    assert.equal(await statusText(page), "");
    await host.leave();
    await eventually(async () => (await statusText(page)).includes("The stream has ended"), 15_000, "the ended notice");
  });

  it("an unknown app is a 404 page that says so", async () => {
    const page = await newPage();
    assert.equal((await page.goto(`${server.url}/play/nobody/room`))?.status(), 404);
    await eventually(async () => (await statusText(page)).includes("Not found"), 10_000, "the not-found notice");
  });
});
