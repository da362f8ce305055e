import type { AppRow } from "../apps/store.ts";
import type { Authorized } from "./access.ts";
import type { Principal, UserPrincipal } from "./principal.ts";

/**
 * The verified caller of a non-public route. The guard has run before any handler, so a missing
 * principal here is a wiring bug, not a client error.
 */
export function callerOf(ctx: Authorized): Principal {
  if (!ctx.principal) throw new Error(`route ${ctx.pattern} has no caller: is it declared public?`);
  return ctx.principal;
}

/** The signed-in human of an `auth: "human"` route. */
export function humanOf(ctx: Authorized): UserPrincipal {
  const caller = callerOf(ctx);
  if (caller.kind !== "user") throw new Error(`route ${ctx.pattern} is not declared human`);
  return caller;
}

/** The app of an `app: true` route, already checked against the caller. */
export function appOf(ctx: Authorized): AppRow {
  if (!ctx.app) throw new Error(`route ${ctx.pattern} is not declared app-scoped`);
  return ctx.app;
}
