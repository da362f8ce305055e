import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { WorkerStatus } from "../../src/plugins/workers.ts";
import { vodStore } from "../../src/vods/store.ts";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf } from "../helpers/envelope.ts";
import { runTool } from "../helpers/exec.ts";
import { acceptInvite, invite, signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * The console's VODs, Logs and Plugins tabs (issue 18) in headless Chromium against the real
 * service: a local VOD listed, filtered, played in the page and deleted; an app's log line seen
 * through the live tail; deface installed, configured (its secret masked), its worker run and
 * stopped; a member sees none of the write buttons.
 */
describe("web console: VODs, logs and plugins", () => {
  let server: TestServer;
  let ui: ConsoleBrowser;
  let owner: string;
  const APP = "tapes";
  const api = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/${APP}${p}`, { token: owner, body });

  /** A ready local-file VOD as the recorder leaves one: a real H.264 MP4 under the app's recordings. */
  async function readyVod(room: string, startedAt: string): Promise<number> {
    const dir = path.join(server.dataDir, "apps", APP, "recordings");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${room}-${Date.parse(startedAt)}.mp4`);
    const made = await runTool("ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=2",
      "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", file,
    ]);
    assert.equal(made.code, 0, made.stderr);
    const store = vodStore(server.app.databases.appSql(APP));
    const { id } = await store.insert({ room, stream_id: null, egress_id: `CR_test_${room}`, source: "camera", part: 0, local_path: file, started_at: startedAt });
    assert.ok(await store.markUploading(id, startedAt));
    const ready = { file_key: null, s3_url: null, snapshot_key: null, local_path: file, size_bytes: 20_000, duration_s: 2, width: 320, height: 240, format: "mp4", codec: "h264" };
    assert.ok(await store.markReady(id, ready, new Date().toISOString()));
    return id;
  }

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_ALLOW_SIGNUP: "on" });
    owner = await signup(server, "owner@example.com", "Tapes");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: APP } })).status, 201);
    ui = await ConsoleBrowser.launch(server);
  });
  after(async () => {
    await ui?.close();
    await server?.close();
  });

  it("lists, filters, plays, downloads and deletes a local VOD", async (t) => {
    const lobby = await readyVod("tapes-lobby", "2026-03-01T10:00:00.000Z");
    const stage = await readyVod("tapes-stage", "2026-03-02T10:00:00.000Z");
    const page = await ui.open(`#/apps/${APP}/vods`);
    await ui.signIn(page, "owner@example.com");
    await ui.heading(page, `App ${APP}`);
    const rows = page.locator("tr[data-vod]");
    await page.locator(`tr[data-vod="${stage}"]`).waitFor();
    assert.equal(await rows.count(), 2);
    await page.getByText("1–2 of 2").waitFor();

    await page.getByLabel("Room (exact name)").fill("tapes-lobby");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("1–1 of 1").waitFor();
    assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-vod"))), [String(lobby)]);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No VODs match.").waitFor();
    await page.getByLabel("Status").selectOption("ready");
    await page.getByLabel("Order by").selectOption("started_at");
    await page.getByLabel("Direction").selectOption("asc");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("1–2 of 2").waitFor();
    assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-vod"))), [String(lobby), String(stage)]);

    await page.getByRole("button", { name: `Open VOD ${stage}` }).click();
    await page.getByRole("heading", { name: `VOD ${stage}` }).waitFor();
    await page.getByRole("button", { name: /Load for playback/ }).click();
    const video = page.locator("video.vod-video");
    await video.waitFor();
    assert.match((await video.getAttribute("src")) ?? "", /^blob:/);
    await eventually(
      async () => video.evaluate((v) => {
        const el = v as unknown as { readyState: number; videoWidth: number };
        return el.readyState >= 2 && el.videoWidth > 0;
      }),
      15_000,
      "the VOD to play in the page",
    );
    assert.equal(await video.evaluate((v) => (v as unknown as { videoWidth: number }).videoWidth), 320);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    assert.equal(download.suggestedFilename(), `tapes-stage-${Date.parse("2026-03-02T10:00:00.000Z")}.mp4`);
    await ui.shoot(t, page, "vods", true);

    await page.getByRole("button", { name: `Delete VOD ${stage}` }).click();
    await page.getByRole("button", { name: `Yes, delete VOD ${stage}` }).click();
    await page.getByText(`VOD ${stage} was deleted.`).waitFor();
    assert.equal((await api("GET", `/vods/${stage}`)).status, 404);
    await page.getByText("1–1 of 1").waitFor();
  });

  it("shows the app's log lines and a new one through the live tail", async (t) => {
    server.app.logger.info({ app: APP, component: "console-test" }, "before the tail");
    const page = await ui.open(`#/apps/${APP}/logs`);
    await ui.signIn(page, "owner@example.com");
    await ui.heading(page, `App ${APP}`);
    await page.getByLabel("Source").fill("console-test");
    await page.getByRole("button", { name: "Show lines" }).click();
    await page.getByRole("cell", { name: "before the tail" }).waitFor({ timeout: 10_000 }).catch(async () => {
      // The store flushes every 250 ms: ask again once the line has landed.
      await page.getByRole("button", { name: "Show lines" }).click();
      await page.getByRole("cell", { name: "before the tail" }).waitFor();
    });
    await page.getByLabel(/Live tail/).check();
    await new Promise((r) => setTimeout(r, 300));
    server.app.logger.info({ app: APP, component: "console-test", room: "tapes-lobby" }, "hello console");
    server.app.logger.info({ app: "someone-else", component: "console-test" }, "not this app");
    await page.getByRole("cell", { name: "hello console" }).waitFor({ timeout: 8_000 });
    assert.equal(await page.getByRole("cell", { name: "hello console" }).count(), 1, "a tailed line is shown once");
    assert.equal(await page.getByText("not this app").count(), 0);
    await ui.shoot(t, page, "logs", true);
  });

  it("installs, configures, enables and stops deface, with its secret masked", { timeout: 60_000 }, async (t) => {
    const page = await ui.open(`#/apps/${APP}/plugins`);
    await ui.signIn(page, "owner@example.com");
    await ui.heading(page, `App ${APP}`);
    const deface = page.locator('article[data-plugin="deface"]');
    await deface.getByRole("button", { name: /^Install / }).click();
    await deface.locator("[data-state]").filter({ hasText: "installed, disabled" }).waitFor();

    await deface.getByLabel(/^strength:/).fill("55");
    await deface.getByLabel(/^method:/).selectOption("pixelate");
    await deface.getByLabel(/^originalKey:/).fill("let-me-see");
    await deface.getByRole("button", { name: /Save .* configuration/ }).click();
    await deface.getByText("Configuration saved.").waitFor();
    const key = deface.getByLabel(/^originalKey:/);
    await eventually(async () => (await key.getAttribute("placeholder")) === "********", 5_000, "the secret shown masked");
    assert.equal(await key.inputValue(), "", "a secret is never put back in the field");
    assert.equal(await key.getAttribute("type"), "password");
    const stored = dataOf<{ config: Record<string, unknown> }>(await api("GET", "/plugins/deface"));
    assert.deepEqual([stored.config["strength"], stored.config["method"], stored.config["originalKey"]], [55, "pixelate", "********"]);
    assert.equal(await deface.getByLabel(/^strength:/).inputValue(), "55");

    await deface.getByRole("button", { name: /^Enable / }).click();
    await deface.locator("[data-state]").filter({ hasText: /^enabled$/ }).waitFor();
    await deface.locator("[data-worker-state]").filter({ hasText: "running" }).waitFor({ timeout: 30_000 });
    const running = dataOf<WorkerStatus>(await api("GET", "/plugins/deface/worker/status"));
    assert.equal(running.state, "running");
    await deface.getByText(String(running.pid), { exact: true }).waitFor();
    await deface.locator("summary", { hasText: /worker logs/ }).click();
    await deface.getByRole("button", { name: /Show .* worker logs/ }).click();
    await deface.locator("pre.log-output, p:has-text('No output yet.')").first().waitFor();
    await ui.shoot(t, page, "plugins", true);

    await deface.getByRole("button", { name: /Stop .* worker/ }).click();
    await deface.locator("[data-worker-state]").filter({ hasText: "stopped" }).waitFor({ timeout: 15_000 });
    await deface.getByRole("button", { name: /^Disable / }).click();
    await deface.locator("[data-state]").filter({ hasText: "installed, disabled" }).waitFor();
    assert.equal(dataOf<{ enabled: boolean }>(await api("GET", "/plugins/deface")).enabled, false);
  });

  it("a member sees VODs, logs and plugins without write buttons", async () => {
    const code = await invite(server, owner, "member@example.com", "member");
    await acceptInvite(server, "member@example.com", code);
    const vod = await readyVod("tapes-side", "2026-03-03T10:00:00.000Z");
    const page = await ui.open(`#/apps/${APP}/vods`);
    await ui.signIn(page, "member@example.com");
    await page.getByRole("button", { name: `Open VOD ${vod}` }).click();
    await page.getByRole("heading", { name: `VOD ${vod}` }).waitFor();
    await page.getByRole("button", { name: "Download" }).waitFor();
    assert.equal(await page.getByRole("button", { name: /^Delete VOD/ }).count(), 0);

    await page.getByRole("link", { name: "Plugins" }).click();
    await page.getByText("Your role can see plugins but not change them.").waitFor();
    assert.equal(await page.getByRole("button", { name: /Install|Enable|Disable|Save|Start|Stop|Uninstall/ }).count(), 0);
  });
});
