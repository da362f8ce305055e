import { z } from "zod";
import type { RouteAccess } from "../auth/access.ts";
import { ERROR_CODES, type ErrorCode } from "../lib/problem.ts";

/**
 * What the document reads of a route: the route table's own declaration, so nothing about a
 * route is written twice. Declared here rather than imported from `src/http/` because this
 * builder only reads data and stays out of the HTTP edge; every `Route` fits it.
 */
export interface DocumentedRoute extends RouteAccess {
  readonly method: string;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly rawBody?: boolean;
  readonly response?: z.ZodType;
  readonly responseStatus?: number;
  readonly responseType?: string;
  readonly errors?: readonly ErrorCode[];
  readonly responseHeaders?: Readonly<Record<string, string>>;
}

/**
 * How a JSON success answer wraps what `response` describes: the envelope, a page, or SPEC's bare
 * body. Declared here for the same reason as `DocumentedRoute`; `answerShape` in
 * `src/http/response-check.ts` decides it, and the response check holds answers to it.
 */
export type AnswerShape = "envelope" | "page" | "bare";

/**
 * One request the document shows as an example and promises a status for. The builder parses it
 * with the route's own schemas, so an example that stops matching its route fails the build (and
 * the tests) instead of documenting something the service refuses.
 */
export interface RouteExample {
  /** `METHOD /path/{param}`, exactly as the route table has it. */
  readonly route: string;
  /** Names the example in the request and in the response with `status`. */
  readonly name: string;
  readonly summary: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly status: number;
}

export interface OpenApiOptions {
  readonly version: string;
  /** The path prefix the service is reached under ("" at the root): the document's server URL. */
  readonly basePath: string;
  /** The HTTP status of each error code, as the HTTP layer answers it. */
  readonly statusOf: (code: ErrorCode) => number;
  /** Whether a route answers the envelope, a page or a bare body, as the service decides it. */
  readonly shapeOf: (route: DocumentedRoute) => AnswerShape;
  readonly examples: readonly RouteExample[];
}

type Json = Record<string, unknown>;

const JSON_TYPE = "application/json";

/** Who may call, in words, per auth kind (see `AuthKind`). */
const AUTH_TEXT: Readonly<Record<RouteAccess["auth"], string>> = {
  public: "Public: no credential.",
  any: "Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.",
  human: "People only: a session JWT from login, signup or a magic link; API tokens get 403.",
  global: "Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403.",
  cluster: "Edge nodes only: the cluster token in `X-Cluster-Token` (not Bearer); 503 when the server has none configured.",
};

const SECURITY: Readonly<Record<RouteAccess["auth"], Json[]>> = {
  public: [],
  any: [{ bearer: [] }],
  human: [{ bearer: [] }],
  global: [{ bearer: [] }],
  cluster: [{ clusterToken: [] }],
};

/**
 * The OpenAPI 3.1 document of a route table. Params, query and body schemas are the zod schemas
 * the router validates with, converted by zod's own JSON Schema output on their input side (what
 * a client sends, before defaults and coercion); what JSON Schema cannot say (a custom check, a
 * transform's output) is left open rather than failing.
 */
export function openApiDocument(routes: readonly DocumentedRoute[], options: OpenApiOptions): Json {
  const examples = checkedExamples(routes, options.examples);
  const codes = codesByStatus(options.statusOf);
  const describe: Describe = { statusOf: options.statusOf, shapeOf: options.shapeOf };
  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  for (const route of routes) {
    const operation = operationOf(route, examples.get(routeKey(route)) ?? [], describe);
    const id = operation["operationId"] as string;
    if (ids.has(id)) throw new Error(`two routes map to the operation id ${id}`);
    ids.add(id);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "service-core API",
      version: options.version,
      description:
        "Generated at start-up from the route table and the zod schemas the router validates with. " +
        "Every response carries `X-Request-Id`. HEAD is answered for every GET route.",
    },
    servers: [{ url: options.basePath === "" ? "/" : options.basePath }],
    tags: tagsOf(routes),
    paths,
    components: components(codes),
  };
}

const routeKey = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;

function checkedExamples(routes: readonly DocumentedRoute[], examples: readonly RouteExample[]): Map<string, RouteExample[]> {
  const byRoute = new Map(routes.map((r) => [routeKey(r), r]));
  const out = new Map<string, RouteExample[]>();
  for (const example of examples) {
    const route = byRoute.get(example.route);
    // Examples name the service's own routes; a table mounted without them has nothing to show.
    if (!route) continue;
    const parsed = [
      route.params?.safeParse(example.params ?? {}),
      route.query?.safeParse(example.query ?? {}),
      route.body?.safeParse(example.body ?? {}),
    ].every((r) => r === undefined || r.success);
    if (parsed !== (example.status !== 400)) {
      const want = example.status === 400 ? "fail" : "pass";
      throw new Error(`the example ${example.name} of ${example.route} should ${want} the route's validation, and does not`);
    }
    out.set(example.route, [...(out.get(example.route) ?? []), example]);
  }
  return out;
}

/** The group a route is listed under: the resource after `/api/v1` (and after `apps/{app}`). */
function tagOf(path: string): string {
  const segments = path.replace(/^\/api\/v1(?=\/)/, "").split("/").filter(Boolean);
  const [first = "root", second, third] = segments;
  if (first === "apps" && second === "{app}" && third !== undefined) return third;
  // A file name is no group of its own: `openapi.json` belongs with `openapi`.
  return first.startsWith("{") ? "root" : (first.split(".")[0] as string);
}

function tagsOf(routes: readonly DocumentedRoute[]): Json[] {
  return [...new Set(routes.map((r) => tagOf(r.path)))].sort().map((name) => ({ name }));
}

/** Inputs are described as a client sends them (before defaults and coercion), answers as sent. */
function schemaOf(schema: z.ZodType, io: "input" | "output" = "input"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

type Describe = Pick<OpenApiOptions, "statusOf" | "shapeOf">;

function operationOf(route: DocumentedRoute, examples: readonly RouteExample[], describe: Describe): Json {
  const lines = [AUTH_TEXT[route.auth]];
  if (route.permission) lines.push(`Permission: \`${route.permission}\` (checked against a person's role; tokens are scoped instead).`);
  if (route.app) lines.push("Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.");
  const operation: Json = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [tagOf(route.path)],
    description: lines.join("\n\n"),
    security: SECURITY[route.auth],
    "x-auth": route.auth,
  };
  if (route.permission) operation["x-permission"] = route.permission;
  if (route.app) operation["x-app-scoped"] = true;
  const parameters = [...pathParameters(route, examples), ...queryParameters(route, examples)];
  if (parameters.length > 0) operation["parameters"] = parameters;
  if (route.body) operation["requestBody"] = requestBody(route, route.body, examples);
  operation["responses"] = responses(route, examples, describe);
  return operation;
}

function exampleValues(examples: readonly RouteExample[], pick: (e: RouteExample) => unknown): Json | undefined {
  const entries = examples.filter((e) => pick(e) !== undefined).map((e) => [e.name, { summary: e.summary, value: pick(e) }]);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Every `{name}` of the template, typed by the params schema where it has one. */
function pathParameters(route: DocumentedRoute, examples: readonly RouteExample[]): Json[] {
  const declared = route.params ? propertiesOf(schemaOf(route.params)) : {};
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name = ""]) => {
    const parameter: Json = { name, in: "path", required: true, schema: declared[name] ?? { type: "string" } };
    const values = exampleValues(examples, (e) => e.params?.[name]);
    if (values) parameter["examples"] = values;
    return parameter;
  });
}

function queryParameters(route: DocumentedRoute, examples: readonly RouteExample[]): Json[] {
  if (!route.query) return [];
  const schema = schemaOf(route.query);
  const required = new Set((schema["required"] as string[] | undefined) ?? []);
  return Object.entries(propertiesOf(schema)).map(([name, property]) => {
    const parameter: Json = { name, in: "query", required: required.has(name), schema: property };
    const values = exampleValues(examples, (e) => e.query?.[name]);
    if (values) parameter["examples"] = values;
    return parameter;
  });
}

function propertiesOf(schema: Json): Record<string, Json> {
  return (schema["properties"] as Record<string, Json> | undefined) ?? {};
}

function requestBody(route: DocumentedRoute, body: z.ZodType, examples: readonly RouteExample[]): Json {
  if (route.rawBody) {
    return {
      required: true,
      description: "Not JSON-validated: the route takes the exact bytes (it verifies a signature over them).",
      content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
    };
  }
  const media: Json = { schema: schemaOf(body) };
  const values = exampleValues(examples, (e) => e.body);
  if (values) media["examples"] = values;
  return {
    required: false,
    description: "JSON (`Content-Type: application/json`); an empty body counts as `{}`.",
    content: { [JSON_TYPE]: media },
  };
}

const PAGE_FIELDS: Json = {
  total: { type: "integer", minimum: 0 },
  limit: { type: "integer", minimum: 0 },
  offset: { type: "integer", minimum: 0 },
};

/** The body of a JSON success answer: `data` in the envelope (or a page), or SPEC's bare body. */
function successBody(shape: AnswerShape, data: Json): Json {
  if (shape === "bare") return data;
  const properties: Json = shape === "page" ? { data, ...PAGE_FIELDS, error: { type: "null" } } : { data, error: { type: "null" } };
  return { type: "object", required: Object.keys(properties), properties, additionalProperties: false };
}

/**
 * The success answer the route declares under its own status, or, for a route that declares
 * none yet, the envelope or page with `data` left open under `2XX`.
 */
function successResponse(route: DocumentedRoute, shape: AnswerShape): [status: string, response: Json] {
  if (route.responseType) {
    // A route that serves files of several kinds lists them: "text/css, text/javascript".
    const types = route.responseType.split(",").map((t) => t.trim());
    return ["200", { description: `Success: ${types.map((t) => `\`${t}\``).join(" or ")}, not JSON.`, content: Object.fromEntries(types.map((t) => [t, {}])) }];
  }
  if (route.response) {
    const status = route.responseStatus ?? 200;
    if (status === 204) return ["204", { description: "Success: no body." }];
    const what = shape === "bare" ? "a bare body (no envelope)" : shape === "page" ? "a page of the list" : "`{ data, error: null }`";
    return [String(status), { description: `Success: ${what}.`, content: { [JSON_TYPE]: { schema: successBody(shape, schemaOf(route.response, "output")) } } }];
  }
  const schema = shape === "page" ? { $ref: "#/components/schemas/Page" } : { $ref: "#/components/schemas/Success" };
  return ["2XX", { description: "Success: `{ data, error: null }` (or a page for list routes); this route does not declare its `data` yet.", content: { [JSON_TYPE]: { schema } } }];
}

/**
 * The error codes a route can answer: those the route table itself implies (its input, its
 * caller, its app, the API-wide limit, a bug) and those the route declares in `errors`.
 */
function errorCodes(route: DocumentedRoute): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(["internal_error"]);
  if (route.params || route.query || (route.body && !route.rawBody)) codes.add("validation_failed");
  if (route.auth === "cluster") codes.add("unauthorized").add("service_unavailable");
  else if (route.auth !== "public") codes.add("unauthorized").add("forbidden");
  if (route.app) codes.add("not_found").add("app_unavailable");
  if (route.body) codes.add("payload_too_large");
  if (route.body && !route.rawBody) codes.add("invalid_json").add("unsupported_media_type");
  if (route.path.startsWith("/api/")) codes.add("rate_limited");
  for (const code of route.errors ?? []) codes.add(code);
  return codes;
}

function responses(route: DocumentedRoute, examples: readonly RouteExample[], describe: Describe): Json {
  const [successStatus, plain] = successResponse(route, describe.shapeOf(route));
  const headers = Object.entries(route.responseHeaders ?? {}).map(([name, description]) => [name, { description, schema: { type: "string" } }]);
  const success: Json = headers.length > 0 ? { ...plain, headers: Object.fromEntries(headers) } : plain;
  const out: Json = { [successStatus]: success };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(route)) byStatus.set(describe.statusOf(code), [...(byStatus.get(describe.statusOf(code)) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) out[String(status)] = errorResponse(codes, `Error ${status}`);
  // An example's own status, named like the example, so a client knows what that request gets.
  for (const example of examples) {
    const key = String(example.status);
    const earlier = out[key] as Json | undefined;
    const response = example.status < 400 ? (earlier ?? success) : (earlier ?? errorResponse(codesOf(describe, example.status), `Error ${example.status}`));
    const media = (response["content"] as Record<string, Json> | undefined)?.[JSON_TYPE];
    if (!media) continue;
    const named = { ...(media["examples"] as Json | undefined), [example.name]: { summary: example.summary } };
    out[key] = { ...response, content: { [JSON_TYPE]: { ...media, examples: named } } };
  }
  out["default"] = { $ref: "#/components/responses/Error" };
  return out;
}

function codesOf(describe: Describe, status: number): ErrorCode[] {
  const some = ERROR_CODES.filter((code) => describe.statusOf(code) === status);
  return some.length > 0 ? some : [...ERROR_CODES];
}

type CodesByStatus = ReadonlyMap<number, readonly ErrorCode[]>;

function codesByStatus(statusOf: (code: ErrorCode) => number): CodesByStatus {
  const out = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES) out.set(statusOf(code), [...(out.get(statusOf(code)) ?? []), code]);
  return out;
}

/** An error answer whose code is one of `codes`, all of which share its status. */
function errorResponse(codes: readonly ErrorCode[], what: string): Json {
  return {
    description: `${what}: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers: { "X-Request-Id": { $ref: "#/components/headers/RequestId" } },
    content: { [JSON_TYPE]: { schema: errorEnvelope(codes) } },
  };
}

function components(codes: CodesByStatus): Json {
  const errorResponses: Json = { Error: errorResponse(ERROR_CODES, "An error, with one of the closed list of codes") };
  for (const [status, some] of codes) errorResponses[`Error${status}`] = errorResponse(some, `Error ${status}`);
  return {
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: "An API token (`sk_…`) or a person's session JWT (from login, signup or a magic link).",
      },
      clusterToken: { type: "apiKey", in: "header", name: "X-Cluster-Token", description: "The edge-node cluster token (`SERVICE_CLUSTER_TOKEN`)." },
    },
    headers: { RequestId: { description: "The caller's own id when it is 1-128 characters of `[A-Za-z0-9._:-]`, a fresh one otherwise.", schema: { type: "string" } } },
    schemas: {
      Success: { type: "object", description: "The envelope most routes answer with.", required: ["data", "error"], properties: { data: {}, error: { type: "null" } } },
      Page: {
        type: "object",
        description: "A page of a list.",
        required: ["data", "total", "limit", "offset", "error"],
        properties: {
          data: { type: "array", items: {} },
          total: { type: "integer", minimum: 0 },
          limit: { type: "integer", minimum: 0 },
          offset: { type: "integer", minimum: 0 },
          error: { type: "null" },
        },
      },
      ErrorCode: { type: "string", enum: [...ERROR_CODES], description: "The closed list of error codes; new ones are only ever added." },
      ErrorEnvelope: errorEnvelope(ERROR_CODES),
    },
    responses: errorResponses,
  };
}

function errorEnvelope(codes: readonly ErrorCode[]): Json {
  return {
    type: "object",
    required: ["data", "error"],
    properties: {
      data: { type: "null" },
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", enum: [...codes] },
          message: { type: "string" },
          details: { description: "For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`." },
        },
      },
    },
  };
}
