import type { Logger } from "pino";
import type { AppRow } from "../apps/store.ts";
import type { Principal } from "../auth/principal.ts";
import type { Cidr } from "../lib/cidr.ts";
import { resolveClientIp } from "./client-ip.ts";
import type { Exchange } from "./exchange.ts";
import type { HttpMethod, RequestContext } from "./route.ts";

/**
 * The `RequestContext` a handler receives. A class rather than an object literal with getters:
 * it is built for every request, and V8 creates class instances far faster.
 */
export class Context implements RequestContext {
  constructor(
    private readonly ex: Exchange,
    private readonly trustProxy: readonly Cidr[],
    readonly requestId: string,
    readonly pattern: string,
    readonly params: unknown,
    readonly query: unknown,
    readonly body: unknown,
    readonly log: Logger,
    readonly principal: Principal | null,
    readonly app: AppRow | null,
    /** Already resolved when the guard needed it. */
    private resolvedIp: string | undefined,
  ) {}

  get method(): HttpMethod {
    return this.ex.method as HttpMethod;
  }

  get path(): string {
    return this.ex.path;
  }

  get headers(): Readonly<Record<string, string>> {
    return this.ex.headers;
  }

  /** Resolved on first use: most routes never look at the address. */
  get ip(): string {
    this.resolvedIp ??= resolveClientIp(this.ex.peer, this.ex.headers["x-forwarded-for"], this.trustProxy);
    return this.resolvedIp;
  }

  get signal(): AbortSignal {
    return this.ex.signal;
  }
}
