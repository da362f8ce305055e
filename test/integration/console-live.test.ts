import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import QRCode from "qrcode";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf } from "../helpers/envelope.ts";
import { acceptInvite, invite, signup } from "../helpers/identity.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { Camera, MjpegViewer, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface CameraKeyRow {
  readonly id: string;
  readonly room: string;
  readonly wsUrl: string;
  readonly connected: boolean;
}

/** The dark modules the console's QR SVG draws, as "x,y" with the quiet zone taken off. */
function svgModules(d: string): Set<string> {
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${Number(m[1]) - 4},${Number(m[2]) - 4}`));
}

/**
 * The console's Live and Keys tabs (issue 18) in headless Chromium against the real service and a
 * real LiveKit (which makes private playback's play tokens and lists ingresses): a camera key minted
 * in the page and shown once with its provisioning QR, a camera streaming with it, its thumbnail and
 * viewer count on the Live tab, API tokens created and revoked, the key revoked, and a member who
 * sees no write actions.
 */
describe("web console: live and keys", () => {
  let livekit: LiveKit;
  let server: TestServer;
  let ui: ConsoleBrowser;
  let owner: string;
  let camera: Camera | undefined;
  let timer: NodeJS.Timeout | undefined;
  let viewer: MjpegViewer | undefined;
  const APP = "cams";
  const ROOM = "cams-front";

  const signedIn = async (hash: string, user: string, heading: string): Promise<Page> => {
    const page = await ui.open(hash);
    await ui.signIn(page, user);
    await ui.heading(page, heading);
    return page;
  };
  const go = (page: Page, hash: string) => page.evaluate((h) => ((globalThis as unknown as { location: { hash: string } }).location.hash = h), hash);

  before(async () => {
    livekit = await startLiveKit();
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_ALLOW_SIGNUP: "on", ...livekit.env });
    owner = await signup(server, "owner@example.com", "Cams");
    const created = await server.request("POST", "/api/v1/apps", { token: owner, body: { name: APP } });
    assert.equal(created.status, 201, created.text);
    ui = await ConsoleBrowser.launch(server);
  });
  after(async () => {
    clearInterval(timer);
    viewer?.close();
    await camera?.close().catch(() => undefined);
    await ui?.close();
    await server?.close();
    await livekit?.stop();
  });

  it("mints a camera key shown once with its QR, streams it, and shows the live room with thumbnail and viewers", async (t) => {
    const page = await signedIn(`#/apps/${APP}/keys`, "owner@example.com", `App ${APP}`);
    await page.getByText("No camera keys.").waitFor();
    await page.getByLabel("Room", { exact: true }).fill("front");
    await page.getByRole("button", { name: "Mint camera key" }).click();
    const field = page.getByRole("textbox", { name: `Camera key for room ${ROOM}` });
    await field.waitFor();
    const streamKey = await field.inputValue();
    assert.match(streamKey, /^wsk_/);

    // The key and its camera URL are in the QR code, drawn in the page: the same modules the
    // `qrcode` package makes for that text in byte mode at the version and mask the page chose.
    const keys = dataOf<CameraKeyRow[]>(await server.request("GET", `/api/v1/apps/${APP}/ws-ingest`, { token: owner }));
    const key = keys.find((k) => k.room === ROOM);
    assert.ok(key, JSON.stringify(keys));
    const qr = page.getByRole("img", { name: `QR code of the camera URL with its key, for room ${ROOM}` });
    const version = Number(await qr.getAttribute("data-version"));
    const mask = Number(await qr.getAttribute("data-mask"));
    const drawn = svgModules((await qr.locator("path").getAttribute("d")) ?? "");
    const text = `${key.wsUrl}&key=${encodeURIComponent(streamKey)}`;
    const expected = QRCode.create([{ data: Buffer.from(text), mode: "byte" }], { errorCorrectionLevel: "M", version, maskPattern: mask as QRCode.QRCodeMaskPattern });
    const want = new Set<string>();
    for (let y = 0; y < expected.modules.size; y++) for (let x = 0; x < expected.modules.size; x++) if (expected.modules.get(y, x)) want.add(`${x},${y}`);
    assert.deepEqual(drawn, want, "the QR code encodes the camera URL with its key");
    await ui.shoot(t, page, "keys-minted");

    // Hidden once dismissed, and never in the list.
    await page.getByRole("button", { name: "Done, hide it" }).click();
    assert.equal(await page.getByLabel(`Camera key for room ${ROOM}`).count(), 0);
    assert.equal(await page.getByText(streamKey).count(), 0);

    camera = await Camera.connect({ wsUrl: key.wsUrl, streamKey });
    const frame = testJpeg("blue", 0, "160x120");
    camera.send(frame);
    timer = setInterval(() => camera?.send(frame), 200);
    await page.locator(`tr[data-key="${key.id}"]`).getByText(/connected, \d+ fps/).waitFor({ timeout: 10_000 });

    await go(page, `#/apps/${APP}/live`);
    const row = page.locator(`tr[data-room="${ROOM}"]`);
    await row.waitFor({ timeout: 10_000 });
    await row.getByText("ws-mjpeg").waitFor();
    // Playback of the app is private (the default): the thumbnail loads with a minted play token.
    const thumb = row.getByRole("img", { name: `Latest frame of camera room ${ROOM}` });
    await eventually(async () => thumb.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0), 15_000, "the thumbnail");
    const src = (await thumb.getAttribute("src")) ?? "";
    assert.match(src, new RegExp(`^/live/${APP}/${ROOM}/frame\\.jpg\\?token=`));
    const player = (await row.getByRole("link", { name: /Open player/ }).getAttribute("href")) ?? "";
    assert.match(player, new RegExp(`^/play/${APP}/${ROOM}\\?token=`));
    const playToken = new URLSearchParams(player.split("?")[1]).get("token") ?? "";
    assert.equal((await server.request("GET", `/live/${APP}/${ROOM}/frame.jpg`)).status, 401, "without the token the frame is refused");
    await page.getByRole("table", { name: "Streams" }).getByText(`${ROOM}/camera-${ROOM}`).waitFor();
    await row.getByText(/\d+ (kb|Mb|b)\/s/).waitFor({ timeout: 10_000 });

    const viewers = row.locator('td[data-cell="viewers"]');
    await eventually(async () => (await viewers.textContent()) === "0", 10_000, "no viewers yet");
    viewer = await MjpegViewer.open(`${server.url}/live/${APP}/${ROOM}/mjpeg?token=${encodeURIComponent(playToken)}`);
    assert.equal(viewer.status, 200);
    await eventually(async () => (await viewers.textContent()) === "1", 10_000, "one viewer on the live tab");
    await ui.shoot(t, page, "live", true);
    viewer.close();
    await eventually(async () => (await viewers.textContent()) === "0", 10_000, "the viewer gone");
  });

  it("creates and revokes an API token, revokes the camera key, and lists ingresses", async (t) => {
    const page = await signedIn(`#/apps/${APP}/keys`, "owner@example.com", `App ${APP}`);
    await page.getByText("No API tokens for this app.").waitFor();
    await page.getByLabel("Token name").fill("ci deploys");
    await page.getByRole("button", { name: "Create API token" }).click();
    const tokenField = page.getByRole("textbox", { name: "API token ci deploys" });
    await tokenField.waitFor();
    const token = await tokenField.inputValue();
    assert.match(token, /^sk_/);
    assert.equal((await server.request("GET", `/api/v1/apps/${APP}/streams`, { token })).status, 200, "the new token works for this app");

    const ingress = await server.request("POST", `/api/v1/apps/${APP}/ingress`, { token: owner, body: { inputType: "rtmp", room: "stage" } });
    assert.equal(ingress.status, 201, ingress.text);
    const ingressId = dataOf<{ ingressId: string }>(ingress).ingressId;
    await page.reload();
    await ui.signIn(page, "owner@example.com");
    await ui.heading(page, `App ${APP}`);
    await page.getByText(ingressId).waitFor();
    await page.getByText(new RegExp(`^rtmp://[^/]+:1935/${APP}/`)).waitFor();
    await page.getByRole("cell", { name: "ci deploys", exact: true }).waitFor();
    await ui.shoot(t, page, "keys", true);

    await page.getByRole("button", { name: "Revoke API token ci deploys" }).click();
    await page.getByText("Token ci deploys revoked.").waitFor();
    assert.equal((await server.request("GET", `/api/v1/apps/${APP}/streams`, { token })).status, 401, "the revoked token is refused");

    await page.getByRole("button", { name: new RegExp(`^Revoke camera key wsi_\\S+ of room ${ROOM}$`) }).click();
    await page.getByText("No camera keys.").waitFor();
    const closed = await camera?.closed;
    assert.ok(closed, "the camera was connected");
    clearInterval(timer);
    assert.equal(dataOf<unknown[]>(await server.request("GET", `/api/v1/apps/${APP}/ws-ingest`, { token: owner })).length, 0);
  });

  it("shows a member the live room and keys without any write action", async () => {
    const code = await invite(server, owner, "member@example.com", "member");
    await acceptInvite(server, "member@example.com", code);
    const page = await signedIn(`#/apps/${APP}/keys`, "member@example.com", `App ${APP}`);
    await page.getByText("Managing API tokens needs the owner or admin role.").waitFor();
    await page.getByRole("heading", { name: "Camera keys" }).waitFor();
    await page.getByRole("heading", { name: "Ingresses" }).waitFor();
    await page.getByText(/rtmp:\/\//).waitFor();
    for (const name of ["Mint camera key", "Create API token", /^Revoke/, /^Delete ingress/]) {
      assert.equal(await page.getByRole("button", { name }).count(), 0, `no ${String(name)} for a member`);
    }
    await go(page, `#/apps/${APP}/live`);
    await page.getByRole("heading", { name: "Live now" }).waitFor();
  });
});
