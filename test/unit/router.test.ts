import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ok } from "../../src/http/reply.ts";
import { defineRoute, type HttpMethod } from "../../src/http/route.ts";
import { Router } from "../../src/http/router.ts";

function route(method: HttpMethod, path: string) {
  return defineRoute({ method, path, auth: "public", handler: async () => ok(path) });
}

describe("Router", () => {
  const router = new Router();
  router.add(route("GET", "/api/v1/apps"));
  router.add(route("POST", "/api/v1/apps"));
  router.add(route("GET", "/api/v1/apps/{name}"));
  router.add(route("GET", "/api/v1/apps/{name}/streams/{id}"));
  router.add(route("DELETE", "/api/v1/apps/{name}/streams/{id}"));
  router.add(route("GET", "/api/v1/apps/{name}/streams/live"));
  router.add(route("GET", "/"));

  it("matches static paths and methods", () => {
    const m = router.match("GET", "/api/v1/apps");
    assert.equal(m.kind, "found");
    assert.equal(m.kind === "found" && m.route.path, "/api/v1/apps");
  });

  it("decodes params after splitting, so an encoded slash stays in one segment", () => {
    const m = router.match("GET", "/api/v1/apps/demo/streams/room%2Fparticipant");
    assert.equal(m.kind, "found");
    assert.deepEqual(m.kind === "found" && m.params, { name: "demo", id: "room/participant" });
  });

  it("prefers a static segment over a parameter", () => {
    const m = router.match("GET", "/api/v1/apps/demo/streams/live");
    assert.equal(m.kind === "found" && m.route.path, "/api/v1/apps/{name}/streams/live");
  });

  it("falls back to the parameter when the static branch has no such method", () => {
    const m = router.match("DELETE", "/api/v1/apps/demo/streams/live");
    assert.equal(m.kind === "found" && m.route.path, "/api/v1/apps/{name}/streams/{id}");
    assert.deepEqual(m.kind === "found" && m.params, { name: "demo", id: "live" });
  });

  it("answers 405 with the allowed methods for a known path", () => {
    const m = router.match("PUT", "/api/v1/apps");
    assert.deepEqual(m, { kind: "method_not_allowed", allowed: ["GET", "POST"] });
  });

  it("answers not_found for unknown paths, empty segments and prefixes of routes", () => {
    assert.equal(router.match("GET", "/api/v1/nope").kind, "not_found");
    assert.equal(router.match("GET", "/api/v1/apps//streams/x").kind, "not_found");
    assert.equal(router.match("GET", "/api/v1").kind, "not_found");
  });

  it("treats a trailing slash as the same resource and keeps the root", () => {
    assert.equal(router.match("GET", "/api/v1/apps/").kind, "found");
    assert.equal(router.match("GET", "/").kind, "found");
  });

  it("reports malformed percent-encoding", () => {
    assert.equal(router.match("GET", "/api/v1/apps/%zz").kind, "bad_encoding");
  });

  it("refuses duplicate routes", () => {
    assert.throws(() => router.add(route("GET", "/api/v1/apps")), /duplicate route/);
    assert.throws(() => router.add(route("GET", "/api/v1/apps/{other}")), /duplicate route/);
  });

  it("lets routes name the same segment differently", () => {
    router.add(route("GET", "/api/v1/apps/{app}/mqtt"));
    const m = router.match("GET", "/api/v1/apps/demo/mqtt");
    assert.deepEqual(m.kind === "found" && m.params, { app: "demo" });
    const n = router.match("GET", "/api/v1/apps/demo");
    assert.deepEqual(n.kind === "found" && n.params, { name: "demo" });
  });
});
