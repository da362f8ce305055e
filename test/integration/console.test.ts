import assert from "node:assert/strict";
import { after, before, describe, it, type TestContext } from "node:test";
import type { Page } from "playwright-core";
import { latencyLatch } from "../../machines/latency-latch.ts";
import { ConsoleBrowser } from "../helpers/console.ts";
import { dataOf } from "../helpers/envelope.ts";
import { acceptInvite, invite, login, signup, totpCode } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The web console (issue 18) in Debian's headless Chromium against the real service: sign-in with
 * a password and with TOTP, 2FA enrolment, apps, sessions, roles, and a forged cross-site POST.
 */
describe("web console", () => {
  let server: TestServer;
  let ui: ConsoleBrowser;
  let owner: string;
  const ADMIN_PASSWORD = "break-glass-password";
  const open = (hash?: string) => ui.open(hash);
  const signIn = (page: Page, user: string, password?: string) => ui.signIn(page, user, password);
  const heading = (page: Page, name: string) => ui.heading(page, name);
  const shoot = (t: TestContext, page: Page, name: string, main = false) => ui.shoot(t, page, name, main);

  before(async () => {
    server = await startServer({
      SERVICE_PORT: String(await freePort()),
      SERVICE_ALLOW_SIGNUP: "on",
      SERVICE_ADMIN_USERNAME: "root",
      SERVICE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    owner = await signup(server, "owner@example.com", "Acme");
    ui = await ConsoleBrowser.launch(server);
  });
  after(async () => {
    await ui?.close();
    await server?.close();
  });

  it("serves one shell with a per-response nonce and versioned assets with ETags", async () => {
    const [a, b] = [await server.request("GET", "/console"), await server.request("GET", "/console")];
    assert.equal(a.status, 200);
    const csp = a.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'nonce-[^']+' 'strict-dynamic'/);
    assert.match(csp, /img-src 'self' data:/);
    assert.match(csp, /form-action 'none'/);
    assert.notEqual(csp, b.headers.get("content-security-policy"), "a fresh nonce per response");
    assert.equal(a.headers.get("cache-control"), "no-store");
    const main = /src="(\/console\/assets\/main\.js\?v=[\w-]+)"/.exec(a.text)?.[1];
    assert.ok(main, a.text);
    const asset = await server.request("GET", main);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("cache-control") ?? "", /immutable/);
    const etag = asset.headers.get("etag") ?? "";
    const again = await server.request("GET", "/console/assets/main.js", { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    for (const vendor of ["preact.js", "preact-hooks.js", "htm.js"]) {
      assert.equal((await server.request("GET", `/console/assets/${vendor}`)).status, 200, vendor);
    }
    assert.equal((await server.request("GET", "/console/assets/nope.js")).status, 404);
  });

  it("signs in with a password, then creates, edits and deletes an app", async (t) => {
    const page = await open();
    await heading(page, "Sign in");
    await shoot(t, page, "signin", true);
    await signIn(page, "owner@example.com");
    await heading(page, "Apps");
    await page.getByLabel("Name", { exact: true }).fill("front-door");
    await page.getByLabel("Display name (optional)").fill("Front door");
    await page.getByRole("button", { name: "Create app" }).click();
    await heading(page, "App front-door");

    await page.getByLabel("Display name").fill("The front door");
    await page.getByLabel("Chat").check();
    await page.getByLabel("Webhook signing key").fill("s3cret-key");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Saved.").waitFor();
    const app = dataOf<{ displayName: string; features: { chat: boolean }; callbackSecretSet: boolean }>(
      await server.request("GET", "/api/v1/apps/front-door", { token: owner }),
    );
    assert.equal(app.displayName, "The front door");
    assert.equal(app.features.chat, true);
    assert.equal(app.callbackSecretSet, true);
    await shoot(t, page, "app", true);

    const remove = page.getByRole("button", { name: "Delete app front-door" });
    assert.equal(await remove.isDisabled(), true, "deleting needs the name typed");
    await page.getByLabel("Type front-door to confirm").fill("front-doo");
    assert.equal(await remove.isDisabled(), true);
    await page.getByLabel("Type front-door to confirm").fill("front-door");
    await remove.click();
    await page.getByText("App front-door was deleted.").waitFor();
    await heading(page, "Apps");
    assert.equal((await server.request("GET", "/api/v1/apps/front-door", { token: owner })).status, 404);
    await shoot(t, page, "apps", true);
  });

  it("enrols 2FA from the QR code's secret, then signs in with password and TOTP", async (t) => {
    await signup(server, "tfa@example.com", "Two factor");
    const page = await open("#/account");
    await signIn(page, "tfa@example.com");
    await heading(page, "Account");
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const qr = page.getByRole("img", { name: /QR code/ });
    await qr.waitFor();
    assert.match((await qr.getAttribute("src")) ?? "", /^data:image\//);
    assert.ok(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0), "the QR code renders under the CSP");
    const secret = (await page.locator(".secret").textContent()) ?? "";
    await shoot(t, page, "account-2fa", true);
    await page.getByLabel("Code from the app").fill(await totpCode(secret));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await page.getByText("Two-factor authentication is on.").waitFor();
    await page.getByText("Status: on").waitFor();

    const next = await open();
    await signIn(next, "tfa@example.com");
    const code = next.getByLabel("Authenticator code");
    await code.waitFor();
    assert.equal(await code.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement), true, "focus moves to the code");
    await shoot(t, next, "signin-totp");
    // The enrolment used this step's code; the next step's is accepted once.
    await code.fill(await totpCode(secret, 1));
    await next.getByRole("button", { name: "Verify and sign in" }).click();
    await heading(next, "Apps");
  });

  it("signs the break-glass admin in and shows it the actors, refreshing live", async (t) => {
    const latch = server.app.supervisor.spawn("latency:console:lobby", latencyLatch, { room: "lobby", thresholdMs: 100, cooldownSeconds: 60 });
    const page = await open();
    await signIn(page, "root", ADMIN_PASSWORD);
    await heading(page, "Apps");
    await page.getByRole("heading", { name: "Create an app" }).waitFor();
    await page.getByRole("link", { name: "Actors" }).click();
    await heading(page, "Actors");
    const row = page.locator('tr[data-actor="latency:console:lobby"]');
    await row.waitFor();
    const before = await row.locator("td").nth(2).textContent();
    // A high round trip moves the latch; the page shows it on its next refresh, without a reload.
    latch.send({ type: "sample", rttMs: 250, at: Date.now(), participants: 2, publishers: 1 });
    await page.waitForFunction(
      ([selector, text]) => (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector(selector)?.textContent !== text,
      ['tr[data-actor="latency:console:lobby"] td:nth-child(3)', before] as const,
      { timeout: 5000 },
    );
    await shoot(t, page, "actors", true);
  });

  it("shows no Actors link to people who are not operators", async () => {
    const page = await open();
    await signIn(page, "owner@example.com");
    await heading(page, "Apps");
    assert.equal(await page.getByRole("link", { name: "Actors" }).count(), 0);
  });

  it("revokes another session, which is signed out on its next request", async (t) => {
    const mine = await open("#/account");
    await signIn(mine, "owner@example.com");
    await heading(mine, "Account");
    const other = await open("#/account");
    await signIn(other, "owner@example.com");
    await heading(other, "Account");

    // Back and forth reloads the list, which now includes the other context's session.
    await mine.getByRole("link", { name: "Apps" }).click();
    await mine.getByRole("link", { name: "Account" }).click();
    const rows = mine.locator("tr[data-session]");
    await rows.nth(1).waitFor();
    await shoot(t, mine, "account", true);
    await rows.nth(2).waitFor();
    assert.ok((await rows.count()) >= 3, "this session, the other context's, and the earlier test's");
    await mine.getByRole("button", { name: "Revoke all other sessions" }).click();
    await mine.getByText("Every other session is revoked.").waitFor();
    assert.equal(await rows.count(), 1);

    // Its next request is refused; the console forgets the token and asks to sign in again.
    await other.getByRole("link", { name: "Apps" }).click();
    await heading(other, "Sign in");
    await other.getByText("Your session has ended. Sign in again.").waitFor();

    // One session revoked by its own button, from a third context.
    const third = await open("#/account");
    await signIn(third, "owner@example.com");
    await heading(third, "Account");
    await mine.getByRole("link", { name: "Apps" }).click();
    await mine.getByRole("link", { name: "Account" }).click();
    await mine.getByRole("button", { name: /^Revoke session started/ }).click();
    await mine.getByText("Session revoked.").waitFor();
    await third.getByRole("link", { name: "Apps" }).click();
    await heading(third, "Sign in");

    // Signing out revokes the session at the service.
    await mine.getByRole("button", { name: "Sign out" }).click();
    await heading(mine, "Sign in");
    await mine.getByText("You are signed out.").waitFor();
  });

  it("shows a member no write buttons, and the settings read-only", async (t) => {
    // The signup session was revoked with "all others" above.
    owner = await login(server, "owner@example.com");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "shared" } })).status, 201);
    await acceptInvite(server, "member@example.com", await invite(server, owner, "member@example.com", "member"));
    const page = await open();
    await signIn(page, "member@example.com");
    await heading(page, "Apps");
    await page.getByRole("link", { name: "shared" }).waitFor();
    assert.equal(await page.getByRole("heading", { name: "Create an app" }).count(), 0);
    await page.getByRole("link", { name: "shared" }).click();
    await heading(page, "App shared");
    await page.getByText("Your role can view these settings but not change them.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Save settings" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: /Delete/ }).count(), 0);
    assert.equal(await page.getByLabel("Display name").isDisabled(), true);
    await shoot(t, page, "member-app", true);
  });

  it("refuses a cross-site form POST to the API even while a console tab is signed in", async () => {
    const page = await open();
    await signIn(page, "owner@example.com");
    await heading(page, "Apps");
    // A page on another origin posts a JSON-looking text/plain form (the classic CSRF shape).
    const evil = await page.context().newPage();
    await evil.route("http://evil.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${server.url}/api/v1/apps" enctype="text/plain">
          <input name='{"name":"evil-app","x":"' value='"}'><button>go</button></form>`,
      }),
    );
    await evil.goto("http://evil.test/");
    const [answer] = await Promise.all([evil.waitForResponse(`${server.url}/api/v1/apps`), evil.getByRole("button", { name: "go" }).click()]);
    assert.equal(answer.status(), 401, "the browser holds no credential to attach");
    assert.equal((await server.request("GET", "/api/v1/apps/evil-app", { token: server.rootToken })).status, 404);
  });

  it("works in a narrow window", async (t) => {
    const page = await open();
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, "owner@example.com");
    await heading(page, "Apps");
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);
    await shoot(t, page, "apps-narrow", true);
  });
});
