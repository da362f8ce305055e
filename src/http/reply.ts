import { isProblem, type Problem } from "../lib/problem.ts";
import type { HttpResponse } from "./uws.ts";

/**
 * What a handler returns on success. Handlers build replies with these helpers so every response
 * body has one of the shapes the API promises: `{ data, error: null }`, a bare body, a page, or
 * nothing.
 */
export interface Reply {
  readonly kind: "reply";
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Serialized JSON, text or bytes; absent for 204. */
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
}

/**
 * A response that outlives its handler (a live MJPEG stream): the pipeline hands the raw uWS
 * response over and writes nothing more. HEAD requests get `headers` and no body instead.
 */
export interface StreamReply {
  readonly kind: "stream";
  readonly headers: Readonly<Record<string, string>>;
  /** Called at once, with the client still connected; `onGone` registers what to do when it leaves. */
  start(res: HttpResponse, onGone: (listener: () => void) => void): void;
}

const JSON_TYPE = "application/json; charset=utf-8";

function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return { kind: "reply", status, body: JSON.stringify(value), contentType: JSON_TYPE, headers };
}

/** `{ data, error: null }`, the envelope most routes answer with. */
export function ok(data: unknown, status = 200): Reply {
  return json(status, { data, error: null });
}

/** `ok([...])` for items already serialized one by one (a list that keeps each item's JSON). */
export function okJsonItems(items: readonly string[]): Reply {
  return { kind: "reply", status: 200, body: `{"data":[${items.join(",")}],"error":null}`, contentType: JSON_TYPE };
}

/** `ok(value)` for a success, the problem itself for a failure: the usual end of a handler. */
export function okOr<T>(result: T | Problem, status = 200): Reply | Problem {
  return isProblem(result) ? result : ok(result, status);
}

/** A body sent as is, for the routes the spec marks as bare. */
export function bare(body: unknown, status = 200): Reply {
  return json(status, body);
}

/** A page of a list: `{ data, total, limit, offset, error: null }`. */
export function paged(data: readonly unknown[], page: { total: number; limit: number; offset: number }): Reply {
  return json(200, { data, total: page.total, limit: page.limit, offset: page.offset, error: null });
}

export function noContent(): Reply {
  return { kind: "reply", status: 204 };
}

export function text(body: string, contentType: string, status = 200, headers?: Record<string, string>): Reply {
  return { kind: "reply", status, body, contentType, headers };
}
