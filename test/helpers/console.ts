import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser.ts";
import { PASSWORD } from "./identity.ts";
import type { TestServer } from "./server.ts";

/**
 * The web console in Debian's headless Chromium, for the console's test files: each page in a
 * browser context of its own (so sessions are separate), sign-in through the form, and
 * screenshots kept after the run as the tests' artifacts.
 */
export class ConsoleBrowser {
  private readonly contexts: BrowserContext[] = [];
  /** Kept after the run (unlike tempDir): they are the test's artifacts. */
  readonly shots = mkdtempSync(path.join(os.tmpdir(), "console-screens-"));

  private constructor(
    private readonly browser: Browser,
    private readonly server: TestServer,
  ) {}

  static async launch(server: TestServer): Promise<ConsoleBrowser> {
    return new ConsoleBrowser(await launchChromium(), server);
  }

  /** A new context on `/console<hash>`; a script error on the page fails the test. */
  async open(hash = "#/apps"): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width: 1000, height: 800 } });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (err) => assert.fail(`page error: ${err.message}`));
    await page.goto(`${this.server.url}/console${hash}`);
    return page;
  }

  async signIn(page: Page, user: string, password = PASSWORD): Promise<void> {
    await page.getByLabel("Email or admin username").fill(user);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  /** Waits for the page's level-1 heading. */
  heading(page: Page, name: string | RegExp): Promise<void> {
    return page.getByRole("heading", { level: 1, name }).waitFor();
  }

  /** A full-page screenshot in `shots`; `main` ones are copied to /tmp/console-<name>.png for the README. */
  async shoot(t: TestContext, page: Page, name: string, main = false): Promise<void> {
    const file = path.join(this.shots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    t.diagnostic(`screenshot ${file}`);
    if (main) copyFileSync(file, `/tmp/console-${name}.png`);
  }

  async close(): Promise<void> {
    await Promise.all(this.contexts.map((c) => c.close().catch(() => undefined)));
    await this.browser.close();
  }
}
