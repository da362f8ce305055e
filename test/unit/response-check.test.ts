import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { bare, noContent, ok, paged, text } from "../../src/http/reply.ts";
import { answerIssues, answerShape } from "../../src/http/response-check.ts";
import { defineRoute, type Route } from "../../src/http/route.ts";

const item = z.strictObject({ name: z.string(), size: z.number().int().nullable() });

const route = (extra: Partial<Route>): Route =>
  ({ ...defineRoute({ method: "GET", path: "/api/v1/things", auth: "any", handler: async () => ok(null) }), ...extra }) as Route;

const pageQuery = z.object({ limit: z.coerce.number().default(50), offset: z.coerce.number().default(0) });

describe("answerIssues: a success answer against its route's declaration", () => {
  it("passes an envelope whose data matches, and names the path of each field that does not", () => {
    const r = route({ response: z.strictObject({ items: z.array(item) }) });
    assert.deepEqual(answerIssues(r, ok({ items: [{ name: "a", size: null }] })), []);
    const issues = answerIssues(r, ok({ items: [{ name: "a", size: 1 }, { name: 7, size: 1 }] }));
    assert.deepEqual(issues.map((i) => i.path), ["data.items.1.name"]);
    assert.match(issues[0]?.message ?? "", /string/);
  });

  it("refuses an undocumented field (strict objects)", () => {
    const issues = answerIssues(route({ response: item }), ok({ name: "a", size: 1, secret: "x" }));
    assert.equal(issues.length, 1);
    assert.equal(issues[0]?.path, "data");
    assert.match(issues[0]?.message ?? "", /secret/);
  });

  it("checks the status the route declares, and that 204 has no body", () => {
    assert.deepEqual(answerIssues(route({ response: item, responseStatus: 201 }), ok({ name: "a", size: 1 }, 201)), []);
    assert.deepEqual(answerIssues(route({ response: item }), ok({ name: "a", size: 1 }, 201)).map((i) => i.path), ["(status)"]);
    assert.deepEqual(answerIssues(route({ response: z.undefined(), responseStatus: 204 }), noContent()), []);
  });

  it("reads a page's data, and refuses an envelope where a page is promised", () => {
    const r = route({ query: pageQuery, response: z.array(item) });
    assert.equal(answerShape(r), "page");
    assert.deepEqual(answerIssues(r, paged([{ name: "a", size: 1 }], { total: 1, limit: 50, offset: 0 })), []);
    assert.deepEqual(answerIssues(r, paged([{ name: "a" }], { total: 1, limit: 50, offset: 0 })).map((i) => i.path), ["data.0.size"]);
    assert.deepEqual(answerIssues(r, ok([{ name: "a", size: 1 }])).map((i) => i.path), ["(body)"]);
  });

  it("reads SPEC's bare routes whole, and refuses an envelope elsewhere that is not one", () => {
    const health = route({ path: "/health", response: z.strictObject({ status: z.literal("ok") }) });
    assert.equal(answerShape(health), "bare");
    assert.deepEqual(answerIssues(health, bare({ status: "ok" })), []);
    assert.deepEqual(answerIssues(health, bare({ status: "down" })).map((i) => i.path), ["status"]);
    assert.deepEqual(answerIssues(route({ response: item }), bare({ name: "a", size: 1 })).map((i) => i.path), ["(body)"]);
  });

  it("leaves errors and undeclared routes to others, and refuses non-JSON for a schema", () => {
    assert.deepEqual(answerIssues(route({}), ok({ anything: 1 })), []);
    assert.deepEqual(answerIssues(route({ response: item }), ok({ bad: 1 }, 404)), []);
    assert.deepEqual(answerIssues(route({ response: item }), text("<p>", "text/html")).map((i) => i.path), ["(body)"]);
  });

  it("checks a non-JSON route's media type against the ones it lists", () => {
    assert.deepEqual(answerIssues(route({ responseType: "text/html" }), text("<p>", "text/html; charset=utf-8")), []);
    assert.deepEqual(answerIssues(route({ responseType: "application/vnd.apple.mpegurl, video/mp2t" }), text("x", "video/mp2t")), []);
    assert.deepEqual(answerIssues(route({ responseType: "text/html" }), text("{}", "application/json")).map((i) => i.path), ["(content-type)"]);
  });
});
