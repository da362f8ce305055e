import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");

/** The README's prose outside fenced code blocks, line by line with 1-based numbers. */
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

describe("README.md stays true to the code", () => {
  it("has no fragment of an HTML comment (a stray one renders as text, or as a heading)", () => {
    const stray = prose(read("README.md")).filter((l) => l.text.includes("-->") || l.text.includes("<!--"));
    assert.deepEqual(stray.map((l) => `${l.line}: ${l.text}`), []);
  });

  it("shows the real tokensModule in 'Adding a domain'", () => {
    const fn = (text: string) => /^export function tokensModule[\s\S]*?^}$/m.exec(text)?.[0];
    const real = fn(read("src/tokens/module.ts"));
    assert.ok(real, "src/tokens/module.ts has no tokensModule");
    assert.equal(fn(read("README.md")), real);
  });
});
