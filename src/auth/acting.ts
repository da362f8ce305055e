import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "./principal.ts";

/** Who a request acts for and from where, as the pipeline settled it. */
export interface Acting {
  readonly principal: Principal | null;
  readonly ip: string;
  readonly requestId: string;
}

const store = new AsyncLocalStorage<Acting>();

/**
 * Runs a request's handler with its caller in scope, so records of what it changed (the audit
 * log) name who and from where without every service method taking them as arguments.
 */
export function actingAs<T>(acting: Acting, run: () => T): T {
  return store.run(acting, run);
}

/** The caller of the request being handled, or undefined outside one (start-up, timers, CLI). */
export function currentActing(): Acting | undefined {
  return store.getStore();
}
