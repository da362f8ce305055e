import assert from "node:assert/strict";
import { after, before, describe, it, type TestContext } from "node:test";
import type { Page } from "playwright-core";
import type { EventEntry, TimelineEntry } from "../../src/timeline/schemas.ts";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf } from "../helpers/envelope.ts";
import { login, signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Segment = Extract<TimelineEntry, { kind: "segment" }>;
type Box = { x: number; y: number; width: number; height: number };

const APP = "yard";
const ROOM = "yard-gate";
/** Short segments and motion on: the test camera's moving ball makes motion events. */
const CONFIG = `
timeline:
  enabled: true
  segment_seconds: 2
  motion:
    enabled: true
    fps: 4
    min_area: 0.01
`;

/**
 * The console's Timeline tab (issue 34) in headless Chromium against the real service and a real
 * RTSP camera recorded in 2 s segments: reached from the Live tab and from the room picker, its
 * day bar shows the recorded stretches and the gap while the camera was off, event markers by kind
 * (the camera connecting, motion from its moving ball) and the event list with pictures; hovering
 * shows the recording's picture; a click plays the rewind playlist from there; a range dragged
 * on the bar is exported as a clip, a VOD opened from the link; another team sees the API's refusal.
 */
describe("web console: the camera timeline", { timeout: 240_000 }, () => {
  let server: TestServer;
  let ui: ConsoleBrowser;
  let owner: string;
  let camera: RtspCamera | undefined;
  let since = "";
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/${APP}${p}`, { token: owner, body });
  const timeline = async (): Promise<TimelineEntry[]> => dataOf<TimelineEntry[]>(await call("GET", `/cameras/${ROOM}/timeline?since=${encodeURIComponent(since)}`));
  const events = async (): Promise<EventEntry[]> => dataOf<EventEntry[]>(await call("GET", `/cameras/${ROOM}/events?since=${encodeURIComponent(since)}`));
  const segments = (entries: TimelineEntry[]) => entries.filter((e): e is Segment => e.kind === "segment");

  const signedIn = async (hash: string): Promise<Page> => {
    const page = await ui.open(hash);
    await ui.signIn(page, "owner@example.com");
    await ui.heading(page, `App ${APP}`);
    return page;
  };
  /** The tab on the room, zoomed to what was recorded, once the page shows the stretch after the gap. */
  const onRoom = async (t: TestContext): Promise<Page> => {
    const page = await signedIn(`#/apps/${APP}/timeline/${ROOM}`);
    await page.getByRole("heading", { name: `Timeline of ${ROOM}` }).waitFor();
    await page.getByRole("button", { name: "Fit to recording" }).click();
    await eventually(async () => (await page.locator('[data-kind="coverage"]').count()) >= 2, 30_000, "two recorded stretches on the bar");
    t.diagnostic(`${await page.locator(".tl-summary").textContent()}`);
    return page;
  };
  const box = async (page: Page, selector: string): Promise<Box> => {
    const found = await page.locator(selector).first().boundingBox();
    assert.ok(found, `${selector} is on the page`);
    return found;
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_ALLOW_SIGNUP: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...UNREACHABLE_LIVEKIT });
    owner = await signup(server, "owner@example.com", "Yard");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: APP } })).status, 201);
    const put = await call("PUT", "/config/raw", { yaml: CONFIG });
    assert.equal(put.status, 200, put.text);
    ui = await ConsoleBrowser.launch(server);

    // A camera recorded, away for 4 s (a gap), and back: the day the tab is tested on.
    since = new Date(Date.now() - 1000).toISOString();
    camera = await startRtspCamera({ size: "320x180", fps: 10, gop: 10 });
    const made = await call("POST", "/ingress", { inputType: "url", url: camera.url, room: "gate" });
    assert.equal(made.status, 201, made.text);
    const id = dataOf<{ ingressId: string }>(made).ingressId;
    const live = async () => dataOf<{ camera: { state: string } }>(await call("GET", `/ingress/${id}`)).camera.state === "live";
    await eventually(live, 30_000, "the camera to be live");
    await eventually(async () => segments(await timeline()).length >= 3, 40_000, "three segments");
    assert.equal((await call("POST", `/ingress/${id}/disable`)).status, 200);
    await sleep(4000);
    assert.equal((await call("POST", `/ingress/${id}/enable`)).status, 200);
    const before = segments(await timeline()).length;
    await eventually(async () => segments(await timeline()).length >= before + 3, 40_000, "segments after the camera came back");
    await eventually(async () => (await events()).some((e) => e.source === "motion" && e.thumbnailUrl !== null), 40_000, "a motion event with a picture");
  });
  after(async () => {
    await ui?.close();
    await server?.close();
    await camera?.stop();
  });

  it("is reached from the Live tab and the room picker, and shows the recorded stretches, the gap, event markers and events", async (t) => {
    const page = await signedIn(`#/apps/${APP}/live`);
    await page.getByRole("link", { name: `Timeline of ${ROOM}` }).click();
    await page.getByRole("heading", { name: `Timeline of ${ROOM}` }).waitFor();
    assert.match(page.url(), new RegExp(`#/apps/${APP}/timeline/${ROOM}$`));

    // The picker: the app's pulled camera is suggested, and a typed room is shown.
    await page.getByRole("link", { name: "Timeline", exact: true }).click();
    await page.getByText("Choose a camera room").waitFor();
    await page.getByLabel("Camera room", { exact: true }).fill(ROOM);
    await page.getByRole("button", { name: "Show timeline" }).click();
    await page.getByRole("heading", { name: `Timeline of ${ROOM}` }).waitFor();

    await page.getByRole("button", { name: "Fit to recording" }).click();
    await eventually(async () => (await page.locator('[data-kind="coverage"]').count()) >= 2, 30_000, "two recorded stretches on the bar");
    // The stretches are the API's segments joined; between them, the API's gap of the 4 s away.
    const spans = async (kind: string) =>
      page.locator(`[data-kind="${kind}"]`).evaluateAll((els) => els.map((el) => ({ from: Date.parse(el.getAttribute("data-from") ?? ""), to: Date.parse(el.getAttribute("data-to") ?? "") })));
    const runs = await spans("coverage");
    const gaps = await spans("gap");
    const away = gaps.find((g) => g.to - g.from >= 3000 && runs.some((r) => Math.abs(r.to - g.from) < 1000) && runs.some((r) => Math.abs(r.from - g.to) < 1000));
    assert.ok(away, `a gap of 3 s or more between two stretches: runs ${JSON.stringify(runs)}, gaps ${JSON.stringify(gaps)}`);
    const api = segments(await timeline());
    const first = api[0];
    assert.ok(first);
    assert.ok(runs.some((r) => r.from === Date.parse(first.start)), "the first stretch starts where the first segment does");
    // Drawn where they are: the gap's box lies between the two stretches' boxes.
    const gapBox = await box(page, `[data-kind="gap"][data-from="${new Date(away.from).toISOString()}"]`);
    const trackBox = await box(page, ".tl-track");
    assert.ok(gapBox.width > 2 && gapBox.x > trackBox.x && gapBox.x + gapBox.width < trackBox.x + trackBox.width, `the gap is drawn on the bar: ${JSON.stringify(gapBox)}`);
    await page.getByText("Recorded stretches and gaps as a table").click();
    assert.ok((await page.locator('tr[data-coverage="gap"]').count()) >= 1);

    // Markers by kind, and the list with the motion event's picture.
    const apiEvents = await events();
    const motion = apiEvents.find((e) => e.source === "motion" && e.thumbnailUrl !== null);
    assert.ok(motion);
    await page.locator(`.tl-event[data-source="connection"]`).first().waitFor();
    await page.locator(`.tl-event[data-source="motion"][data-event-id="${motion.id}"]`).waitFor();
    const row = page.locator(`tr[data-event="${motion.id}"]`);
    await row.getByRole("cell", { name: "Motion", exact: true }).waitFor();
    const picture = row.getByRole("img", { name: /^motion at / });
    await eventually(async () => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth === 320), 20_000, "the motion event's picture");
    // Connections hidden: gone from the bar and the list; motion stays.
    await page.getByRole("checkbox", { name: /Connections \(\d+\)/ }).uncheck();
    assert.equal(await page.locator(`.tl-event[data-source="connection"]`).count(), 0);
    assert.equal(await page.getByRole("cell", { name: "Connections", exact: true }).count(), 0);
    assert.ok((await page.locator(`.tl-event[data-source="motion"]`).count()) >= 1);
    await ui.shoot(t, page, "timeline", true);

    // The day before is a deep link of its own: nothing recorded, one gap.
    const yesterday = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await page.getByRole("button", { name: "Previous day" }).click();
    await page.getByText("0 segments (0 s recorded in 0 stretches), 1 gap, 0 events.").waitFor();
    assert.match(page.url(), new RegExp(`\\?day=${yesterday}$`));
    assert.equal(await page.getByLabel("Day", { exact: true }).inputValue(), yesterday);
  });

  it("shows the recording's picture under the pointer on the bar", async (t) => {
    const page = await onRoom(t);
    const run = await box(page, '[data-kind="coverage"]');
    await page.mouse.move(run.x + run.width / 2, run.y + run.height / 2);
    const preview = page.locator(".tl-preview img");
    await eventually(async () => (await preview.count()) === 1 && (await preview.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0)), 30_000, "a picture above the bar");
    const at = Date.parse((await preview.getAttribute("data-at")) ?? "");
    const stretch = (await page.locator('[data-kind="coverage"]').first().evaluate((el) => [el.getAttribute("data-from"), el.getAttribute("data-to")])).map((v) => Date.parse(v ?? ""));
    assert.ok(at >= (stretch[0] ?? 0) - 5000 && at <= (stretch[1] ?? 0) + 5000, `the picture is of the stretch under the pointer (${new Date(at).toISOString()})`);
    await ui.shoot(t, page, "timeline-scrub");
  });

  it("plays the recording from a point clicked on the bar", async (t) => {
    const page = await onRoom(t);
    const run = await box(page, '[data-kind="coverage"]');
    await page.mouse.click(run.x + run.width * 0.25, run.y + run.height / 2);
    await page.getByRole("heading", { name: /^Playing from \d\d:\d\d:\d\d$/ }).waitFor();
    const video = page.getByLabel(/^Recording of /);
    await eventually(async () => video.evaluate((v) => (v as unknown as { readyState: number; videoWidth: number }).readyState >= 2 && (v as unknown as { videoWidth: number }).videoWidth === 320), 30_000, "the video to play");
    // hls.js names the wall-clock time shown: inside the recorded day, before now.
    const shown = page.locator("[data-playing-at]");
    await eventually(async () => (await shown.count()) === 1, 20_000, "the time shown");
    const at = Date.parse((await shown.getAttribute("data-playing-at")) ?? "");
    assert.ok(at >= Date.parse(since) && at <= Date.now(), `playing at ${new Date(at).toISOString()}`);
    await page.locator(".tl-playhead").waitFor();

    // An event's Play starts again from the event.
    const motion = (await events()).find((e) => e.source === "motion");
    assert.ok(motion);
    await page.getByRole("button", { name: new RegExp(`^Play from event ${motion.id} `) }).click();
    const start = await page.evaluate((at) => new Date(at).toTimeString().slice(0, 8), Date.parse(motion.start));
    await page.getByRole("heading", { name: `Playing from ${start}` }).waitFor();
    // Shown from the segment the event began in: a few seconds before it at most.
    const near = async () => {
      const value = (await shown.count()) === 1 ? Date.parse((await shown.getAttribute("data-playing-at")) ?? "") : Number.NaN;
      return value >= Date.parse(motion.start) - 10_000 && value <= Date.parse(motion.start) + 60_000;
    };
    await eventually(near, 30_000, "the video to play from the event");
  });

  it("exports a range dragged on the bar (or chosen by keys or from an event) as a clip, linked to its VOD", async (t) => {
    const page = await onRoom(t);
    // An event's Select: from 5 s before it (its end moves on while the ball keeps moving).
    const motion = (await events()).find((e) => e.source === "motion");
    assert.ok(motion);
    await page.getByRole("button", { name: `Select event ${motion.id} for a clip` }).click();
    const before = await page.evaluate((start) => new Date(start - 5000).toTimeString().slice(0, 8), Date.parse(motion.start));
    assert.equal(await page.getByLabel("Clip from").inputValue(), before);
    assert.ok((await page.getByLabel("Clip until").inputValue()) > before);
    await page.getByRole("button", { name: "Clear selection" }).click();

    // The keys: End, then Shift+← selects back from the end of what was recorded.
    await page.getByRole("slider", { name: `Timeline of ${ROOM}` }).focus();
    await page.keyboard.press("End");
    for (let i = 0; i < 10; i++) await page.keyboard.press("Shift+ArrowLeft");
    assert.match(await page.getByLabel("Clip from").inputValue(), /^\d\d:\d\d:\d\d$/);
    await page.keyboard.press("Escape");
    assert.equal(await page.getByLabel("Clip from").inputValue(), "");

    // A drag across the first stretch.
    const run = await box(page, '[data-kind="coverage"]');
    const y = run.y + run.height / 2;
    await page.mouse.move(run.x + run.width * 0.1, y);
    await page.mouse.down();
    await page.mouse.move(run.x + run.width * 0.5, y, { steps: 5 });
    await page.mouse.move(run.x + run.width * 0.9, y, { steps: 5 });
    await page.mouse.up();
    const from = await page.getByLabel("Clip from").inputValue();
    const until = await page.getByLabel("Clip until").inputValue();
    assert.match(from, /^\d\d:\d\d:\d\d$/);
    assert.ok(until > from, `${from}–${until}`);
    assert.equal(await page.getByRole("heading", { name: /^Playing from/ }).count(), 0, "a drag selects; it does not play");

    await page.getByLabel("Clip name (optional)").fill("gate_clip");
    await page.getByRole("button", { name: "Export clip" }).click();
    const made = page.getByText(/^Clip exported as VOD \d+/);
    await made.waitFor({ timeout: 30_000 });
    const id = Number(/VOD (\d+)/.exec((await made.textContent()) ?? "")?.[1]);
    const vod = async () => dataOf<{ room: string; status: string; durationS: number | null }>(await call("GET", `/vods/${id}`));
    assert.equal((await vod()).room, ROOM);
    await eventually(async () => (await vod()).status === "ready", 60_000, "the clip's VOD to be ready");
    t.diagnostic(`clip ${from}–${until}: VOD ${id}, ${(await vod()).durationS} s`);
    await page.getByRole("link", { name: `Open VOD ${id} in the VODs tab` }).click();
    await page.getByRole("heading", { name: `VOD ${id}` }).waitFor();
    await ui.shoot(t, page, "timeline-clip");

    // A range with nothing recorded (before the camera was added): the API's own message.
    await page.goBack();
    await page.getByRole("heading", { name: `Timeline of ${ROOM}` }).waitFor();
    await page.getByLabel("Clip from").fill("00:00:05");
    await page.getByLabel("Clip until").fill("00:00:15");
    // The instants the page sends: the day's local times in the browser's time zone.
    const day = await page.getByLabel("Day", { exact: true }).inputValue();
    const at = (clock: string) => page.evaluate((local) => new Date(local).toISOString(), `${day}T${clock}`);
    const refused = await call("POST", `/cameras/${ROOM}/clips`, { since: await at("00:00:05"), until: await at("00:00:15") });
    assert.ok(refused.status >= 400 && refused.status < 500, refused.text);
    await page.getByRole("button", { name: "Export clip" }).click();
    await page.getByRole("alert").filter({ hasText: (JSON.parse(refused.text) as { error: { message: string } }).error.message }).waitFor();
  });

  it("shows another team the API's refusal, not the room", async () => {
    await signup(server, "other@example.com", "Other");
    const page = await ui.open(`#/apps/${APP}/timeline/${ROOM}`);
    await ui.signIn(page, "other@example.com");
    await ui.heading(page, `App ${APP}`);
    const refused = await server.request("GET", `/api/v1/apps/${APP}/cameras/${ROOM}/timeline`, { token: await login(server, "other@example.com") });
    assert.equal(refused.status, 404);
    const message = (JSON.parse(refused.text) as { error: { message: string } }).error.message;
    await page.getByRole("alert").filter({ hasText: message }).first().waitFor();
    assert.equal(await page.locator('[data-kind="coverage"]').count(), 0);
  });
});
