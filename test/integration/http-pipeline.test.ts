import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import type { LogRecord } from "../../src/logging.ts";
import { dataOf, errorOf, type ValidationIssue } from "../helpers/envelope.ts";
import { rawConnect, rawExchange } from "../helpers/raw-http.ts";
import { testRoutes } from "../helpers/routes.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("HTTP pipeline", () => {
  let server: TestServer;
  const logs: LogRecord[] = [];
  let slowFinished = 0;

  before(async () => {
    server = await startServer(
      { SERVICE_TRUST_PROXY: "127.0.0.0/8", SERVICE_LOG_LEVEL: "debug" },
      { routes: testRoutes({ slowMs: 300, onSlowDone: () => slowFinished++ }) },
    );
    server.app.logging.subscribe((r) => logs.push(r));
  });
  after(() => server.close());

  it("routes with URL-decoded params and validated, coerced query", async () => {
    const res = await server.request("GET", "/test/items/room%2Fparticipant/parts/a%20b?limit=3&tag=x&tag=y");
    assert.equal(res.status, 200);
    const data = dataOf<{ params: unknown; query: unknown }>(res);
    assert.deepEqual(data.params, { id: "room/participant", part: "a b" });
    assert.deepEqual(data.query, { limit: 3, tag: "x" });
  });

  it("answers 400 validation_failed with the query path in details", async () => {
    const res = await server.request("GET", "/test/items/a/parts/b?limit=99");
    assert.equal(res.status, 400);
    const error = errorOf<ValidationIssue[]>(res);
    assert.equal(error.code, "validation_failed");
    assert.equal(error.details?.[0]?.path, "query.limit");
  });

  it("answers 404 not_found for unknown paths, in the error envelope", async () => {
    const res = await server.request("GET", "/api/v1/nothing-here");
    assert.equal(res.status, 404);
    assert.equal(errorOf(res).code, "not_found");
    assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const res = await server.request("DELETE", "/test/echo");
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), "POST");
    assert.equal(errorOf(res).code, "method_not_allowed");
  });

  it("answers 400 for malformed percent-encoding in a param", async () => {
    const res = await server.request("GET", "/test/items/%E0%A4%A/parts/x");
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).code, "bad_request");
  });

  it("accepts a valid JSON body and answers with the route's status", async () => {
    const res = await server.request("POST", "/test/echo", { body: { name: "cam", tags: ["a"] } });
    assert.equal(res.status, 201);
    assert.deepEqual(res.json, { data: { name: "cam", tags: ["a"] }, error: null });
  });

  it("accepts a JSON media type with charset and +json suffix", async () => {
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const res = await server.request("POST", "/test/echo", { body: { name: "x" }, headers: { "content-type": type } });
      assert.equal(res.status, 201, type);
    }
  });

  it("answers 400 validation_failed with body paths", async () => {
    const res = await server.request("POST", "/test/echo", { body: { name: "far too long a name", tags: [1] } });
    assert.equal(res.status, 400);
    const paths = errorOf<ValidationIssue[]>(res).details?.map((d) => d.path);
    assert.deepEqual(paths?.sort(), ["body.name", "body.tags.0"]);
  });

  it("refuses a NUL character in any parameter, query value or body string with 400, on every backend", async () => {
    const cases = [
      ["GET", "/test/items/a%00b/parts/b", undefined, "params.id"],
      ["GET", "/test/items/a/parts/b?tag=x%00", undefined, "query.tag"],
      ["POST", "/test/echo", { name: "ok", tags: ["fine", "bad\u0000"] }, "body.tags.1"],
    ] as const;
    for (const [method, path, body, where] of cases) {
      const res = await server.request(method, path, body === undefined ? {} : { body });
      assert.equal(res.status, 400, path);
      assert.equal(errorOf(res).code, "validation_failed");
      assert.equal(errorOf<ValidationIssue[]>(res).details?.[0]?.path, where);
    }
    assert.equal((await server.request("POST", "/test/raw", { body: Buffer.from([0, 1, 0]) })).status, 200, "raw bodies are bytes, not text");
  });

  it("answers 400 invalid_json for malformed JSON", async () => {
    const res = await server.request("POST", "/test/echo", { body: '{"name": "x",' });
    assert.equal(res.status, 400);
    assert.equal(errorOf(res).code, "invalid_json");
  });

  it("answers 415 for a body that is not JSON", async () => {
    const res = await server.request("POST", "/test/echo", { body: "name=x", headers: { "content-type": "text/plain" } });
    assert.equal(res.status, 415);
    assert.equal(errorOf(res).code, "unsupported_media_type");
  });

  it("answers 413 when Content-Length exceeds the route limit", async () => {
    const res = await server.request("POST", "/test/echo", { body: { name: "x", tags: ["y".repeat(2000)] } });
    assert.equal(res.status, 413);
    assert.equal(errorOf(res).code, "payload_too_large");
  });

  it("answers 413 for a chunked body that grows past the limit", async () => {
    const chunk = `{"name":"x","tags":["${"y".repeat(700)}"`;
    const raw = await rawExchange(
      server.port,
      "POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
        `${chunk.length.toString(16)}\r\n${chunk}\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );
    assert.match(raw, /^HTTP\/1\.1 413 /);
  });

  it("hands raw-body routes the exact bytes", async () => {
    const res = await server.request("POST", "/test/raw", { body: "not json at all", headers: { "content-type": "text/plain" } });
    assert.equal(res.status, 200);
    assert.deepEqual(dataOf(res), { bytes: 15 });
  });

  it("treats an absent body as an empty object", async () => {
    const res = await server.request("POST", "/test/slow-body");
    assert.equal(res.status, 200);
  });

  it("echoes a sane X-Request-Id and replaces an unsafe one", async () => {
    const mine = await server.request("GET", "/health", { headers: { "x-request-id": "abc-123.def:4" } });
    assert.equal(mine.headers.get("x-request-id"), "abc-123.def:4");
    const unsafe = await server.request("GET", "/health", { headers: { "x-request-id": "a b<script>" } });
    assert.notEqual(unsafe.headers.get("x-request-id"), "a b<script>");
    assert.match(unsafe.headers.get("x-request-id") ?? "", /^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it("turns a thrown error into 500 internal_error naming only the request id, logged with its stack", async () => {
    const res = await server.request("GET", "/test/throw", { headers: { "x-request-id": "req-500" } });
    assert.equal(res.status, 500);
    const error = errorOf(res);
    assert.equal(error.code, "internal_error");
    assert.match(error.message, /req-500/);
    assert.doesNotMatch(res.text, /hunter2|secret internals|at .*\.ts/);
    const line = logs.find((l) => l.requestId === "req-500");
    assert.equal(line?.level, "error");
    assert.match(String((line?.err as { stack?: string } | undefined)?.stack), /hunter2[\s\S]*routes\.ts/);
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await server.request("HEAD", "/health");
    assert.equal(res.status, 200);
    assert.equal(res.text, "");
    assert.ok(Number(res.headers.get("content-length")) > 0);
  });

  it("takes the client IP from X-Forwarded-For only through a trusted proxy", async () => {
    const res = await server.request("GET", "/test/items/a/parts/b", {
      headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.5" },
    });
    assert.equal(dataOf<{ ip: string }>(res).ip, "203.0.113.5");
  });

  it("survives a client that aborts mid-body", async () => {
    const errorsBefore = logs.filter((l) => l.level === "error").length;
    for (let i = 0; i < 5; i++) {
      const socket = await rawConnect(server.port);
      socket.write("POST /test/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"name\":");
      await sleep(20);
      socket.destroy();
    }
    await sleep(50);
    const res = await server.request("GET", "/health");
    assert.equal(res.status, 200);
    assert.equal(logs.filter((l) => l.level === "error").length, errorsBefore);
  });

  it("never writes to a response whose client left mid-handler", async () => {
    const before = slowFinished;
    const errorsBefore = logs.filter((l) => l.level === "error").length;
    const socket = await rawConnect(server.port);
    socket.write("GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await sleep(50);
    socket.destroy();
    while (slowFinished === before) await sleep(20);
    await sleep(50);
    assert.equal(logs.filter((l) => l.level === "error").length, errorsBefore);
    assert.equal((await server.request("GET", "/health")).status, 200);
  });
});
