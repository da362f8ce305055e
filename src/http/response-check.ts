import { z } from "zod";
import type { Reply } from "./reply.ts";
import type { Route } from "./route.ts";

/**
 * How a JSON success answer wraps what `response` describes: the `{ data, error: null }`
 * envelope, a page of a list (the envelope with `total`, `limit` and `offset`), or SPEC's bare
 * body. The document and the response check both read it from here, so they cannot disagree.
 */
export type AnswerShape = "envelope" | "page" | "bare";

/**
 * The routes SPEC answers with a bare body (and `/ready`, the readiness probe beside SPEC's
 * `/health`, shaped like it): their `response` describes the whole body.
 */
export const BARE_BODY_ROUTES: ReadonlySet<string> = new Set([
  "GET /health",
  "GET /ready",
  "GET /api/v1/stats",
  "POST /api/v1/tokens",
  "GET /api/v1/apps/{app}/streams",
]);

const shapes = new WeakMap<object, AnswerShape>();

/** A route that takes `limit` and `offset` answers a page; SPEC's bare routes a bare body. */
export function answerShape(route: { readonly method: string; readonly path: string; readonly query?: z.ZodType }): AnswerShape {
  const known = shapes.get(route);
  if (known) return known;
  let shape: AnswerShape = "envelope";
  if (BARE_BODY_ROUTES.has(`${route.method} ${route.path}`)) shape = "bare";
  else if (route.query) {
    const properties = (z.toJSONSchema(route.query, { io: "input", unrepresentable: "any" }) as { properties?: object }).properties ?? {};
    if ("limit" in properties && "offset" in properties) shape = "page";
  }
  shapes.set(route, shape);
  return shape;
}

/** The log message of an answer that departs from its declaration (test helpers watch for it). */
export const RESPONSE_MISMATCH = "response does not match its route's declared schema";

/** One way an answer differs from its route's declaration, at a path such as `data.items.0.name`. */
export interface AnswerIssue {
  readonly path: string;
  readonly message: string;
}

const JSON_TYPE = /^application\/json\b/;
const PAGE_KEYS = ["data", "error", "limit", "offset", "total"];
const ENVELOPE_KEYS = ["data", "error"];

/**
 * Where a success answer departs from what its route declares (`response`, `responseStatus`, and
 * the shape; for `responseType` routes, the media type), or an empty list. Only 2xx answers are
 * read: errors have their own envelope.
 */
export function answerIssues(route: Route, reply: Reply): AnswerIssue[] {
  if (reply.status < 200 || reply.status >= 300) return [];
  if (route.responseType !== undefined) return typeIssues(route.responseType, reply);
  if (!route.response) return [];
  const declared = route.responseStatus ?? 200;
  if (reply.status !== declared) return [{ path: "(status)", message: `answered ${reply.status}; the route declares ${declared}` }];
  if (declared === 204) return reply.body === undefined || reply.body.length === 0 ? [] : [{ path: "(body)", message: "204 answered a body" }];
  if (!JSON_TYPE.test(reply.contentType ?? "")) return [{ path: "(body)", message: `answered ${reply.contentType ?? "no content type"}, not JSON` }];
  const text = typeof reply.body === "string" ? reply.body : Buffer.from(reply.body ?? new Uint8Array()).toString("utf8");
  const body = JSON.parse(text) as unknown;
  const shape = answerShape(route);
  if (shape === "bare") return issuesOf(route.response, body, []);
  const keys = shape === "page" ? PAGE_KEYS : ENVELOPE_KEYS;
  const envelope = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const got = envelope ? Object.keys(envelope).sort() : [];
  if (!envelope || got.join() !== keys.join() || envelope["error"] !== null) {
    return [{ path: "(body)", message: `expected the ${shape} keys ${keys.join(", ")} with error null; got ${envelope ? got.join(", ") : typeof body}` }];
  }
  return issuesOf(route.response, envelope["data"], ["data"]);
}

/** A `responseType` route answered a media type it does not list (several are comma-separated). */
function typeIssues(declared: string, reply: Reply): AnswerIssue[] {
  const mediaType = (type: string) => type.split(";")[0]?.trim().toLowerCase() ?? "";
  const allowed = declared.split(",").map(mediaType);
  const got = mediaType(reply.contentType ?? "");
  return allowed.includes(got) ? [] : [{ path: "(content-type)", message: `answered ${reply.contentType ?? "no content type"}; the route declares ${declared}` }];
}

function issuesOf(schema: z.ZodType, value: unknown, prefix: string[]): AnswerIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: [...prefix, ...issue.path.map(String)].join(".") || "(body)", message: issue.message }));
}
