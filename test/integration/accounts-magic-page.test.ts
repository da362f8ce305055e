import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { TotpSetup } from "../../src/accounts/totp.ts";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf } from "../helpers/envelope.ts";
import { signup, totpCode } from "../helpers/identity.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRow, globalRows } from "../helpers/rows.ts";
import { mailText, startSmtp } from "../helpers/smtp.ts";
import { eventually } from "../helpers/wait.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("the magic-link page at /auth/magic (issue 12)", () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /**
   * CSP violations and script errors of every page opened, which no test may cause (a 4xx the
   * page asked for is logged too, and is no error of the page's).
   */
  const pageErrors: string[] = [];

  before(async () => {
    smtp = await startSmtp();
    // A fixed port, so the public URL the mail's link is built from is this very server.
    const port = await freePort();
    server = await startServer({
      SERVICE_PORT: String(port),
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SERVICE_SMTP_URL: smtp.url,
      SERVICE_ALLOW_SIGNUP: "on",
    });
    browser = await launchChromium();
  });
  after(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser.close();
    await server.close();
    await smtp.close();
  });

  /** Asks for a link for `email` and answers it as mailed, with its token. */
  const requestLink = async (email: string): Promise<{ link: string; token: string }> => {
    const before = smtp.mails.length;
    const res = await server.request("POST", "/api/v1/auth/magic/request", { body: { email } });
    assert.equal(res.status, 202, res.text);
    await eventually(() => smtp.mails.slice(before).some((m) => m.to.includes(email)), 5000, `a mail to ${email}`);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(email));
    assert.ok(mail);
    const match = /(http:\/\/127\.0\.0\.1:\d+\/auth\/magic#token=([\w-]+))/.exec(mailText(mail));
    assert.ok(match, mail.raw);
    return { link: match[1] as string, token: match[2] as string };
  };

  /** Whether the link is still unused, read from the database (the token's hash is stored). */
  const unused = async (token: string) =>
    (await globalRow(server, sql<{ used_at: string | null }>`SELECT used_at FROM magic_links WHERE code_hash = ${sha256(token)}`))?.used_at === null;

  const openPage = async (link: string): Promise<Page> => {
    const context = await browser.newContext();
    contexts.push(context);
    // A page whose script never ran (a CSP mismatch, say) fails in seconds, not at the runner's timeout.
    context.setDefaultTimeout(5000);
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) pageErrors.push(m.text());
    });
    page.on("pageerror", (err) => pageErrors.push(err.message));
    await page.goto(link);
    return page;
  };

  const heading = (page: Page) => page.locator(".step:not([hidden]) h1").textContent();
  const message = (page: Page) => page.locator("#message").textContent();

  it("answers GET and HEAD with one static page, under a strict policy, and neither uses the link up", async () => {
    await signup(server, "fay@example.com", "Fay");
    const { token } = await requestLink("fay@example.com");
    const plain = await server.request("GET", "/auth/magic");
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get("content-type"), "text/html; charset=utf-8");
    const csp = plain.headers.get("content-security-policy") ?? "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'sha256-[\w+/=]+';/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(plain.headers.get("cache-control"), "no-store");
    assert.equal(plain.headers.get("referrer-policy"), "no-referrer");
    assert.equal(plain.headers.get("x-frame-options"), "DENY");
    assert.equal(plain.headers.get("x-content-type-options"), "nosniff");

    // What scanners send: the link as is (fetch drops the fragment), or rewritten into the query.
    for (const path of [`/auth/magic#token=${token}`, `/auth/magic?token=${token}`, `/auth/magic/?token=${token}&code=123456`]) {
      const got = await server.request("GET", path);
      assert.equal(got.status, 200);
      assert.equal(got.text, plain.text, `${path} answers the same bytes`);
      const head = await server.request("HEAD", path);
      assert.equal(head.status, 200);
      assert.equal(head.text, "");
      assert.equal(head.headers.get("content-length"), String(Buffer.byteLength(plain.text)));
      assert.equal(head.headers.get("content-security-policy"), csp);
    }
    assert.ok(await unused(token), "fetching the page used the link up");
    const verified = await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } });
    assert.equal(verified.status, 200, verified.text);
  });

  it("signs in from the mailed link in Chromium on the button press only, keeping nothing in the browser", async () => {
    await signup(server, "ivy@example.com", "Ivy");
    const { link, token } = await requestLink("ivy@example.com");
    const page = await openPage(link);
    assert.equal(await heading(page), "Sign in");
    // Rendered and scripted, the page has still used nothing up, and the token left the address bar.
    assert.ok(await unused(token));
    assert.equal(page.url(), new URL("/auth/magic", link).href);

    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("#done").waitFor({ state: "visible" });
    assert.equal(await heading(page), "You are signed in");
    assert.equal(await page.locator("#who").textContent(), "ivy@example.com");
    assert.ok(!(await unused(token)));
    const session = await page.locator("#session").inputValue();
    const me = await server.request("GET", "/api/v1/account", { token: session });
    assert.equal(dataOf<{ email: string }>(me).email, "ivy@example.com");

    assert.deepEqual(await page.context().cookies(), []);
    assert.equal(await page.evaluate("localStorage.length + sessionStorage.length"), 0);
    assert.deepEqual(pageErrors, []);
  });

  it("shows the API's error for a used, an expired or a partial link, and offers a new link", async () => {
    await signup(server, "kim@example.com", "Kim");
    const { link, token } = await requestLink("kim@example.com");
    assert.equal((await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } })).status, 200);
    const used = await openPage(link);
    await used.getByRole("button", { name: "Sign in" }).click();
    await used.locator("#failed").waitFor({ state: "visible" });
    assert.equal(await heading(used), "This link cannot sign you in");
    assert.equal(await message(used), "the sign-in link is unknown, expired or already used; ask for a new one");

    const before = smtp.mails.length;
    await used.getByLabel("Email").fill("kim@example.com");
    await used.getByRole("button", { name: "Send me a new link" }).click();
    await eventually(async () => /a new link is on its way/.test((await message(used)) ?? ""), 5000, "the page to confirm the request");
    await eventually(() => smtp.mails.length > before, 5000, "the new link's mail");
    // The new link signs in, even rewritten (as some mail systems do) into the query.
    const fresh = /#token=([\w-]+)/.exec(mailText(smtp.mails.at(-1) ?? { from: "", to: [], raw: "" }))?.[1];
    assert.ok(fresh);
    const rewritten = await openPage(new URL(`/auth/magic?token=${fresh}`, link).href);
    assert.equal(rewritten.url(), new URL("/auth/magic", link).href);
    await rewritten.getByRole("button", { name: "Sign in" }).click();
    await rewritten.locator("#done").waitFor({ state: "visible" });
    assert.ok(!(await unused(fresh)));

    const expired = "expired-link-token-of-the-page-test";
    const kim = (await globalRow(server, sql<{ id: number }>`SELECT id FROM users WHERE email = 'kim@example.com'`))?.id;
    await globalRows(
      server,
      sql`INSERT INTO magic_links (user_id, code_hash, created_at, expires_at) VALUES (${kim}, ${sha256(expired)}, ${new Date(Date.now() - 16 * 60_000).toISOString()}, ${new Date(Date.now() - 60_000).toISOString()})`,
    );
    const late = await openPage(new URL(`/auth/magic#token=${expired}`, link).href);
    await late.getByRole("button", { name: "Sign in" }).click();
    await late.locator("#failed").waitFor({ state: "visible" });
    assert.match((await message(late)) ?? "", /expired/);

    const partial = await openPage(new URL("/auth/magic#token=abc", link).href);
    assert.equal(await heading(partial), "This link cannot sign you in");
    assert.match((await message(partial)) ?? "", /needs the whole link/);
    assert.deepEqual(pageErrors, []);
  });

  it("asks for the 2FA code, shows a wrong one's error without using the link, and signs in with the right one", async () => {
    const jwt = await signup(server, "jay@example.com", "Jay");
    const { secret } = dataOf<TotpSetup>(await server.request("POST", "/api/v1/account/2fa/setup", { token: jwt }));
    assert.equal((await server.request("POST", "/api/v1/account/2fa/enable", { token: jwt, body: { code: await totpCode(secret) } })).status, 200);
    const { link, token } = await requestLink("jay@example.com");
    const page = await openPage(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("#code").waitFor({ state: "visible" });
    assert.equal(await heading(page), "Two-factor code");
    assert.match((await message(page)) ?? "", /authenticator/);

    // A code far outside the accepted window, and different from every code inside it.
    const valid = await Promise.all([-1, 0, 1].map((step) => totpCode(secret, step)));
    let wrong = await totpCode(secret, 10);
    if (valid.includes(wrong)) wrong = String((Number(wrong) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("Code from your authenticator app").fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await eventually(async () => (await message(page)) === "the 2FA code is wrong or was already used", 5000, "the wrong code's error");
    assert.equal(await heading(page), "Two-factor code");
    assert.ok(await unused(token));

    await page.getByLabel("Code from your authenticator app").fill(await totpCode(secret, 1));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("#done").waitFor({ state: "visible" });
    assert.equal(await page.locator("#who").textContent(), "jay@example.com");
    assert.ok(!(await unused(token)));
    assert.deepEqual(pageErrors, []);
  });

  // Last: it spends this address's verification allowance for the rest of the minute.
  it("shows the rate limit's error and keeps the link for a later press", async () => {
    const { link, token } = await requestLink("fay@example.com");
    for (let i = 0; i < 20; i++) {
      await server.request("POST", "/api/v1/auth/magic/verify", { body: { token: `not-a-real-link-token-${i}` } });
    }
    const page = await openPage(link);
    await page.getByRole("button", { name: "Sign in" }).click();
    await eventually(async () => /^too many sign-in link attempts; try again in \d+ s$/.test((await message(page)) ?? ""), 5000, "the limit's error");
    assert.equal(await heading(page), "Sign in");
    assert.ok(await unused(token));
    assert.deepEqual(pageErrors, []);
  });
});
