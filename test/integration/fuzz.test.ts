import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFixture, type Fixture } from "../fuzz/fixture.ts";
import { describeFailure, fuzzAll, HTML_ERROR_PAGES, routeKey, SKIPPED, violation } from "../fuzz/routes.ts";

/**
 * Every route of the live table, fuzzed from its own zod schemas with every credential kind
 * (test/fuzz/): never a 5xx (bar a documented 503 for a dependency this run lacks), never a hang,
 * never an exception escaping the service, always the documented error body, and no state change
 * on a refused write. A few cases per route and kind here; `node --import tsx test/fuzz/run.ts
 * --cases N` runs many more.
 */
const CASES = 10;
const SEED = 20_261_125;

describe("route fuzzing", () => {
  let fx: Fixture;
  const escaped: unknown[] = [];
  const onEscape = (err: unknown) => escaped.push(err);

  before(async () => {
    process.on("uncaughtException", onEscape);
    process.on("unhandledRejection", onEscape);
    fx = await startFixture();
  });
  after(async () => {
    process.off("uncaughtException", onEscape);
    process.off("unhandledRejection", onEscape);
    await fx.close();
  });

  it("keeps its skip and page lists to routes that exist", () => {
    const mounted = new Set(fx.server.app.routes.map(routeKey));
    assert.ok(mounted.size > 60, `only ${mounted.size} routes mounted`);
    const stale = [...Object.keys(SKIPPED), ...Object.keys(HTML_ERROR_PAGES)].filter((k) => !mounted.has(k));
    assert.deepEqual(stale, [], "these list entries name no mounted route");
  });

  it("has properties that can fail: 5xx, undocumented 503, wrong error shape, unknown code, no message", () => {
    const route = fx.server.app.routes.find((r) => r.path === "/api/v1/apps/{app}/config") ?? assert.fail("no config route");
    const input = { label: "valid", method: "GET", path: "/api/v1/apps/alpha/config", headers: {} };
    const json = "application/json";
    const err = (status: number, error: unknown) => violation(route, input, { status, contentType: json, text: JSON.stringify({ data: null, error }) });
    assert.ok(err(500, { code: "internal_error", message: "x" }));
    assert.ok(err(503, { code: "app_unavailable", message: "x" }));
    assert.equal(err(503, { code: "media_server_unavailable", message: "x" }), undefined);
    assert.equal(err(404, { code: "not_found", message: "x" }), undefined);
    assert.ok(err(404, { code: "nope", message: "x" }));
    assert.ok(err(404, { code: "not_found", message: "" }));
    assert.ok(violation(route, input, { status: 400, contentType: "text/html", text: "<p>bad</p>" }));
    assert.ok(violation(route, input, { status: 400, contentType: json, text: JSON.stringify({ data: {}, error: null }) }));
  });

  it(`holds for every route × credential kind, ${CASES} cases each (seed ${SEED})`, { timeout: 120_000 }, async () => {
    const summary = await fuzzAll(fx, { cases: CASES, seed: SEED });
    assert.equal(summary.routes + summary.skipped, fx.server.app.routes.length);
    assert.ok(summary.cases >= summary.routes * 4 * CASES, `only ${summary.cases} cases ran`);
    assert.deepEqual(summary.failures.map(describeFailure), []);
    assert.deepEqual(escaped, [], "an exception escaped the service");
  });
});

// Found by the fuzzer: a null document was accepted, and every structured edit of the app then
// answered 500 (yaml cannot set a path in a document without a collection).
describe("defects the fuzzer found", () => {
  let fx: Fixture;
  before(async () => {
    fx = await startFixture();
  });
  after(() => fx.close());

  it("a null-document config.yaml does not break structured config edits", async () => {
    const token = fx.server.rootToken;
    for (const yaml of ["~\n", "---\n", "null\n"]) {
      const put = await fx.server.request("PUT", "/api/v1/apps/alpha/config/raw", { token, body: { yaml } });
      assert.equal(put.status, 200, put.text);
      const edit = await fx.server.request("PATCH", "/api/v1/apps/alpha/config", { token, body: { vodAdaptive: true } });
      assert.equal(edit.status, 200, `PATCH /config after ${JSON.stringify(yaml)}: ${edit.text}`);
    }
  });
});
