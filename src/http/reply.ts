import { isProblem, type Problem } from "../lib/problem.ts";
import type { StaticFile } from "../lib/static-file.ts";
import type { Relayed } from "../peers/relay.ts";
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
 * A response that outlives its handler (a live MJPEG stream, a file sent in chunks): the pipeline
 * hands the raw uWS response over and writes nothing more. HEAD requests get `status`, `headers`
 * and no body instead.
 */
export interface StreamReply {
  readonly kind: "stream";
  /** 200 unless said (206 for a range of a file). */
  readonly status?: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Called at once, with the client still connected; `onGone` registers what to do when it leaves.
   * `headers` are the reply's own with what the pipeline adds to every answer (`X-Request-Id`,
   * `X-RateLimit-*`): the ones to write.
   */
  start(res: HttpResponse, onGone: (listener: () => void) => void, headers: Readonly<Record<string, string>>): void;
}

const JSON_TYPE = "application/json; charset=utf-8";

function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return { kind: "reply", status, body: JSON.stringify(value), contentType: JSON_TYPE, headers };
}

/** `{ data, error: null }`, the envelope most routes answer with. */
export function ok(data: unknown, status = 200, headers?: Record<string, string>): Reply {
  return json(status, { data, error: null }, headers);
}

/**
 * `ok([...])` for items already serialized one by one (a list that keeps each item's JSON), with
 * the last body per key kept as bytes: while a list holds the same item strings (a memo upstream
 * hands back the same string objects), it answers without joining and UTF-8 encoding the body
 * again, so a long list costs little more than a short one.
 */
export class JsonItemsReplies {
  private readonly last = new Map<string, { items: readonly string[]; body: Buffer }>();

  /** `maxKeys` bounds the memo (one key per tenant, say); past it, it starts over. */
  constructor(private readonly maxKeys = 1024) {}

  reply(key: string, items: readonly string[]): Reply {
    let hit = this.last.get(key);
    if (!hit || !sameItems(hit.items, items)) {
      if (!hit && this.last.size >= this.maxKeys) this.last.clear();
      hit = { items, body: Buffer.from(`{"data":[${items.join(",")}],"error":null}`) };
      this.last.set(key, hit);
    }
    return { kind: "reply", status: 200, body: hit.body, contentType: JSON_TYPE };
  }
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `ok(value)` for a success, the problem itself for a failure: the usual end of a handler. */
export function okOr<T>(result: T | Problem, status = 200): Reply | Problem {
  return isProblem(result) ? result : ok(result, status);
}

/**
 * Another node's answer to this request (`src/peers/relay.ts`), passed on as it came; undefined
 * when this node is the one to answer.
 */
export async function relayed(answer: Promise<Relayed | Problem | undefined>): Promise<Reply | Problem | undefined> {
  const got = await answer;
  if (got === undefined || isProblem(got)) return got;
  return { kind: "reply", status: got.status, headers: got.headers, ...(got.body === undefined ? {} : { body: got.body }), ...(got.contentType === undefined ? {} : { contentType: got.contentType }) };
}

/** A body sent as is, for the routes the spec marks as bare. */
export function bare(body: unknown, status = 200): Reply {
  return json(status, body);
}

/** A page of a list: `{ data, total, limit, offset, error: null }`. */
export function paged(data: readonly unknown[], page: { total: number; limit: number; offset: number }, headers?: Record<string, string>): Reply {
  return json(200, { data, total: page.total, limit: page.limit, offset: page.offset, error: null }, headers);
}

/** A service's page (its rows and how many there are in all) as a page of `query`'s limit and offset, or its problem. */
export function pagedOr(found: { readonly data: readonly unknown[]; readonly total: number } | Problem, query: { readonly limit: number; readonly offset: number }): Reply | Problem {
  return isProblem(found) ? found : paged(found.data, { total: found.total, limit: query.limit, offset: query.offset });
}

export function noContent(): Reply {
  return { kind: "reply", status: 204 };
}

export function text(body: string, contentType: string, status = 200, headers?: Record<string, string>): Reply {
  return { kind: "reply", status, body, contentType, headers };
}

const YEAR_SECONDS = 365 * 86400;

/**
 * A file read at startup (`src/lib/static-file.ts`): `?v=` matching its content names these bytes
 * forever, so it may be cached for a year; a bare URL is revalidated daily by `ETag`.
 */
export function staticFileReply(
  file: StaticFile,
  request: { version?: string; ifNoneMatch?: string },
  contentType: string,
  extraHeaders: Record<string, string> = {},
): Reply {
  const cache = request.version === file.version ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=86400";
  const headers = { "cache-control": cache, etag: file.etag, "x-content-type-options": "nosniff", ...extraHeaders };
  if (request.ifNoneMatch === file.etag) return { kind: "reply", status: 304, headers };
  return { kind: "reply", status: 200, body: file.body, contentType, headers };
}
