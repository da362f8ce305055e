import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

/**
 * The documentation is the README (a front page) and one page per topic in docs/ (issue 31).
 * These checks keep what the split promised: nothing of the old single README is lost, every
 * relative link lands on a file and heading that exist, and the pages stay what a reader expects.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const docsPages = readdirSync(path.join(root, "docs"))
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => `docs/${f}`);
const allPages = ["README.md", ...docsPages];

/** Every heading of README.md as it was before the split (`git show 99b56c0:README.md`), in order. */
const OLD_README_HEADINGS = [
  "service-core", "Quick start", "Installing: the better-sqlite3 build", "Configuration",
  "API conventions", "API reference: OpenAPI document and docs page", "Identity and access",
  "Credential kinds", "People, teams and sessions", "Two-factor authentication", "Magic links",
  "Permissions", "Plans and quotas", "Abuse limits", "Security choices", "Threat model", "Apps",
  "config.yaml", "Secrets store", "Media plane (LiveKit)", "WebSocket MJPEG cameras",
  "Player pages and the browser SDK", "`/sdk/`", "Benchmark: time to first frame", "Web console",
  "Stack, and why", "Pages", "Session handling and CSRF", "Accessibility", "Tests",
  "Not built yet", "Restreaming", "Recording and VODs", "Recording LiveKit rooms", "Live HLS",
  "Plugins", "Events: webhooks, MQTT and the latency monitor", "Signed webhooks", "MQTT",
  "Latency monitor", "Edge-node cluster registry", "Observability", "Logs", "System routes",
  "Hardening", "API rate limits", "Audit log", "Rotating and disabling keys",
  "Damaged per-app files", "Route fuzzing", "Storage", "Lifecycle", "Worker-thread pools",
  "Layout", "Adding a domain", "Tests", "Benchmarks", "HTTP throughput", "Recording and VODs",
  "MJPEG fan-out", "Log store", "Restreaming", "Plugins", "Soak", "Event delivery",
  "Dependencies and why",
];

/** One page per topic a reader looks for (issue 31's list, plus the client, player and console pages). */
const TOPIC_PAGES = [
  "getting-started", "configuration", "api", "client", "identity-and-access", "apps", "media-server",
  "cameras", "player", "console", "recording", "restream", "plugins", "events", "cluster",
  "observability", "security", "operations", "development", "benchmarks",
].map((name) => `docs/${name}.md`);

/** A page's lines outside fenced code blocks, with 1-based numbers. */
function prose(text: string): Array<{ line: number; text: string }> {
  let fenced = false;
  return text.split("\n").flatMap((line, i) => {
    if (/^ {0,3}```/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: i + 1, text: line }];
  });
}

const headings = (text: string) =>
  prose(text).flatMap((l) => {
    const m = /^#{1,6} (.*)$/.exec(l.text);
    return m ? [m[1]!.trim()] : [];
  });

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const heading of headings(text)) {
    const slug = heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Relative link and image targets of a page's prose (inline code and absolute URLs left out). */
function relativeLinks(text: string): Array<{ line: number; target: string }> {
  return prose(text).flatMap((l) =>
    [...l.text.replace(/`[^`]*`/g, "").matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
      .map((m) => ({ line: l.line, target: m[1]! }))
      .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link.target)),
  );
}

/** Why a link from `page` to `target` does not land, or null when it does. */
function brokenLink(page: string, target: string): string | null {
  const [file = "", anchor] = target.split("#");
  const resolved = file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file)).replace(/\/$/, "");
  if (!existsSync(path.join(root, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined) return null;
  if (statSync(path.join(root, resolved)).isDirectory() || !resolved.endsWith(".md")) return `${resolved} has no headings to point at`;
  return anchors(read(resolved)).has(anchor) ? null : `${resolved} has no heading #${anchor}`;
}

describe("docs: the README split into a front page and one page per topic", () => {
  it("keeps every heading of the old README in the README or a docs/ page", () => {
    const now = allPages.flatMap((page) => headings(read(page)));
    const missing = [...new Set(OLD_README_HEADINGS)].filter(
      (h) => now.filter((n) => n === h).length < OLD_README_HEADINGS.filter((o) => o === h).length,
    );
    assert.deepEqual(missing, [], "these sections of the old README landed nowhere");
  });

  it("points every relative link of README.md and docs/*.md at a file and heading that exist", () => {
    const broken = allPages.flatMap((page) =>
      relativeLinks(read(page)).flatMap(({ line, target }) => {
        const why = brokenLink(page, target);
        return why === null ? [] : [`${page}:${line} (${target}): ${why}`];
      }),
    );
    assert.deepEqual(broken, []);
  });

  it("keeps the README a front page, under 250 lines", () => {
    const lines = read("README.md").split("\n").length;
    assert.ok(lines <= 250, `README.md has ${lines} lines: move the detail into a docs/ page`);
  });

  it("has a page for every topic, each linked from docs/README.md and from the README", () => {
    assert.deepEqual(TOPIC_PAGES.filter((page) => !docsPages.includes(page)), [], "missing pages");
    const index = relativeLinks(read("docs/README.md")).map((l) => `docs/${l.target.split("#")[0]}`);
    assert.deepEqual(docsPages.filter((p) => p !== "docs/README.md" && !index.includes(p)), [], "pages the index does not list");
    const front = relativeLinks(read("README.md")).map((l) => l.target.split("#")[0]);
    assert.deepEqual(TOPIC_PAGES.filter((p) => !front.includes(p)), [], "topics the front page does not point to");
  });

  it("opens every docs/ page with its title and then what a reader can do with it", () => {
    const bad = docsPages.flatMap((page) => {
      const [title, blank, first = ""] = read(page).split("\n");
      const ok = /^# \S/.test(title ?? "") && blank === "" && /^[A-Z]/.test(first) && !first.startsWith("|");
      return ok ? [] : [`${page}: "${title}" then "${first}"`];
    });
    assert.deepEqual(bad, []);
  });

  it("has no fragment of an HTML comment (a stray one renders as text, or as a heading)", () => {
    // A whole comment on one line renders as nothing; half of one shows up on the page.
    const stray = allPages.flatMap((page) =>
      prose(read(page))
        .filter((l) => /<!--|-->/.test(l.text.replace(/<!--.*?-->/g, "")))
        .map((l) => `${page}:${l.line}: ${l.text}`),
    );
    assert.deepEqual(stray, []);
  });

  it("shows the real tokensModule in 'Adding a domain'", () => {
    const fn = (text: string) => /^export function tokensModule[\s\S]*?^}$/m.exec(text)?.[0];
    const real = fn(read("src/tokens/module.ts"));
    assert.ok(real, "src/tokens/module.ts has no tokensModule");
    assert.equal(fn(read("docs/development.md")), real);
  });
});

describe("docs: the checks themselves", () => {
  it("makes GitHub's anchors, numbering repeated headings", () => {
    const page = "# Media plane (LiveKit)\n## `/sdk/`\n## Tests\n```\n# not a heading\n```\n## Tests\n## Events: webhooks, MQTT and more\n";
    assert.deepEqual([...anchors(page)], ["media-plane-livekit", "sdk", "tests", "tests-1", "events-webhooks-mqtt-and-more"]);
  });

  it("finds relative links and images outside code, and leaves URLs and inline code alone", () => {
    const page = "See [a](apps.md#x) and ![b](../test/x.png), [c](https://e.com), `[d](no.md)`.\n```\n[e](no.md)\n```\n";
    assert.deepEqual(relativeLinks(page).map((l) => l.target), ["apps.md#x", "../test/x.png"]);
  });

  it("tells a missing file and a missing heading from a good link", () => {
    assert.equal(brokenLink("docs/api.md", "apps.md#secrets-store"), null);
    assert.equal(brokenLink("docs/api.md", "nope.md"), "docs/nope.md does not exist");
    assert.equal(brokenLink("docs/api.md", "apps.md#nope"), "docs/apps.md has no heading #nope");
    assert.equal(brokenLink("README.md", "#two-commands"), null);
  });
});
