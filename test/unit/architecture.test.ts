import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { importCycles, importGraph, sourceFiles, specifiersOf, type ImportEdge } from "../helpers/imports.ts";
import { ownershipViolations, type OwnershipViolation, type SourceText } from "../helpers/ownership.ts";

/** Breaches of the ownership rules that are the design, each with its reason (stale ones fail too). */
const OWNERSHIP_EXEMPT: Readonly<Record<string, string>> = {
  "store src/core/core.ts -> src/apps/store.ts":
    "the registry of apps is part of the core every module receives (`Core.registry`): tenancy is what everything else hangs off",
  "store src/cli/commands.ts -> src/apps/store.ts":
    "the offline admin CLI works on the databases without building the module list, with the same registry the core makes",
  "store workers/log-store.ts -> src/logs/store.ts": "the log store's own worker thread: the store runs there, off the event loop",
  "sql workers/db-maintenance.ts .prepare(": "database checks read whole files (schema version, integrity) on a thread of their own: the database layer's work, not a table's",
  "sql workers/db-maintenance.ts .exec(": "VACUUM of a whole database file, the database layer's work",
};

/**
 * The layering rules of "Adding a domain" in docs/development.md, read from the import statements of
 * src/, machines/ and workers/ (parsed with the TypeScript compiler, so a multi-line import list
 * counts as one import):
 * - no import cycles;
 * - only the HTTP edge imports `src/http/`: route files, socket files, `src/http/` itself,
 *   `src/app.ts`, and the reasoned exemptions in HTTP_EXEMPT;
 * - only a `module.ts` imports a route or socket file (the module list is the one index of
 *   routes), apart from ROUTE_FILE_EXEMPT;
 * and the ownership rules of `test/helpers/ownership.ts` (stores, SQL, thin route files), apart
 * from OWNERSHIP_EXEMPT.
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

/** What the ownership checker finds in the real tree, less the reasoned exemptions. */
function realOwnershipViolations(): { violations: OwnershipViolation[]; exemptSeen: Set<string> } {
  const files: SourceText[] = sourceFiles(root, DIRS).map((file) => ({ path: file, text: readFileSync(path.join(root, file), "utf8") }));
  const all = ownershipViolations(files);
  return { violations: all.filter((v) => OWNERSHIP_EXEMPT[v.key] === undefined), exemptSeen: new Set(all.map((v) => v.key)) };
}

describe("architecture: every table has one owner, SQL lives in stores, route files call services", () => {
  const { violations, exemptSeen } = realOwnershipViolations();

  it("finds no breach of the ownership rules", () => {
    const messages = violations.map((v) => v.message);
    assert.equal(messages.length, 0, `${messages.length} breach(es) of the ownership rules:\n  ${messages.join("\n  ")}`);
  });

  it("keeps no stale ownership exemption", () => {
    const stale = Object.keys(OWNERSHIP_EXEMPT).filter((key) => !exemptSeen.has(key));
    assert.equal(stale.length, 0, `these exemptions name a breach that no longer exists, remove them:\n  ${stale.join("\n  ")}`);
  });
});

describe("architecture: the ownership checks themselves, on synthetic trees", () => {
  const messages = (files: SourceText[]) => ownershipViolations(files).map((v) => v.message);

  it("fails a file importing another domain's store, saying to call that module's API", () => {
    const found = messages([
      { path: "src/recording/service.ts", text: 'import { vodStore } from "../vods/store.ts";\nimport { recordingStore } from "./store.ts";\n' },
      { path: "src/recording/egress.ts", text: 'import type { VodRow } from "../vods/store.ts";\n' },
      { path: "src/vods/service.ts", text: 'import { vodStore } from "./store.ts";\n' },
      { path: "src/app-stats/service.ts", text: 'import { liveRows } from "../streams/store.ts";\n' },
    ]);
    assert.deepEqual(found, [
      "src/recording/service.ts:1 imports src/vods/store.ts: call the vods module's API (VodsApi) instead; only src/vods/ may use its store",
      "src/app-stats/service.ts:1 imports src/streams/store.ts: call the streams module's API (StreamsApi) instead; only src/streams/ may use its store",
    ]);
  });

  it("fails SQL outside store files, and tells a database's exec from RegExp#exec and a module's prepare()", () => {
    const text = [
      "const a = db.prepare(\"SELECT 1\");",
      "this.db.exec(`DELETE FROM keys`);",
      "const m = /^Bearer (.+)$/.exec(header);",
      "const n = BEARER.exec(header);",
      "await list.prepare();",
      "// db.prepare(\"not code\")",
    ].join("\n");
    const found = messages([
      { path: "src/mjpeg/keys.ts", text },
      { path: "src/mjpeg/store.ts", text },
      { path: "src/db/migrator.ts", text },
      { path: "src/http/router.ts", text: "const m = PARAM.exec(segment);\nawait list.prepare();\n" },
    ]);
    assert.deepEqual(found, [
      "src/mjpeg/keys.ts:1 runs SQL (.prepare): move the statements into src/mjpeg/store.ts as named methods and call those; only store files and migrations hold SQL",
      "src/mjpeg/keys.ts:2 runs SQL (.exec): move the statements into src/mjpeg/store.ts as named methods and call those; only store files and migrations hold SQL",
    ]);
  });

  it("fails a route file importing a store, the database, LiveKit, S3, MQTT, SQLite or the file system, saying to go through the service", () => {
    const text = [
      'import { RoomServiceClient } from "livekit-server-sdk";',
      'import { S3Client } from "@aws-sdk/client-s3";',
      'import { readFileSync } from "node:fs";',
      'import type { AppStore } from "../apps/store.ts";',
      'import type { AppRow } from "../apps/store.ts";',
      'import type { StreamView } from "./store.ts";',
      'import { streamStore } from "./store.ts";',
      'import { StreamService } from "./service.ts";',
    ].join("\n");
    const found = messages([{ path: "src/streams/routes.ts", text }, { path: "src/streams/service.ts", text: 'import { RoomServiceClient } from "livekit-server-sdk";\n' }]);
    const move = (line: number, what: string, kind: string) =>
      `src/streams/routes.ts:${line} imports ${what}: a route file calls services only; move what it does with ${kind} into src/streams/service.ts and call that from the handler`;
    assert.deepEqual(found, [
      move(1, "livekit-server-sdk", "LiveKit"),
      move(2, "@aws-sdk/client-s3", "S3"),
      move(3, "node:fs", "the file system"),
      move(4, "src/apps/store.ts", "a store"),
      move(7, "src/streams/store.ts", "a store"),
    ]);
  });
});
