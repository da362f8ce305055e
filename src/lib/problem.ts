/**
 * Expected failures travel as `Problem` values, never as thrown exceptions: services return them,
 * and only `http/` knows which status each code answers with. Clients switch on `code`, so the
 * list is closed, codes are stable, and new ones are only ever added.
 */
export const ERROR_CODES = [
  "bad_request",
  "validation_failed",
  "invalid_json",
  "unauthorized",
  "invalid_credentials",
  "totp_required",
  "totp_invalid",
  "forbidden",
  "signup_disabled",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "quota_exceeded",
  "internal_error",
  "service_unavailable",
  "media_server_unavailable",
  "egress_unavailable",
  "app_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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

export function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "problem";
}
