import type { Cidr } from "../lib/cidr.ts";
import type { Role } from "./permissions.ts";

/** An API token's identity: global (platform-wide) or bound to one app and its tenant. */
export type TokenPrincipal =
  | { readonly kind: "token"; readonly tokenId: number; readonly scope: "global"; readonly allowedIps: readonly Cidr[] }
  | {
      readonly kind: "token";
      readonly tokenId: number;
      readonly scope: "app";
      readonly appId: number;
      readonly teamId: number | null;
      readonly allowedIps: readonly Cidr[];
      /** Minted by a person: the token can do at most what their role could. */
      readonly roleCap: Role | null;
    };

/** A signed-in human. `sessionId` is null for JWTs issued before sessions existed. */
export interface UserPrincipal {
  readonly kind: "user";
  readonly userId: number;
  readonly sessionId: string | null;
  readonly superadmin: boolean;
  readonly teamId: number | null;
  readonly role: Role | null;
}

/** Who is calling, once the guard has verified the Bearer credential. */
export type Principal = TokenPrincipal | UserPrincipal;

/** Platform-wide callers: global tokens and superadmins see and do everything. */
export function isPlatform(p: Principal): boolean {
  return p.kind === "token" ? p.scope === "global" : p.superadmin;
}

/**
 * Whether the caller may touch an app (or a record belonging to one: `id` null for none).
 * Platform callers see everything; app tokens their own app; people their team's.
 */
export function canSeeApp(caller: Principal, app: { readonly id: number | null; readonly teamId: number | null }): boolean {
  if (isPlatform(caller)) return true;
  if (caller.kind === "token") return caller.scope === "app" && caller.appId === app.id;
  return caller.teamId !== null && caller.teamId === app.teamId;
}

/** The tenant a caller acts for, or null for platform-wide callers and the break-glass admin. */
export function tenantOf(p: Principal): number | null {
  if (p.kind === "token") return p.scope === "app" ? p.teamId : null;
  return p.teamId;
}
