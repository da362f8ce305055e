import fc from "fast-check";
import type { Route } from "../../src/http/route.ts";
import { arbitraryOf, jsonSchemaOf, malformedPercent, wrongTypeFor, type JsonSchema, type Overrides } from "./arbitraries.ts";
import { FIXTURE_APP, MAX_BODY_BYTES, OTHER_APP } from "./fixture.ts";

/** One request as sent: the path is already encoded (or deliberately mis-encoded). */
export interface FuzzInput {
  /** Which generator made it, for the report: `valid`, `body:truncated`, `path:malformed-percent` ... */
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Path parameters aimed at the fixture: `{app}` is mostly a real app (so the guard and the handler
 * both run), otherwise any valid slug. Two choices keep the world intact, each documented in
 * the README text: app deletion never targets the fixture apps, and token revocation never targets
 * the fixture's first thousand ids (the installer's token is id 1).
 */
function paramOverrides(route: Route): Overrides {
  const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/);
  if (route.method === "DELETE" && route.path === "/api/v1/apps/{app}") return { app: slug.filter((a) => a !== FIXTURE_APP && a !== OTHER_APP) };
  const overrides: Record<string, fc.Arbitrary<unknown>> = {
    app: fc.oneof({ weight: 4, arbitrary: fc.constant(FIXTURE_APP) }, fc.constant(OTHER_APP), slug),
  };
  if (route.method === "DELETE" && route.path === "/api/v1/tokens/{id}") overrides["id"] = fc.integer({ min: 1000, max: 0x7fffffff });
  return overrides;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}

function fillPath(route: Route, params: Record<string, unknown>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(asText(params[key] ?? "x")));
}

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined);
  return pairs.length === 0 ? "" : "?" + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(asText(v))}`).join("&");
}

interface Parts {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
  readonly head: boolean;
}

/** The route's schemas as JSON Schema and the arbitraries of valid parts. */
export interface RouteShape {
  readonly route: Route;
  readonly body?: JsonSchema;
  readonly valid: fc.Arbitrary<Parts>;
  readonly hasBody: boolean;
}

export function shapeOf(route: Route): RouteShape {
  const params = route.params ? jsonSchemaOf(route.params) : undefined;
  const query = route.query ? jsonSchemaOf(route.query) : undefined;
  const body = route.body && !route.rawBody ? jsonSchemaOf(route.body) : undefined;
  const emptyObject = fc.constant({} as Record<string, unknown>);
  const objectOf = (s: JsonSchema | undefined, o: Overrides = {}) =>
    s ? (arbitraryOf(s, s, o) as fc.Arbitrary<Record<string, unknown>>) : emptyObject;
  const bodyArb: fc.Arbitrary<unknown> = route.rawBody
    ? fc.oneof(fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)))
    : body
      ? arbitraryOf(body)
      : fc.constant(undefined);
  return {
    route,
    body,
    hasBody: route.body !== undefined && WRITE.has(route.method),
    valid: fc.record({
      params: objectOf(params, paramOverrides(route)),
      query: objectOf(query),
      body: bodyArb,
      head: route.method === "GET" ? fc.boolean() : fc.constant(false),
    }),
  };
}

function build(shape: RouteShape, parts: Parts, label: string, over: Partial<FuzzInput> = {}): FuzzInput {
  const { route } = shape;
  const method = parts.head ? "HEAD" : route.method;
  const headers: Record<string, string> = {};
  let body: string | Buffer | undefined;
  if (shape.hasBody && parts.body !== undefined) {
    body = Buffer.isBuffer(parts.body) ? parts.body : typeof parts.body === "string" && route.rawBody ? parts.body : JSON.stringify(parts.body);
    headers["content-type"] = "application/json";
  }
  return { label, method, path: fillPath(route, parts.params) + queryString(parts.query), headers, body, ...over };
}

/** Valid inputs: what the schemas accept, sent as a client would. */
export function validInput(shape: RouteShape): fc.Arbitrary<FuzzInput> {
  return shape.valid.map((p) => build(shape, p, "valid"));
}

/** Invalid inputs: each one breaks one rule of the route's contract or of HTTP framing. */
export function invalidInput(shape: RouteShape): fc.Arbitrary<FuzzInput> {
  const { route } = shape;
  const v = shape.valid;
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const out: Array<fc.Arbitrary<FuzzInput>> = [];
  const json = (label: string, f: (p: Parts) => fc.Arbitrary<string>, type = "application/json") =>
    v.chain((p) => f(p).map((text) => build(shape, p, label, { method: route.method, headers: { "content-type": type }, body: text })));

  // Query: unknown keys, known keys with junk, repeated keys, malformed and huge values.
  out.push(
    fc
      .tuple(v, fc.array(fc.tuple(fc.oneof(fc.constantFrom("limit", "offset", "token", "q", "level", "since", "refresh", "deleteVods", "status", "prefix"), fc.string({ maxLength: 8 })), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("-1", "1e309", "NaN", "0x10", "[]", "%", "a".repeat(10_000)), malformedPercent)), { minLength: 1, maxLength: 4 }))
      .map(([p, pairs]) => {
        const base = build(shape, { ...p, query: {} }, "query:junk");
        return { ...base, path: base.path + "?" + pairs.map(([k, val]) => `${encodeURIComponent(k)}=${val.includes("%") ? keepPercent(val) : encodeURIComponent(val)}`).join("&") };
      }),
  );
  if (names.length > 0) {
    const broken = (label: string, value: fc.Arbitrary<string>, encode: boolean) =>
      fc.tuple(v, fc.constantFrom(...names), value).map(([p, name, bad]) => {
        const base = build(shape, p, label);
        const pathOnly = route.path.replace(/\{(\w+)\}/g, (_, key: string) => (key === name ? (encode ? encodeURIComponent(bad) : bad) : encodeURIComponent(asText(p.params[key] ?? "x"))));
        return { ...base, path: pathOnly };
      });
    out.push(broken("path:malformed-percent", malformedPercent, false));
    out.push(broken("path:any-string", fc.string({ minLength: 1, maxLength: 40, unit: "binary" }), true));
    out.push(broken("path:huge", fc.integer({ min: 2_000, max: 12_000 }).map((n) => "a".repeat(n)), true));
    out.push(broken("path:wrong-type", fc.constantFrom("-1", "0", "1.5", "1e400", "null", "true", "9007199254740993", " ", "..", "a/b"), true));
  }
  if (shape.hasBody) {
    out.push(json("body:wrong-top-type", () => fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.array(fc.integer(), { maxLength: 3 }), fc.constant(null), fc.boolean()).map((x) => JSON.stringify(x))));
    out.push(json("body:truncated", (p) => { const t = JSON.stringify(p.body ?? {}); return fc.integer({ min: 1, max: Math.max(1, t.length - 1) }).map((n) => t.slice(0, n)); }));
    out.push(json("body:garbage", () => fc.oneof(fc.string({ minLength: 1, maxLength: 40, unit: "binary" }), fc.constantFrom("{", "}", "[1,", "{\"a\":}", "\u0000", "{\"__proto__\":{\"polluted\":1}}", "{\"constructor\":{\"prototype\":{}}}", "1e99999", "\"\\ud800\""))));
    out.push(
      v.chain((p) =>
        fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", "json", "").map((type) => {
          const base = build(shape, p, "body:content-type");
          const headers: Record<string, string> = type === "" ? {} : { "content-type": type };
          return { ...base, method: route.method, headers, body: base.body ?? "{}" };
        }),
      ),
    );
    out.push(
      fc.integer({ min: 1, max: 4096 }).map((extra) => {
        const base = build(shape, { params: {}, query: {}, body: undefined, head: false }, "body:oversized");
        const filler = "a".repeat(MAX_BODY_BYTES + extra);
        return { ...base, path: fillPath(route, { app: FIXTURE_APP }), method: route.method, headers: { "content-type": "application/json" }, body: `{"a":"${filler}"}` };
      }),
    );
    const props = Object.keys(shape.body?.properties ?? {});
    const required = shape.body?.required ?? [];
    if (!route.rawBody) {
      out.push(json("body:extra-key", (p) => fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })).map(([k, x]) => JSON.stringify(isObject(p.body) ? { ...p.body, [k]: x } : { [k]: x }))));
      out.push(json("body:huge-string", (p) => fc.constantFrom(...(props.length > 0 ? props : ["x"])).map((k) => JSON.stringify({ ...(isObject(p.body) ? p.body : {}), [k]: "x".repeat(MAX_BODY_BYTES / 2) }))));
    }
    if (required.length > 0) {
      out.push(json("body:missing-required", (p) => fc.constantFrom(...required).map((k) => { const b = isObject(p.body) ? { ...p.body } : {}; delete b[k]; return JSON.stringify(b); })));
    }
    if (props.length > 0) {
      out.push(json("body:field-wrong-type", (p) => fc.constantFrom(...props).chain((k) => { const b = isObject(p.body) ? p.body : {}; return wrongTypeFor(b[k]).map((x) => JSON.stringify({ ...b, [k]: x })); })));
    }
  } else if (WRITE.has(route.method)) {
    // A write without a body schema: a body anyway, of any type.
    out.push(json("body:unexpected", () => fc.jsonValue({ maxDepth: 2 }).map((x) => JSON.stringify(x))));
  }
  return fc.oneof(...out);
}

/** Encodes everything but `%`, so a deliberately malformed escape reaches the server as written. */
function keepPercent(value: string): string {
  return value.replace(/[^%A-Za-z0-9._~-]/g, (c) => encodeURIComponent(c));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
