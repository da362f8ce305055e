import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.d.ts";

export type { components, operations, paths } from "./schema.d.ts";
export { verifyWebhook } from "./webhooks.ts";

/** A client of every route of the service, typed from its OpenAPI document. */
export type ServiceClient = Client<paths>;

export interface ServiceClientOptions {
  /** Where the service answers, e.g. `http://localhost:8080` (with the public URL's path prefix, if any). */
  readonly baseUrl: string;
  /** An API token (`sk_…`) or a person's session JWT, sent as `Authorization: Bearer`. */
  readonly token?: string;
  /** Another `fetch` (a test double, an undici dispatcher); the global one by default. */
  readonly fetch?: (request: Request) => Promise<Response>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The service's error body: `{ data: null, error: { code, message, details? } }`, with the request id. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details?: unknown,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = "ServiceError";
  }
}

/** What `unwrap` answers: the envelope's `data`, or a bare body as it is. */
export type Payload<T> = T extends { data: infer D } ? D : T;

/**
 * The success payload of a call (`data` of `{ data, error: null }`), or a `ServiceError` thrown
 * with the code and message the service answered, for code that prefers exceptions to checking
 * `error` on every result.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): Payload<T> {
  const { response } = result;
  if (!response.ok) {
    const body = result.error as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined;
    const code = typeof body?.error?.code === "string" ? body.error.code : "http_error";
    const message = typeof body?.error?.message === "string" ? body.error.message : response.statusText;
    throw new ServiceError(response.status, code, message, response.headers.get("x-request-id"), body?.error?.details);
  }
  const data = result.data as unknown;
  const enveloped = typeof data === "object" && data !== null && "data" in data && "error" in data && data.error === null;
  return (enveloped ? data.data : data) as Payload<T>;
}
