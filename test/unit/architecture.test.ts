import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { importCycles, importGraph, sourceFiles, specifiersOf, type ImportEdge } from "../helpers/imports.ts";

/**
 * The layering rules of the README's "Adding a domain", read from the import statements of
 * src/, machines/ and workers/ (parsed with the TypeScript compiler, so a multi-line import list
 * counts as one import):
 * - no import cycles;
 * - only the HTTP edge imports `src/http/`: route files, socket files, `src/http/` itself,
 *   `src/app.ts`, and the reasoned exemptions in HTTP_EXEMPT;
 * - only a `module.ts` imports a route or socket file (the module list is the one index of
 *   routes), apart from ROUTE_FILE_EXEMPT.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DIRS = ["src", "machines", "workers"];

/** `routes.ts`, `<concern>-routes.ts`: a domain's route table. */
const isRouteFile = (file: string) => /(^|\/|-)routes\.ts$/.test(file);
/** `socket.ts`, `<concern>-socket.ts`: a domain's WebSocket route, its HTTP edge too. */
const isSocketFile = (file: string) => /(^|\/|-)socket\.ts$/.test(file);
const isModuleFile = (file: string) => path.posix.basename(file) === "module.ts";

/**
 * Files outside the HTTP edge that may import one `src/http/` file, type-only, each with its
 * reason. Keyed `from -> to`; an entry nothing needs any more fails the test, so the list shrinks
 * as the code does.
 */
const HTTP_EXEMPT: Readonly<Record<string, string>> = {
  "src/core/modules.ts -> src/http/route.ts":
    "the module contract lists a domain's routes; `Route` is the HTTP layer's own type and the contract only carries it to app.ts",
  "src/core/modules.ts -> src/http/server.ts":
    "likewise for a domain's WebSocket routes (`SocketRoute`), which the module list hands to the HTTP server",
  "src/mjpeg/hub.ts -> src/http/uws.ts":
    "MJPEG fan-out writes each part straight onto the uWS response a StreamReply handed over (`tryEnd`, backpressure through `onWritable`); an adapter per write would cost the hot path (see the MJPEG benchmark)",
  "src/mjpeg/relay.ts -> src/http/uws.ts": "a relay attaches viewers by their uWS response (see src/mjpeg/hub.ts)",
  "src/mjpeg/viewer.ts -> src/http/uws.ts": "a viewer is the writer of one uWS response, with cork batching across viewers",
};

/** Non-module files that may import a route or socket file, each with its reason. */
const ROUTE_FILE_EXEMPT: Readonly<Record<string, string>> = {};

const describeEdge = (edge: ImportEdge) =>
  `${edge.from}:${edge.line} imports "${edge.specifier}" (${edge.to})${edge.typeOnly ? " [type-only]" : ""}`;
const key = (edge: ImportEdge) => `${edge.from} -> ${edge.to}`;

function httpViolations(edges: readonly ImportEdge[]): string[] {
  const edgeFiles = (file: string) =>
    file.startsWith("src/http/") || file === "src/app.ts" || isRouteFile(file) || isSocketFile(file);
  return edges
    .filter((edge) => edge.to.startsWith("src/http/") && !edgeFiles(edge.from))
    .filter((edge) => HTTP_EXEMPT[key(edge)] === undefined || !edge.typeOnly)
    .map((edge) => {
      const why = HTTP_EXEMPT[key(edge)] === undefined ? "" : " (exempt only as `import type`)";
      return `${describeEdge(edge)}: only route and socket files, src/http/ and src/app.ts may import src/http/${why}; return a Problem (src/lib/problem.ts) instead of an HTTP status`;
    });
}

function routeFileViolations(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((edge) => (isRouteFile(edge.to) || isSocketFile(edge.to)) && !isModuleFile(edge.from))
    .filter((edge) => ROUTE_FILE_EXEMPT[key(edge)] === undefined)
    .map((edge) => `${describeEdge(edge)}: only a module.ts may import a route or socket file; move what is shared out of it`);
}

/** Exemptions whose import no longer exists (or, for HTTP, is no longer needed as a type import). */
function staleExemptions(edges: readonly ImportEdge[]): string[] {
  const seen = new Set(edges.map(key));
  return [...Object.keys(HTTP_EXEMPT), ...Object.keys(ROUTE_FILE_EXEMPT)].filter((entry) => !seen.has(entry));
}

const violationMessage = (violations: readonly string[], rule: string) =>
  `${violations.length} import(s) break the rule "${rule}":\n  ${violations.join("\n  ")}`;

describe("architecture: imports between layers", () => {
  const edges = importGraph(root, sourceFiles(root, DIRS));

  it("reads the real import graph (a sanity check that the rules below have something to hold)", () => {
    assert.ok(edges.length > 300, `only ${edges.length} imports found under ${DIRS.join(", ")}`);
    const seen = new Set(edges.map(key));
    for (const expected of ["src/app.ts -> src/http/router.ts", "src/tokens/module.ts -> src/tokens/routes.ts"]) {
      assert.ok(seen.has(expected), `the scanner missed ${expected}`);
    }
  });

  it("has no import cycle", () => {
    const cycles = importCycles(edges).map((cycle) => cycle.join(" → "));
    assert.equal(cycles.length, 0, `import cycle(s), break each by moving what both sides need into a third file:\n  ${cycles.join("\n  ")}`);
  });

  it("imports src/http/ only from the HTTP edge", () => {
    const violations = httpViolations(edges);
    assert.equal(violations.length, 0, violationMessage(violations, "only the HTTP edge imports src/http/"));
  });

  it("imports route and socket files only from module.ts files", () => {
    const violations = routeFileViolations(edges);
    assert.equal(violations.length, 0, violationMessage(violations, "only module.ts imports route files"));
  });

  it("keeps no stale exemption", () => {
    const stale = staleExemptions(edges);
    assert.equal(stale.length, 0, `these exemptions name an import that no longer exists, remove them:\n  ${stale.join("\n  ")}`);
  });
});

describe("architecture: the checks themselves", () => {
  const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, specifier: to, line: 1, typeOnly });

  it("parses multi-line, type-only, re-exported and dynamic imports as the compiler does", () => {
    const text = [
      'import {',
      '  a,',
      '  type B,',
      '} from "./one.ts";',
      'import type { C } from "./two.ts";',
      'import { type D } from "./three.ts";',
      'export { e } from "./four.ts";',
      'export type { F } from "./five.ts";',
      'const g = await import("./six.ts");',
      'type H = typeof import("./seven.ts");',
      '// import { x } from "./not-an-import.ts";',
      'const s = \'import { y } from "./neither.ts"\';',
    ].join("\n");
    assert.deepEqual(specifiersOf("x.ts", text), [
      { specifier: "./one.ts", line: 4, typeOnly: false },
      { specifier: "./two.ts", line: 5, typeOnly: true },
      { specifier: "./three.ts", line: 6, typeOnly: true },
      { specifier: "./four.ts", line: 7, typeOnly: false },
      { specifier: "./five.ts", line: 8, typeOnly: true },
      { specifier: "./six.ts", line: 9, typeOnly: false },
      { specifier: "./seven.ts", line: 10, typeOnly: true },
    ]);
  });

  it("names the path of each cycle", () => {
    const cycles = importCycles([
      edge("src/a.ts", "src/b.ts"),
      edge("src/b.ts", "src/c.ts"),
      edge("src/c.ts", "src/a.ts"),
      edge("src/c.ts", "src/d.ts"),
      edge("src/e.ts", "src/e.ts"),
    ]);
    assert.deepEqual(cycles.sort(), [
      ["src/a.ts", "src/b.ts", "src/c.ts", "src/a.ts"],
      ["src/e.ts", "src/e.ts"],
    ]);
  });

  it("flags a service importing src/http/, and an exempt file importing more than types", () => {
    const violations = httpViolations([
      edge("src/apps/service.ts", "src/http/problem.ts"),
      edge("src/mjpeg/viewer.ts", "src/http/uws.ts"),
      edge("src/mjpeg/hub.ts", "src/http/uws.ts", true),
      edge("src/apps/routes.ts", "src/http/route.ts"),
      edge("src/media/webhook-routes.ts", "src/http/reply.ts"),
      edge("src/mjpeg/socket.ts", "src/http/problem.ts"),
      edge("src/app.ts", "src/http/server.ts"),
    ]);
    assert.equal(violations.length, 2, violations.join("\n"));
    assert.match(violations[0] ?? "", /^src\/apps\/service\.ts:1 imports "src\/http\/problem\.ts"/);
    assert.match(violations[1] ?? "", /^src\/mjpeg\/viewer\.ts:1 .*exempt only as `import type`/);
  });

  it("flags a route file imported from anywhere but a module.ts", () => {
    const violations = routeFileViolations([
      edge("src/apps/service.ts", "src/apps/routes.ts"),
      edge("src/app.ts", "src/media/webhook-routes.ts"),
      edge("src/apps/module.ts", "src/apps/routes.ts"),
      edge("src/apps/module.ts", "src/apps/stats-routes.ts"),
    ]);
    assert.equal(violations.length, 2, violations.join("\n"));
    assert.match(violations[0] ?? "", /^src\/apps\/service\.ts:1 imports/);
    assert.match(violations[1] ?? "", /^src\/app\.ts:1 imports/);
  });
});
