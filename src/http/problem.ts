import type { ErrorCode, Problem } from "../lib/problem.ts";

/** Every error code's HTTP status, once; the type makes a code without a status a compile error. */
const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  totp_required: 401,
  totp_invalid: 401,
  forbidden: 403,
  signup_disabled: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
  media_server_unavailable: 503,
  egress_unavailable: 503,
  app_unavailable: 503,
};

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** The JSON body every error answers with: `{ data: null, error: { code, message, details? } }`. */
export function errorBody(p: Problem): string {
  const error = p.details === undefined ? { code: p.code, message: p.message } : { code: p.code, message: p.message, details: p.details };
  return JSON.stringify({ data: null, error });
}
