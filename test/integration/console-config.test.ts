import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf } from "../helpers/envelope.ts";
import { acceptInvite, invite, signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { Receiver } from "../helpers/receiver.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The console's Config and Deliveries tabs (issue 18) in headless Chromium against the real
 * service and a real webhook receiver: edit the YAML, see the diff, save, revert from a backup, an
 * invalid document refused with its line; a delivery in the log, its detail, and redelivery.
 */
describe("web console: config and deliveries", () => {
  let server: TestServer;
  let receiver: Receiver;
  let ui: ConsoleBrowser;
  let owner: string;
  const APP = "cfg-demo";

  const raw = async (): Promise<string> => {
    const res = await server.request("GET", `/api/v1/apps/${APP}/config/raw`, { token: owner });
    assert.equal(res.status, 200, res.text);
    return res.text;
  };
  const backups = async (): Promise<Array<{ ts: string }>> =>
    dataOf<Array<{ ts: string }>>(await server.request("GET", `/api/v1/apps/${APP}/config/backups`, { token: owner }));
  /** Signs in and opens one of the app's tabs by its link, as a person would (a reload would sign the tab out). */
  const openTab = async (email: string, tab: string): Promise<Page> => {
    const page = await ui.open();
    await ui.signIn(page, email);
    await ui.heading(page, "Apps");
    await page.getByRole("link", { name: APP }).click();
    await ui.heading(page, `App ${APP}`);
    await page.getByRole("navigation", { name: "App sections" }).getByRole("link", { name: tab }).click();
    await page.getByRole("heading", { level: 2, name: tab }).waitFor();
    return page;
  };
  const yamlBox = (page: Page) => page.getByRole("textbox", { name: "YAML", exact: true });
  /** The editor's text once the file has loaded. */
  const editorText = async (page: Page, expected?: string): Promise<string> => {
    const editor = yamlBox(page);
    for (let i = 0; i < 100; i++) {
      const value = await editor.inputValue();
      if (expected === undefined ? value !== "" : value === expected) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    return editor.inputValue();
  };

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_ALLOW_SIGNUP: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    owner = await signup(server, "config-owner@example.com", "Config team");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: APP } })).status, 201);
    ui = await ConsoleBrowser.launch(server);
  });
  after(async () => {
    await ui?.close();
    await server?.close();
    await receiver?.close();
  });

  it("edits the YAML, shows the diff before saving, refuses an invalid document, and reverts from a backup", async (t) => {
    const original = await raw();
    const page = await openTab("config-owner@example.com", "Config");
    assert.equal(await editorText(page), original, "the editor shows GET config/raw");
    const save = page.getByRole("button", { name: "Save", exact: true });
    assert.equal(await save.isDisabled(), true, "nothing to save before a validation");

    // An invalid document: the parse error with its line, no Save, nothing written.
    const backupsBefore = (await backups()).length;
    await yamlBox(page).fill(`${original}recording:\n  enabled: [true\n  mode: participant\n`);
    await page.getByRole("button", { name: "Validate" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "does not parse" });
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? "", /Line \d+:/, "the API's line number is shown");
    assert.equal(await save.isDisabled(), true, "an invalid document cannot be saved");
    // A schema error names the path.
    await yamlBox(page).fill(`${original}mqtt:\n  qos: 7\n`);
    await page.getByRole("button", { name: "Validate" }).click();
    await page.getByRole("alert").filter({ hasText: "yaml.mqtt.qos" }).waitFor();
    assert.equal(await save.isDisabled(), true);
    assert.equal(await raw(), original, "the file is byte-identical");
    assert.equal((await backups()).length, backupsBefore, "and no backup was taken");

    // A valid edit: the diff first, then Save; editing again needs a new validation.
    const edited = `${original}latency_alert:\n  threshold_ms: 1234\n`;
    await yamlBox(page).fill(edited);
    await page.getByRole("button", { name: "Validate" }).click();
    const diff = page.getByLabel("Diff of the current config and the edited one");
    await diff.waitFor();
    assert.match((await diff.textContent()) ?? "", /\+latency_alert:\n\+ {2}threshold_ms: 1234/);
    assert.equal(await save.isDisabled(), false, "Save is offered once the diff was shown");
    await yamlBox(page).press("End");
    await yamlBox(page).pressSequentially("#");
    assert.equal(await save.isDisabled(), true, "an edit after the validation needs a new one");
    await yamlBox(page).fill(edited);
    await page.getByRole("button", { name: "Validate" }).click();
    await diff.waitFor();
    await save.click();
    await page.getByText("Saved and reloaded.").waitFor();
    assert.equal(await raw(), edited, "saved through PUT config/raw");
    const mqtt = dataOf<{ latencyAlert: { thresholdMs: number } }>(await server.request("GET", `/api/v1/apps/${APP}/mqtt`, { token: owner }));
    assert.equal(mqtt.latencyAlert.thresholdMs, 1234, "and hot-reloaded: the API reads the new value");
    // The MQTT block on the same tab reloads too.
    await page.getByRole("region", { name: "MQTT and latency alerts" }).locator('input[name="thresholdMs"][value="1234"]').waitFor();

    // Revert from the backups list: the newest backup is the file before the save.
    const newest = (await backups())[0];
    assert.ok(newest);
    await page.locator(`tr[data-backup="${newest.ts}"]`).getByRole("button", { name: /^Review revert to the backup of/ }).click();
    const revertDiff = page.getByLabel("Diff of the current config and the backup");
    await revertDiff.waitFor();
    assert.match((await revertDiff.textContent()) ?? "", /-latency_alert:\n- {2}threshold_ms: 1234/, "what the revert would change");
    await ui.shoot(t, page, "config", true);
    await page.getByRole("button", { name: "Revert to this backup" }).click();
    await page.getByText(/^Reverted to the backup of/).waitFor();
    assert.equal(await raw(), original, "reverted through the API");
    assert.equal(await editorText(page, original), original, "and the editor shows the reverted file");
  });

  it("keeps the MQTT password write-only: set by typing, never shown, removable", async () => {
    const page = await openTab("config-owner@example.com", "Config");
    const block = page.getByRole("region", { name: "MQTT and latency alerts" });
    await block.getByLabel("Broker URL").fill("mqtt://broker.example.com:1883");
    await block.getByLabel("MQTT password", { exact: true }).fill("pa55-word-never-shown");
    await block.getByRole("button", { name: "Save MQTT settings" }).click();
    await page.getByText("MQTT settings saved.").waitFor();
    const mqtt = async () => dataOf<{ url: string; hasPassword: boolean }>(await server.request("GET", `/api/v1/apps/${APP}/mqtt`, { token: owner }));
    const saved = await mqtt();
    assert.equal(saved.url, "mqtt://broker.example.com:1883");
    assert.equal(saved.hasPassword, true, "the typed password was stored");
    await block.getByLabel("MQTT password", { exact: true }).and(page.locator('[placeholder="set (type to replace)"]')).waitFor();
    assert.equal(await block.getByLabel("MQTT password", { exact: true }).inputValue(), "", "the password is not shown");
    assert.ok(!(await page.content()).includes("pa55-word-never-shown"), "nor anywhere in the page");
    assert.ok(!(await raw()).includes("pa55-word-never-shown"), "nor in the YAML");
    await block.getByLabel("Remove the stored MQTT password").check();
    await block.getByRole("button", { name: "Save MQTT settings" }).click();
    await page.getByText("MQTT settings saved.").waitFor();
    assert.equal((await mqtt()).hasPassword, false, "removed");
  });

  it("shows the config read-only, with no write buttons, to a member", async () => {
    const code = await invite(server, owner, "config-member@example.com", "member");
    await acceptInvite(server, "config-member@example.com", code);
    const page = await openTab("config-member@example.com", "Config");
    await editorText(page);
    assert.equal(await yamlBox(page).isEditable(), false, "the editor is read-only");
    for (const name of ["Validate", "Save", "Save S3 settings", "Save MQTT settings", /^Apply /, "Review revert"]) {
      assert.equal(await page.getByRole("button", { name }).count(), 0, `no ${String(name)} button`);
    }
    await page.getByText("Your role can read this app's configuration but not change it.").waitFor();
  });

  it("shows a webhook delivery in the log, its detail, and redelivers it to the receiver", async (t) => {
    const hook = `/${APP}-hook`;
    const set = await server.request("PATCH", `/api/v1/apps/${APP}`, { token: owner, body: { callbackUrl: receiver.url(hook), callbackSecret: "console-secret" } });
    assert.equal(set.status, 200, set.text);
    const to = () => receiver.received.filter((r) => r.path === hook);
    const room = `${APP}-lobby`;
    server.app.events.emit(APP, "chat_message", room, { room, from: "tester", message: "hello from the console test", ts: new Date().toISOString() });
    await receiver.until(() => to().length === 1);
    const first = to()[0];
    assert.ok(first);
    const id = first.json.id;

    const page = await openTab("config-owner@example.com", "Deliveries");
    const row = page.locator(`tr[data-delivery="${id}"]`);
    await row.filter({ hasText: "delivered" }).waitFor({ timeout: 10_000 });
    assert.match((await row.textContent()) ?? "", /chat_message/);
    assert.match((await row.textContent()) ?? "", /HTTP 200/);
    // The event filter goes to the API: another event hides the row.
    await page.getByLabel("Event").selectOption("vod_ready");
    await page.getByText("No deliveries.").waitFor();
    await page.getByLabel("Event").selectOption("chat_message");
    await row.waitFor();

    await row.getByRole("button", { name: /^Details of the chat_message delivery/ }).click();
    await page.getByRole("heading", { level: 3, name: `Delivery ${id}` }).waitFor();
    const body = page.getByLabel("Body of the delivery, exactly as sent");
    assert.equal(await body.textContent(), first.raw.toString("utf8"), "the exact bytes the receiver got");
    assert.match((await page.getByLabel("Headers of the delivery").textContent()) ?? "", new RegExp(`X-Service-Delivery: ${id}`));
    await ui.shoot(t, page, "deliveries", true);

    await page.getByRole("button", { name: "Redeliver" }).click();
    await page.getByText(/^Queued again/).waitFor();
    await receiver.until(() => to().length === 2, 5000, "the redelivery");
    const again = to()[1];
    assert.ok(again);
    assert.equal(again.json.id, id, "a redelivery keeps its id");
    assert.deepEqual(again.raw, first.raw, "and its bytes");
    const stored = dataOf<{ status: string }>(await server.request("GET", `/api/v1/apps/${APP}/callbacks/deliveries/${id}`, { token: owner }));
    assert.ok(["pending", "delivered"].includes(stored.status), stored.status);
  });
});

