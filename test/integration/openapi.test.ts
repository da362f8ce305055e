import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { Browser } from "playwright-core";
import { z } from "zod";
import { ok } from "../../src/http/reply.ts";
import { statusOf } from "../../src/http/problem.ts";
import { defineRoute, type Route } from "../../src/http/route.ts";
import { ERROR_CODES } from "../../src/lib/problem.ts";
import { launchChromium } from "../helpers/browser.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

type Json = Record<string, unknown>;
type Operation = Json & { parameters?: Json[]; requestBody?: Json; responses: Record<string, Json>; security: Json[] };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** A route mounted through `BuildOptions.routes`, which the document must list like the service's own. */
const extraRoute = defineRoute({
  method: "PUT",
  path: "/api/v1/extra/{thing}",
  auth: "global",
  params: z.object({ thing: z.string().max(10) }),
  query: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
  body: z.object({ size: z.number().int().min(1) }),
  handler: async (ctx) => ok({ thing: ctx.params.thing }),
});

describe("the OpenAPI document and the docs page (issue 17)", () => {
  let server: TestServer;
  let doc: Json & { paths: Record<string, Record<string, Operation>>; components: Json };

  const operations = (): Array<{ method: string; path: string; op: Operation }> =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m] !== undefined).map((m) => ({ method: m.toUpperCase(), path, op: item[m] as Operation })),
    );

  before(async () => {
    server = await startServer({}, { routes: [extraRoute] });
    const res = await server.request("GET", "/api/v1/openapi.json");
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    doc = res.json as typeof doc;
  });
  after(() => server.close());

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(validator.version, "3.1");
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
  });

  it("lists every mounted route with its method and path, and nothing else", () => {
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const mounted = server.app.routes.map(key).sort();
    assert.ok(mounted.length > 100, `only ${mounted.length} routes mounted`);
    assert.deepEqual(operations().map(key).sort(), mounted);
    for (const path of ["/api/v1/openapi.json", "/api/v1/docs", "/api/v1/docs/{file}", "/api/v1/extra/{thing}"]) assert.ok(doc.paths[path], path);
  });

  it("gives each operation its route's auth, permission and path parameters", () => {
    const byKey = new Map<string, Route>(server.app.routes.map((r) => [`${r.method} ${r.path}`, r]));
    const schemes = { public: [], any: [{ bearer: [] }], human: [{ bearer: [] }], global: [{ bearer: [] }], cluster: [{ clusterToken: [] }] };
    for (const { method, path, op } of operations()) {
      const route = byKey.get(`${method} ${path}`) as Route;
      const where = `${method} ${path}`;
      assert.equal(op["x-auth"], route.auth, where);
      assert.deepEqual(op.security, schemes[route.auth], where);
      assert.equal(op["x-permission"], route.permission, where);
      if (route.permission) assert.match(op["description"] as string, new RegExp(`Permission: \`${route.permission}\``), where);
      const inPath = (op.parameters ?? []).filter((p) => p["in"] === "path").map((p) => p["name"]);
      assert.deepEqual(inPath, [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), where);
      assert.equal(op.requestBody !== undefined, route.body !== undefined, where);
      // A route that declares its answer has it under its own status; one that does not yet, under 2XX.
      const success = route.response || route.responseType ? String(route.responseStatus ?? 200) : "2XX";
      assert.ok(op.responses[success] && op.responses["default"], `${where}: ${success}`);
    }
    const schemesDoc = (doc.components["securitySchemes"] ?? {}) as Record<string, Json>;
    assert.deepEqual(schemesDoc["bearer"]?.["scheme"], "bearer");
    assert.deepEqual([schemesDoc["clusterToken"]?.["in"], schemesDoc["clusterToken"]?.["name"]], ["header", "X-Cluster-Token"]);
  });

  it("takes params, query and body from the schemas the router validates with", () => {
    const extra = doc.paths["/api/v1/extra/{thing}"]?.["put"] as Operation;
    const params = Object.fromEntries((extra.parameters ?? []).map((p) => [`${p["in"]}.${p["name"]}`, p]));
    assert.deepEqual(params["path.thing"]?.["schema"], { type: "string", maxLength: 10 });
    assert.deepEqual(params["query.dryRun"], { name: "dryRun", in: "query", required: false, schema: { type: "string", enum: ["true", "false"] } });
    const body = (extra.requestBody?.["content"] as Record<string, Json>)["application/json"]?.["schema"] as Json;
    assert.deepEqual(body["properties"], { size: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER } });
    assert.deepEqual(body["required"], ["size"]);
    assert.equal(extra["x-auth"], "global");
    // Raw-bytes routes say so instead of showing a JSON schema.
    const webhook = doc.paths["/api/v1/webhooks/livekit"]?.["post"] as Operation;
    assert.ok((webhook.requestBody?.["content"] as Json)["application/octet-stream"]);
  });

  it("carries each route's declared answer: the envelope around its data, a page, or another content type (issue 31)", () => {
    const schemaOf = (op: Operation, status: string) => ((op.responses[status]?.["content"] as Record<string, Json>)["application/json"]?.["schema"] ?? {}) as Json;
    const props = (schema: Json) => (schema["properties"] ?? {}) as Record<string, Json>;
    // An app is created with 201, its data every field of the app record and nothing more.
    const created = schemaOf(doc.paths["/api/v1/apps"]?.["post"] as Operation, "201");
    assert.deepEqual(created["required"], ["data", "error"]);
    assert.deepEqual(props(created)["error"], { type: "null" });
    const app = props(created)["data"] as Json;
    assert.equal(app["additionalProperties"], false);
    for (const field of ["id", "name", "displayName", "roomPrefix", "createdAt", "callbackSecretSet"]) assert.ok(props(app)[field], field);
    assert.deepEqual(props(app)["tenantId"], { anyOf: [{ type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }, { type: "null" }] });
    // A list route answers a page of its items.
    const audit = schemaOf(doc.paths["/api/v1/apps/{app}/audit"]?.["get"] as Operation, "200");
    assert.deepEqual(Object.keys(props(audit)), ["data", "total", "limit", "offset", "error"]);
    assert.equal((props(audit)["data"] as Json)["type"], "array");
    // 204 has no body; pages and files name their content type instead of a schema.
    const removeNode = doc.paths["/api/v1/cluster/nodes/{id}"]?.["delete"] as Operation;
    assert.deepEqual(removeNode.responses["204"], { description: "Success: no body." });
    assert.deepEqual(Object.keys((doc.paths["/console"]?.["get"] as Operation).responses["200"]?.["content"] as Json), ["text/html"]);
    // A route's own error codes join those every route can answer, each under its status.
    const codesAt = (op: Operation, status: string) => (props(props(schemaOf(op, status))["error"] as Json)["code"] as Json)["enum"];
    const createApp = doc.paths["/api/v1/apps"]?.["post"] as Operation;
    assert.deepEqual(codesAt(createApp, "409"), ["conflict"]);
    assert.deepEqual(codesAt(createApp, "429"), ["rate_limited"]);
    const login = doc.paths["/api/v1/auth/login"]?.["post"] as Operation;
    assert.deepEqual(codesAt(login, "401"), ["invalid_credentials", "totp_required", "totp_invalid"]);
    assert.equal(login.responses["403"], undefined, "a public route answers no 403");
  });

  it("describes the error envelope with the closed list of codes, each under its own status", () => {
    const schemas = doc.components["schemas"] as Record<string, Json>;
    assert.deepEqual(schemas["ErrorCode"]?.["enum"], [...ERROR_CODES]);
    const responses = doc.components["responses"] as Record<string, Json>;
    for (const code of ERROR_CODES) {
      const response = responses[`Error${statusOf(code)}`] as Json;
      const schema = (response["content"] as Record<string, Json>)["application/json"]?.["schema"] as Json;
      const error = (schema["properties"] as Record<string, Json>)["error"] as Json;
      assert.ok(((error["properties"] as Record<string, Json>)["code"]?.["enum"] as string[]).includes(code), code);
    }
    const createApp = doc.paths["/api/v1/apps"]?.["post"] as Operation;
    for (const status of ["400", "401", "403", "413", "415", "500"]) assert.ok(createApp.responses[status], status);
  });

  it("replays the document's own examples against the service, with the statuses it promises", async () => {
    let replayed = 0;
    for (const { method, path, op } of operations()) {
      const valueOf = (holder: Json | undefined, name: string): unknown => ((holder?.["examples"] as Record<string, Json> | undefined)?.[name] ?? {})["value"];
      const media = (op.requestBody?.["content"] as Record<string, Json> | undefined)?.["application/json"];
      // Every example is named in the response it answers with; its request parts carry the same name.
      const promised = Object.entries(op.responses).flatMap(([status, response]) =>
        Object.keys(((response["content"] as Record<string, Json> | undefined)?.["application/json"]?.["examples"] ?? {}) as Json).map((name) => ({ name, status, response })),
      );
      for (const { name, status, response } of promised) {
        let target = path;
        const query = new URLSearchParams();
        for (const p of op.parameters ?? []) {
          const value = valueOf(p, name);
          if (value === undefined) continue;
          if (p["in"] === "path") target = target.replace(`{${p["name"] as string}}`, encodeURIComponent(String(value)));
          else query.set(p["name"] as string, String(value));
        }
        assert.doesNotMatch(target, /\{/, `${method} ${path}: the example ${name} leaves a path parameter unset`);
        const q = query.toString();
        const res = await server.request(method, q ? `${target}?${q}` : target, {
          token: op.security.length > 0 ? server.rootToken : undefined,
          body: valueOf(media, name),
        });
        assert.equal(String(res.status), status, `${method} ${target} (${name}): ${res.text}`);
        if (res.status >= 400) {
          // The code is one the document lists for that status.
          const schema = (response["content"] as Record<string, Json>)["application/json"]?.["schema"] as Json;
          const error = (schema["properties"] as Record<string, Json>)["error"] as Json;
          const codes = (error["properties"] as Record<string, Json>)["code"]?.["enum"] as string[];
          assert.ok(codes.includes((res.json as { error: { code: string } }).error.code), `${name}: ${res.text}`);
        }
        replayed++;
      }
    }
    assert.ok(replayed >= 5, `only ${replayed} examples replayed`);
  });

  it("serves the page and its files locally, cached by ETag, under a strict policy", async () => {
    const page = await server.request("GET", "/api/v1/docs");
    assert.equal(page.status, 200);
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-eval|https?:/);
    assert.match(csp, /frame-ancestors 'none'/);
    for (const src of page.text.matchAll(/(?:src|href)="([^"]+)"/g)) {
      assert.match(src[1] as string, /^\/api\/v1\//, "every file the page loads is served by the service");
      assert.equal((await server.request("GET", src[1] as string)).status, 200, src[1]);
    }
    const bundle = await server.request("GET", "/api/v1/docs/swagger-ui-bundle.js");
    assert.match(bundle.headers.get("content-type") ?? "", /^text\/javascript/);
    assert.match(bundle.headers.get("cache-control") ?? "", /max-age=\d+/);
    const etag = bundle.headers.get("etag") ?? "";
    assert.match(etag, /^"[\w-]+"$/);
    const again = await server.request("GET", "/api/v1/docs/swagger-ui-bundle.js", { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, "");
    assert.equal((await server.request("GET", "/api/v1/docs/package.json")).status, 400);
    const document = await server.request("GET", "/api/v1/openapi.json", { headers: { "if-none-match": (await server.request("GET", "/api/v1/openapi.json")).headers.get("etag") ?? "" } });
    assert.equal(document.status, 304);
  });

  describe("in Chromium", () => {
    let browser: Browser;
    before(async () => {
      browser = await launchChromium();
    });
    after(() => browser.close());

    it("renders every route with no policy violation, and tries one out with a Bearer token", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
      // Rendering the whole document after a load or reload took over 15 s with the suite's other
      // files busy on both cores (under 5 s alone).
      context.setDefaultTimeout(45_000);
      const page = await context.newPage();
      const errors: string[] = [];
      const outside: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("request", (r) => {
        if (!r.url().startsWith(server.url) && !r.url().startsWith("data:")) outside.push(r.url());
      });
      await page.goto(`${server.url}/api/v1/docs`);
      await page.locator('.opblock-summary-path[data-path="/api/v1/apps/{app}"]').first().waitFor();

      await page.locator("button.authorize").first().click();
      await page.locator('.auth-container input[type="text"], .auth-container input[type="password"]').first().fill(server.rootToken);
      await page.locator('.auth-container button[type="submit"]').first().click();
      await page.locator(".dialog-ux button.close-modal").click();

      const list = page.locator("#operations-apps-getApiV1Apps");
      await list.locator(".opblock-summary").click();
      await list.locator("button.try-out__btn").click();
      await list.locator("button.execute").click();
      // The live answer's row (the table's head says "Code"): 200 shows the Bearer token was sent.
      const answered = list.locator(".live-responses-table tbody td.response-col_status");
      await answered.first().waitFor();
      assert.equal((await answered.first().textContent())?.trim(), "200");
      const expected = new Set(operations().map(({ op }) => `operations-${(op["tags"] as string[])[0]}-${op["operationId"] as string}`));
      // swagger-ui renders only the sections near the viewport, so the page is read while scrolled through.
      const shown = new Set<string>();
      for (let step = 0; step < 100 && shown.size < expected.size; step++) {
        for (const id of await page.locator(".opblock").evaluateAll((els) => els.map((e) => (e as unknown as { id: string }).id))) shown.add(id);
        // The window itself: a wheel under the mouse would scroll whatever box it is over (a response's example).
        await page.evaluate("window.scrollBy(0, 400)");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual([...shown].sort(), [...expected].sort());
      await context.close();
      assert.deepEqual(errors, []);
      assert.deepEqual(outside, []);
    });
  });
});
