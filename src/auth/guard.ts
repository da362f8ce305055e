import type { AccountStore } from "../accounts/store.ts";
import type { SessionTokens } from "../accounts/jwt.ts";
import type { SessionService } from "../accounts/sessions.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import { isMaintenance } from "../db/app-unavailable.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { sameSecret } from "../lib/same-secret.ts";
import type { TokenService } from "../tokens/service.ts";
import type { RouteAccess } from "./access.ts";
import { roleGrants } from "./permissions.ts";
import { canSeeApp, isPlatform, type Principal, type UserPrincipal } from "./principal.ts";

export interface GuardOptions {
  readonly tokens: TokenService;
  readonly sessionTokens: SessionTokens;
  readonly sessions: SessionService;
  readonly accounts: AccountStore;
  readonly apps: AppStore;
  readonly authzEnforce: boolean;
  /** Resolves once the app's config and secrets are read again when another node wrote them (at once when none did). */
  readonly current: (app: string) => Promise<void>;
  /** Why an existing app cannot be served now (its database is damaged), or undefined. */
  readonly unavailable: (app: string) => Problem | undefined;
  /** `SERVICE_CLUSTER_TOKEN`: edge nodes present it on the `cluster` routes; unset, those answer 503. */
  readonly clusterToken: string | undefined;
}

const BEARER = /^Bearer[ \t]+(\S+)\s*$/i;

/**
 * The route guard: who is calling (API token or human JWT with a live session), whether that kind
 * of caller may use the route at all, which app the route is about and whether the caller may
 * touch it, and whether their role grants the route's permission.
 */
export class Guard {
  constructor(private readonly o: GuardOptions) {}

  /**
   * An edge node on a `cluster` route: the `X-Cluster-Token` header against SERVICE_CLUSTER_TOKEN,
   * compared in constant time. Without the setting the cluster is off, whatever the header says.
   */
  clusterCaller(header: string | undefined): Problem | undefined {
    const expected = this.o.clusterToken;
    if (!expected) return problem("service_unavailable", "the cluster registry is off: set SERVICE_CLUSTER_TOKEN to let edge nodes join");
    if (header === undefined || !sameSecret(header, expected)) {
      return problem("unauthorized", "send the cluster token as `X-Cluster-Token: <SERVICE_CLUSTER_TOKEN>` (a Bearer credential is not a cluster token)");
    }
    return undefined;
  }

  async authenticate(authorization: string | undefined, ip: string): Promise<Principal | Problem> {
    const credential = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (credential === undefined) {
      return problem("unauthorized", "send a credential as `Authorization: Bearer <API token or sign-in token>`", {
        headers: { "www-authenticate": 'Bearer realm="service-core"' },
      });
    }
    if (credential.startsWith("sk_")) return this.o.tokens.authenticate(credential, ip);
    return this.authenticateHuman(credential);
  }

  /**
   * Checks the caller against the route; answers the app the route addresses (null for routes
   * that are not about one app). An app the caller cannot see is answered as not found, exactly
   * as one that does not exist.
   */
  /**
   * Before a route about an `{app}` runs (public routes too): an app this node does not know may be
   * one another node just created, and one whose config or secrets another node just wrote is read
   * again first, so a request right after a write on another node is served that write.
   */
  async knowApp(rawParams: Readonly<Record<string, string>>): Promise<void> {
    const name = rawParams["app"];
    if (name === undefined) return;
    if (!this.o.apps.findByName(name)) await this.o.apps.fresh({ name });
    if (this.o.apps.findByName(name)) await this.o.current(name);
  }

  authorize(caller: Principal, route: RouteAccess, rawParams: Readonly<Record<string, string>>): AppRow | null | Problem {
    if (route.auth === "human" && caller.kind !== "user") {
      return problem("forbidden", "this route is for signed-in people; API tokens cannot use it");
    }
    if (route.auth === "global" && !isPlatform(caller)) {
      return problem("forbidden", "this route needs a global-scope API token or a superadmin");
    }
    let app: AppRow | null = null;
    if (route.app) {
      const name = rawParams["app"] ?? "";
      const found = this.o.apps.findByName(name);
      if (!found || !canSeeApp(caller, found)) return problem("not_found", `no app named "${name}"`);
      const down = this.o.unavailable(found.name);
      if (down && !(route.maintenance && isMaintenance(down))) return down;
      app = found;
    }
    if (route.permission && this.o.authzEnforce) {
      // People by their role; app tokens minted by people by the role they were minted with.
      const role = caller.kind === "user" ? (caller.superadmin ? undefined : caller.role) : caller.scope === "app" ? (caller.roleCap ?? undefined) : undefined;
      if (role === null || (role !== undefined && !roleGrants(role, route.permission))) {
        return problem("forbidden", `this needs the ${route.permission} permission, which the ${role ?? "no"} role lacks`);
      }
    }
    return app;
  }

  private async authenticateHuman(jwt: string): Promise<UserPrincipal | Problem> {
    const claims = await this.o.sessionTokens.verify(jwt);
    if (!claims) return problem("unauthorized", "the sign-in token is invalid or expired; sign in again");
    const user = await this.o.accounts.userById(claims.userId);
    if (!user) return problem("unauthorized", "the account no longer exists");
    if (claims.sessionId !== null && !(await this.o.sessions.isLive(claims.sessionId, user.id))) {
      return problem("unauthorized", "this session was signed out or has expired; sign in again");
    }
    return {
      kind: "user",
      userId: user.id,
      sessionId: claims.sessionId,
      superadmin: user.superadmin === 1,
      teamId: user.team_id,
      role: user.role,
    };
  }
}
