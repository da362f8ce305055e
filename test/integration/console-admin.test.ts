import assert from "node:assert/strict";
import { after, before, describe, it, type TestContext } from "node:test";
import type { Page } from "playwright-core";
import type { NodeView } from "../../src/cluster/service.ts";
import { createApp } from "../helpers/apps.ts";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { account, invite, login, PASSWORD, signup } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const CLUSTER_TOKEN = "cluster-secret-for-the-console-0123456789";
const ADMIN_PASSWORD = "break-glass-password";

/**
 * The console's operator pages (cluster, system) and the pages before an account exists (sign-up,
 * invite acceptance), plus changing the password, in headless Chromium against the real service.
 */
describe("web console: operator pages and joining", () => {
  let server: TestServer;
  let ui: ConsoleBrowser;
  let owner: string;
  const heading = (page: Page, name: string | RegExp) => ui.heading(page, name);
  const shoot = (t: TestContext, page: Page, name: string, main = false) => ui.shoot(t, page, name, main);
  const asAdmin = async (hash: string, heading1: string): Promise<Page> => {
    const page = await ui.open(hash);
    await ui.signIn(page, "root", ADMIN_PASSWORD);
    await heading(page, heading1);
    return page;
  };

  before(async () => {
    server = await startServer({
      SERVICE_PORT: String(await freePort()),
      SERVICE_ALLOW_SIGNUP: "on",
      SERVICE_ADMIN_USERNAME: "root",
      SERVICE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SERVICE_CLUSTER_TOKEN: CLUSTER_TOKEN,
      // Short, so a node goes stale within the test (90 s in production).
      SERVICE_CLUSTER_STALE_SECONDS: "2",
    });
    owner = await signup(server, "owner@example.com", "Acme");
    await createApp(server, { name: "front-door" }, owner);
    ui = await ConsoleBrowser.launch(server);
  });
  after(async () => {
    await ui?.close();
    await server?.close();
  });

  it("shows the superadmin a joined edge node, then flags it stale when its heartbeats stop", async (t) => {
    const join = await server.request("POST", "/api/v1/cluster/join", {
      headers: { "x-cluster-token": CLUSTER_TOKEN },
      body: { name: "edge-paris", ip: "10.0.0.7", region: "eu-west" },
    });
    assert.equal(join.status, 200, join.text);
    const { nodeId } = dataOf<{ nodeId: string }>(join);
    const heartbeat = () => server.request("POST", "/api/v1/cluster/heartbeat", { headers: { "x-cluster-token": CLUSTER_TOKEN }, body: { nodeId, stats: { rooms: 3 } } });
    const beat = await heartbeat();
    assert.equal(beat.status, 200, beat.text);
    // The node beats every 500 ms until the page has shown it live: signing in can take longer than the 2 s stale period on a busy machine.
    const beating = setInterval(() => void heartbeat().catch(() => undefined), 500).unref();
    const page = await asAdmin("#/apps", "Apps");
    await page.getByRole("link", { name: "Cluster" }).click();
    await heading(page, "Cluster");
    const row = page.locator(`tr[data-node="${nodeId}"]`);
    await row.waitFor();
    assert.match((await row.textContent()) ?? "", /edge-paris.*Live.*active.*10\.0\.0\.7.*eu-west.*rooms: 3/s);
    assert.equal(await row.getAttribute("data-stale"), "false");
    await shoot(t, page, "cluster-live");
    clearInterval(beating);

    // No more heartbeats: after 2 s the API derives `stale`, and the page shows it on a refresh.
    await page.locator(`tr[data-node="${nodeId}"][data-stale="true"]`).waitFor({ timeout: 15_000 });
    await row.getByText("Stale").waitFor();
    await page.getByText("1 node, 1 stale").waitFor();
    const nodes = dataOf<NodeView[]>(await server.request("GET", "/api/v1/cluster/nodes", { token: server.rootToken }));
    assert.deepEqual(nodes.map((n) => [n.nodeId, n.stale]), [[nodeId, true]]);
    await shoot(t, page, "cluster", true);
  });

  it("shows no Cluster or System link to a team owner, and the cluster page tells them why", async () => {
    const page = await ui.open("#/cluster");
    await ui.signIn(page, "owner@example.com");
    await heading(page, "Cluster");
    await page.getByText("Only superadmins see the cluster.").waitFor();
    assert.equal(await page.getByRole("link", { name: "Cluster" }).count(), 0);
    assert.equal(await page.getByRole("link", { name: "System" }).count(), 0);
  });

  it("shows the system settings redacted, GPU status and database health, and optimizes an app's database after confirming", async (t) => {
    const page = await asAdmin("#/apps", "Apps");
    await page.getByRole("link", { name: "System" }).click();
    await heading(page, "System");

    // Settings as the API answers them: credentials only as `…Set`, never their values.
    const tokenSet = page.locator('tr[data-setting="clusterTokenSet"]');
    await tokenSet.waitFor();
    assert.match((await tokenSet.textContent()) ?? "", /clusterTokenSet\s*yes/);
    assert.match((await page.locator('tr[data-setting="cluster.staleMs"]').textContent()) ?? "", /2000/);
    const settingsText = (await page.getByRole("region", { name: "Settings" }).textContent()) ?? "";
    assert.doesNotMatch(settingsText, new RegExp(CLUSTER_TOKEN));
    assert.doesNotMatch(settingsText, new RegExp(ADMIN_PASSWORD));

    const gpu = page.getByRole("region", { name: "GPU" });
    await gpu.getByText(/Hardware acceleration/).waitFor();
    assert.match((await gpu.textContent()) ?? "", /(not )?available.*NVIDIA.*VA-API.*ffmpeg/s);
    await gpu.getByRole("button", { name: "Probe again" }).click();
    await gpu.getByText("Probed again.").waitFor();

    const dbs = page.getByRole("region", { name: "Databases" });
    const global = dbs.locator('tr[data-db=""]');
    await global.waitFor();
    assert.match((await global.textContent()) ?? "", /Global.*ok/s);
    const app = dbs.locator('tr[data-db="front-door"]');
    await app.waitFor();
    assert.match((await app.textContent()) ?? "", /front-door.*ok/s);
    await shoot(t, page, "system", true);

    // Optimize asks first; Cancel does nothing.
    await app.getByRole("button", { name: "Optimize the database of app front-door" }).click();
    await dbs.getByRole("heading", { name: "Optimize the database of app front-door?" }).waitFor();
    await dbs.getByRole("button", { name: "Cancel" }).click();
    assert.equal(await dbs.getByRole("heading", { name: /Optimize the database/ }).count(), 0);

    await app.getByRole("button", { name: "Optimize the database of app front-door" }).click();
    await dbs.getByRole("button", { name: "Optimize front-door now" }).click();
    await dbs.getByText(/Optimized front-door in \d+ ms/).waitFor();
    // The app is back online and healthy afterwards.
    const health = await server.request("GET", "/api/v1/apps/front-door/db/health", { token: server.rootToken });
    assert.equal(health.status, 200, health.text);
    assert.equal(dataOf<{ integrity: string }>(health).integrity, "ok");
    await shoot(t, page, "system-optimized");
  });

  it("lets a person sign up from the sign-in page and lands them signed in", async (t) => {
    const page = await ui.open();
    await heading(page, "Sign in");
    await page.getByRole("link", { name: "Create an account" }).click();
    await heading(page, "Create an account");
    await page.getByLabel("Email").fill("new@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Team name").fill("Newco");
    await shoot(t, page, "signup", true);
    await page.getByRole("button", { name: "Create account" }).click();
    await heading(page, "Apps");
    await page.getByText("new@example.com").waitFor();
    assert.equal(new URL(page.url()).hash, "#/apps");
    const me = await account(server, await login(server, "new@example.com"));
    assert.equal(me.role, "owner");
  });

  it("says so, with no form and no link, when sign-up is off", async () => {
    const closed = await startServer({ SERVICE_PORT: String(await freePort()) });
    const browser = await ConsoleBrowser.launch(closed);
    try {
      const page = await browser.open();
      await heading(page, "Sign in");
      // The sign-in page asked the config already; the link is absent, not merely late.
      await page.waitForLoadState("networkidle");
      assert.equal(await page.getByRole("link", { name: "Create an account" }).count(), 0);
      await page.goto(`${closed.url}/console#/signup`);
      await heading(page, "Create an account");
      await page.getByText("Sign-up is closed on this service.").waitFor();
      assert.equal(await page.getByRole("button", { name: "Create account" }).count(), 0);
    } finally {
      await browser.close();
      await closed.close();
    }
  });

  it("accepts an invitation from its link and lands the person signed in, in the inviting team", async (t) => {
    const code = await invite(server, owner, "invited@example.com", "admin");
    const page = await ui.open(`#/invite?code=${code}`);
    await heading(page, "Accept an invitation");
    // The code is read once and taken out of the address bar.
    assert.equal(new URL(page.url()).hash, "#/invite");
    assert.equal(await page.getByLabel("Invitation code").count(), 0);
    await page.getByLabel("Email").fill("invited@example.com");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await shoot(t, page, "invite");
    await page.getByRole("button", { name: "Create account and join" }).click();
    await heading(page, "Apps");
    await page.getByRole("link", { name: "front-door" }).waitFor();
    const [me, inviter] = [await account(server, await login(server, "invited@example.com")), await account(server, owner)];
    assert.deepEqual([me.teamId, me.role], [inviter.teamId, "admin"]);

    // A used code is refused with the API's message; a pasted code works the same as a link.
    const again = await ui.open("#/invite");
    await again.getByLabel("Invitation code").fill(code);
    await again.getByLabel("Email").fill("invited@example.com");
    await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await again.getByRole("button", { name: "Create account and join" }).click();
    await again.getByRole("alert").getByText(/invite code is unknown, expired, used/).waitFor();
  });

  it("changes the password from the account page; the new one signs in and the old one no longer does", async (t) => {
    await signup(server, "changer@example.com", "Changers");
    const NEW_PASSWORD = "a brand new passphrase";
    const page = await ui.open();
    await ui.signIn(page, "changer@example.com");
    await heading(page, "Apps");
    await page.getByRole("link", { name: "Account" }).click();
    await heading(page, "Account");

    await page.getByLabel("Current password").fill("not the password");
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("alert").getByText("the current password is wrong").waitFor();

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed.").waitFor();
    await shoot(t, page, "account-password");
    // A wrong current password did not sign this tab out, and neither did the change.
    await heading(page, "Account");
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await heading(page, "Sign in");
    const old = await server.request("POST", "/api/v1/auth/login", { body: { user: "changer@example.com", password: PASSWORD } });
    assert.equal(old.status, 401, old.text);
    assert.equal(errorOf(old).code, "invalid_credentials");
    await ui.signIn(page, "changer@example.com", NEW_PASSWORD);
    // Signing out kept the address, so the person is back on their account page.
    await heading(page, "Account");
    await page.getByText("changer@example.com").first().waitFor();
  });
});
