import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { importGraph, sourceFiles } from "../helpers/imports.ts";

/**
 * Everything about VODs is in src/vods/ (STYLE.md): their rows, their actor and its finalize.
 * Recording only writes files and tells vods about them; the dependency goes one way, so vods
 * never calls into recording (it asks the `VodSource` recording registers). Streams are read
 * through `StreamsApi`, never through another domain's handle on their store.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const files = sourceFiles(root, ["src"]);
const edges = importGraph(root, files);

const list = (lines: readonly string[]) => `\n  ${lines.join("\n  ")}`;

describe("VODs and streams have one owner each", () => {
  it("reads the real import graph", () => {
    assert.ok(edges.some((e) => e.from === "src/vods/module.ts" && e.to === "src/vods/recordings.ts"), "the scanner missed src/vods/module.ts -> src/vods/recordings.ts");
  });

  for (const domain of ["vods", "streams"]) {
    it(`lets only src/${domain}/ import src/${domain}/store.ts`, () => {
      const outside = edges.filter((e) => e.to === `src/${domain}/store.ts` && !e.from.startsWith(`src/${domain}/`));
      const fix = domain === "vods" ? "call VodsApi (src/vods/module.ts) instead" : "call StreamsApi (src/streams/module.ts); types are in src/streams/view.ts";
      assert.deepEqual(outside.map((e) => `${e.from}:${e.line}`), [], `${fix}:${list(outside.map((e) => `${e.from}:${e.line} imports ${e.specifier}`))}`);
    });
  }

  it("spawns the VOD actor from src/vods/ only", () => {
    const spawners = files.filter((f) => !f.startsWith("src/vods/") && /\bvodLifecycle\b/.test(readFileSync(path.join(root, f), "utf8")));
    assert.deepEqual(spawners, [], `the vodLifecycle actor is the vods module's (src/vods/recordings.ts); these files use it:${list(spawners)}`);
  });

  it("keeps the dependency one way: src/vods/ imports nothing of src/recording/", () => {
    const back = edges.filter((e) => e.from.startsWith("src/vods/") && e.to.startsWith("src/recording/"));
    assert.deepEqual(back.map((e) => `${e.from}:${e.line}`), [], `vods asks the VodSource recording registers instead:${list(back.map((e) => `${e.from}:${e.line} imports ${e.specifier}`))}`);
  });
});
