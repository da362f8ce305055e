import assert from "node:assert/strict";
import { ERROR_CODES, type ErrorCode } from "../../src/lib/problem.ts";
import type { TestResponse } from "./server.ts";

/**
 * Readers of the response envelope (README, API conventions): `{ data, error: null }` on success,
 * `{ data, total, limit, offset, error: null }` for a page, `{ data: null, error }` on failure.
 * Each checks the envelope's shape before handing out its part, so a test that expects data and
 * gets an error fails there, with the status and the body, rather than on an undefined further on.
 */

/** The `error` of a failure body. */
export interface ErrorView<Details = unknown> {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Details;
}

/**
 * One entry of a 400 `validation_failed`'s `details` (`path` such as `body.name` or `query.limit`).
 * Declared here because the pipeline keeps its own type private to `src/http/`.
 */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
  readonly code: string;
}

/** A paged list's body, the error aside. */
export interface Page<T> {
  readonly data: T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

function envelopeOf(res: TestResponse): Record<string, unknown> {
  const body: unknown = res.json;
  assert.ok(typeof body === "object" && body !== null && !Array.isArray(body), `expected an envelope, got ${res.status} ${res.text}`);
  return body as Record<string, unknown>;
}

/** The `data` of a success envelope. */
export function dataOf<T>(res: TestResponse): T {
  const body = envelopeOf(res);
  assert.ok("data" in body && body["error"] === null, `expected { data, error: null }, got ${res.status} ${res.text}`);
  return body["data"] as T;
}

/** A page: `data` is a list and `total`, `limit`, `offset` are numbers. */
export function pageOf<T>(res: TestResponse): Page<T> {
  const body = envelopeOf(res);
  const numbers = ["total", "limit", "offset"].every((key) => typeof body[key] === "number");
  assert.ok(Array.isArray(body["data"]) && numbers && body["error"] === null, `expected a page, got ${res.status} ${res.text}`);
  return body as unknown as Page<T>;
}

/** The `error` of a failure envelope, whose `code` must be one of the closed list. */
export function errorOf<Details = unknown>(res: TestResponse): ErrorView<Details> {
  const body = envelopeOf(res);
  const error = body["error"];
  assert.ok(body["data"] === null && typeof error === "object" && error !== null, `expected { data: null, error }, got ${res.status} ${res.text}`);
  const { code, message } = error as Record<string, unknown>;
  assert.ok(ERROR_CODES.includes(code as ErrorCode), `error code ${JSON.stringify(code)} is not in src/lib/problem.ts: ${res.text}`);
  assert.equal(typeof message, "string", `error without a message: ${res.text}`);
  return error as ErrorView<Details>;
}

/** Asserts a 400 `validation_failed` whose details name `path` (`body.name`). */
export function assertInvalid(res: TestResponse, path: string, label = path): void {
  assert.equal(res.status, 400, `${label}: ${res.text}`);
  const error = errorOf<ValidationIssue[]>(res);
  assert.equal(error.code, "validation_failed", label);
  assert.ok(error.details?.some((d) => d.path === path), `${label}: expected a detail at ${path}, got ${JSON.stringify(error.details)}`);
}
