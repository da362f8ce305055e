/**
 * Expected failures travel as `Problem` values, never as thrown exceptions. Every code the API can
 * answer with is listed here once, with its HTTP status: clients switch on `code`, so codes are
 * stable and new ones are only ever added.
 */
const STATUS_BY_CODE = {
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
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** A machine-readable failure with a message a person can act on. */
export interface Problem {
  readonly kind: "problem";
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: unknown;
  /** Extra response headers, e.g. `Allow` on 405 or `Retry-After` on 429. */
  readonly headers?: Readonly<Record<string, string>>;
}

export function problem(
  code: ErrorCode,
  message: string,
  extra: { details?: unknown; headers?: Record<string, string> } = {},
): Problem {
  return { kind: "problem", code, message, ...extra };
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

export function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "problem";
}

/** The JSON body every error answers with: `{ data: null, error: { code, message, details? } }`. */
export function errorBody(p: Problem): string {
  const error = p.details === undefined ? { code: p.code, message: p.message } : { code: p.code, message: p.message, details: p.details };
  return JSON.stringify({ data: null, error });
}
