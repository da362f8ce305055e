import type { z } from "zod";
import type { Logger } from "pino";
import type { Authorized, RouteAccess } from "../auth/access.ts";
import type { ErrorCode, Problem } from "../lib/problem.ts";
import type { Reply, StreamReply } from "./reply.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";


/** What the pipeline hands a handler: validated input plus the facts of the request. */
export interface RequestContext<P = unknown, Q = unknown, B = unknown> extends Authorized {
  readonly requestId: string;
  readonly method: HttpMethod;
  /** The raw request path, as sent. */
  readonly path: string;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The client address after applying the trusted-proxy rule. */
  readonly ip: string;
  /** Aborted when the client goes away; long handlers pass it on to their I/O. */
  readonly signal: AbortSignal;
  readonly log: Logger;
}

/**
 * A route is data: the router validates params, query and body against these schemas before the
 * handler runs, so a handler only ever sees typed, valid input.
 */
export interface Route<P = unknown, Q = unknown, B = unknown> extends RouteAccess {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType<P>;
  readonly query?: z.ZodType<Q>;
  readonly body?: z.ZodType<B>;
  /**
   * Hand the body schema the exact bytes (a Buffer, e.g. `z.instanceof(Buffer)`) instead of parsed
   * JSON, for routes that verify signatures over them.
   */
  readonly rawBody?: boolean;
  /** Overrides the server-wide body size limit for this route, in bytes. */
  readonly bodyLimit?: number;
  /** JSON routes: the zod schema of the success answer's `data` (for SPEC's bare routes, of the bare body). */
  readonly response?: z.ZodType;
  /** The success status, when not 200. */
  readonly responseStatus?: 201 | 202 | 204;
  /** Non-JSON answers (pages, images, MJPEG, files, Prometheus text): their content type instead of a schema. */
  readonly responseType?: string;
  /** Error codes this route documents beyond those every route can answer (validation_failed, unauthorized, forbidden, rate_limited, internal). */
  readonly errors?: readonly ErrorCode[];
  /** Headers a success answer may carry beyond those every answer has (name: what it says), for the document. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  handler(ctx: RequestContext<P, Q, B>): Promise<Reply | StreamReply | Problem>;
}

/** Lets TypeScript infer P, Q and B from the schemas, then erases them for the route table. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  route: Route<P, Q, B>,
): Route {
  return route as Route;
}
