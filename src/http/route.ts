import type { z } from "zod";
import type { Logger } from "pino";
import type { AppRow } from "../apps/store.ts";
import type { Permission } from "../auth/permissions.ts";
import type { Principal } from "../auth/principal.ts";
import type { Problem } from "./problem.ts";
import type { Reply, StreamReply } from "./reply.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route: anyone, any authenticated caller, a signed-in human only, or a
 * platform-wide (global) credential only.
 */
export type AuthKind = "public" | "any" | "human" | "global";

/** What the pipeline hands a handler: validated input plus the facts of the request. */
export interface RequestContext<P = unknown, Q = unknown, B = unknown> {
  readonly requestId: string;
  readonly method: HttpMethod;
  /** The raw request path, as sent. */
  readonly path: string;
  /** The matched route pattern, e.g. `/api/v1/apps/{name}`. */
  readonly pattern: string;
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
  /** The verified caller; null on public routes. */
  readonly principal: Principal | null;
  /** The app an `app: true` route addresses, already checked against the caller; null otherwise. */
  readonly app: AppRow | null;
}

/**
 * A route is data: the router validates params, query and body against these schemas before the
 * handler runs, so a handler only ever sees typed, valid input.
 */
export interface Route<P = unknown, Q = unknown, B = unknown> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthKind;
  /** Checked against the caller's role (when SERVICE_AUTHZ_ENFORCE is on); tokens are scoped instead. */
  readonly permission?: Permission;
  /** The route addresses one app through its `{name}` or `{app}` parameter. */
  readonly app?: boolean;
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
  handler(ctx: RequestContext<P, Q, B>): Promise<Reply | StreamReply | Problem>;
}

/** Lets TypeScript infer P, Q and B from the schemas, then erases them for the route table. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  route: Route<P, Q, B>,
): Route {
  return route as Route;
}
