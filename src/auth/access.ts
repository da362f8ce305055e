import type { AppRow } from "../apps/store.ts";
import type { Permission } from "./permissions.ts";
import type { Principal } from "./principal.ts";

/**
 * Who may call a route: anyone, any authenticated caller, a signed-in human only, a
 * platform-wide (global) credential only, or an edge node with the cluster token (`X-Cluster-Token`,
 * never a Bearer credential).
 */
export type AuthKind = "public" | "any" | "human" | "global" | "cluster";

/** What a route declares about access; the guard reads nothing else of it. */
export interface RouteAccess {
  readonly auth: AuthKind;
  /** Checked against the caller's role (when SERVICE_AUTHZ_ENFORCE is on); tokens are scoped instead. */
  readonly permission?: Permission;
  /** The route addresses one app through its `{app}` parameter. */
  readonly app?: boolean;
  /**
   * The route is the app's database maintenance itself: it still runs while that maintenance has
   * the app closed (to answer its own 409), where every other route of the app answers 503.
   */
  readonly maintenance?: boolean;
}

/** What the guard established about a request, as handlers see it. */
export interface Authorized {
  /** The matched route pattern, e.g. `/api/v1/apps/{app}`. */
  readonly pattern: string;
  /** The verified caller; null on public routes. */
  readonly principal: Principal | null;
  /** The app an `app: true` route addresses, already checked against the caller; null otherwise. */
  readonly app: AppRow | null;
}
