import { timingSafeEqual } from "node:crypto";
import type { AppStore } from "../apps/store.ts";
import type { AuditApi } from "../audit/service.ts";
import type { SqlDb } from "../db/sql.ts";
import { canSeeApp, isPlatform, type Principal, type TokenPrincipal } from "../auth/principal.ts";
import { roleGrants } from "../auth/permissions.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { cidrWithinAny, inCidrs, parseCidr, type Cidr } from "../lib/cidr.ts";
import type { Role } from "../auth/permissions.ts";
import { generateToken, hashToken, isWellFormedToken, tokenHint } from "./format.ts";
import type { CreateTokenBody } from "./schemas.ts";
import { TokenStore, type TokenRow } from "./store.ts";

/** A token as lists show it: never its hash, never its plaintext. */
export interface TokenView {
  readonly id: number;
  readonly name: string;
  readonly scope: "global" | "app";
  readonly appId: number | null;
  readonly allowedIps: string[];
  readonly hint: string;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

function view(row: TokenRow): TokenView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    appId: row.app_id,
    allowedIps: JSON.parse(row.allowed_ips) as string[],
    hint: row.hint,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Fails closed: an entry that no longer parses leaves the token usable from nowhere. */
function parseAllowedIps(json: string): { restricted: boolean; list: Cidr[] } {
  const entries = JSON.parse(json) as string[];
  const list = entries.flatMap((entry) => parseCidr(entry) ?? []);
  return { restricted: entries.length > 0, list: list.length === entries.length ? list : [] };
}

/** What a token minted by `caller` may do at most: a person's role, or the minting token's cap. */
function roleCapOf(caller: Principal): Role | null {
  if (caller.kind === "user") return caller.superadmin ? null : caller.role;
  return caller.scope === "app" ? caller.roleCap : null;
}

/** last_used_at is written at most once a minute per token, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface TokenServiceOptions {
  readonly db: SqlDb;
  readonly apps: AppStore;
  readonly authzEnforce: boolean;
  /** Where token creation and revocation are recorded; absent in tools that seed tokens. */
  readonly audit?: AuditApi;
}

export class TokenService {
  private readonly store: TokenStore;
  private readonly touched = new Map<number, number>();

  constructor(private readonly options: TokenServiceOptions) {
    this.store = new TokenStore(options.db);
  }

  /** Resolves a Bearer `sk_` token; the caller's address must pass the token's allowlist. */
  async authenticate(token: string, ip: string): Promise<TokenPrincipal | Problem> {
    if (!isWellFormedToken(token)) return problem("unauthorized", "the API token is malformed; check it was copied whole");
    const hash = hashToken(token);
    const row = await this.store.findActiveByHash(hash);
    // The lookup is by hash; the comparison below only guards against a store that matched loosely.
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) {
      return problem("unauthorized", "the API token is unknown or revoked");
    }
    const { restricted, list: allowedIps } = parseAllowedIps(row.allowed_ips);
    if (restricted && !inCidrs(ip, allowedIps)) {
      return problem("forbidden", `this API token may not be used from ${ip}`);
    }
    const now = Date.now();
    if ((this.touched.get(row.id) ?? 0) < now - TOUCH_INTERVAL_MS) {
      this.touched.set(row.id, now);
      await this.store.touch(row.id, new Date(now).toISOString());
    }
    return row.scope === "global"
      ? { kind: "token", tokenId: row.id, scope: "global", allowedIps }
      : { kind: "token", tokenId: row.id, scope: "app", appId: row.app_id as number, teamId: row.team_id, allowedIps, roleCap: row.role_cap };
  }

  async list(caller: Principal): Promise<TokenView[] | Problem> {
    const denied = this.mayManage(caller);
    if (denied) return denied;
    if (isPlatform(caller)) return (await this.store.list({ all: true })).map(view);
    if (caller.kind === "token" && caller.scope === "app") return (await this.store.list({ appId: caller.appId })).map(view);
    if (caller.kind === "user" && caller.teamId !== null) return (await this.store.list({ teamId: caller.teamId })).map(view);
    return [];
  }

  /** Creates a token and answers its plaintext, which is never shown again. */
  async create(caller: Principal, body: CreateTokenBody): Promise<{ id: number; token: string } | Problem> {
    const denied = this.mayManage(caller);
    if (denied) return denied;
    let appId: number | null = null;
    let teamId: number | null = null;
    let appName: string | undefined;
    if (body.scope === "global") {
      if (!isPlatform(caller)) return problem("forbidden", "only a global token or a superadmin can create global tokens");
    } else {
      // An app another node created a moment ago may not be in this node's registry yet.
      if (!this.options.apps.findById(body.appId)) await this.options.apps.fresh({ id: body.appId });
      const app = this.options.apps.findById(body.appId);
      if (!app || !canSeeApp(caller, app)) return problem("not_found", `no app with id ${body.appId}`);
      appId = app.id;
      teamId = app.teamId;
      appName = app.name;
    }
    // A restricted credential cannot mint a less restricted one.
    if (caller.kind === "token" && caller.allowedIps.length > 0) {
      const outside = body.allowedIps.length === 0 ? ["(no restriction)"] : body.allowedIps.filter((entry) => !cidrWithinAny(entry, caller.allowedIps));
      if (outside.length > 0) {
        return problem("forbidden", `this token is IP-restricted; a token it creates must be restricted to its ranges too (outside: ${outside.join(", ")})`);
      }
    }
    const token = generateToken();
    const id = await this.store.insert({
      name: body.name,
      scope: body.scope,
      appId,
      teamId,
      allowedIps: body.allowedIps,
      hash: hashToken(token),
      hint: tokenHint(token),
      createdBy: caller.kind === "token" ? `token:${caller.tokenId}` : `user:${caller.userId}`,
      roleCap: roleCapOf(caller),
    });
    await this.options.audit?.record({
      action: "token.create",
      app: appName,
      target: `token:${id}`,
      summary: { name: body.name, scope: body.scope, allowedIps: [...body.allowedIps], hint: tokenHint(token) },
    });
    return { id, token };
  }

  async revoke(caller: Principal, id: number): Promise<true | Problem> {
    const denied = this.mayManage(caller);
    if (denied) return denied;
    const row = await this.store.findActive(id);
    if (!row || !canSeeApp(caller, { id: row.app_id, teamId: row.team_id })) return problem("not_found", `no active token with id ${id}`);
    await this.store.revoke(id);
    this.touched.delete(id);
    await this.options.audit?.record({
      action: "token.revoke",
      app: row.app_id === null ? undefined : this.options.apps.findById(row.app_id)?.name,
      target: `token:${id}`,
      summary: { name: row.name, scope: row.scope, hint: row.hint },
    });
    return true;
  }

  /**
   * The installer's first global token, seeded straight into the database. Idempotent: while an
   * active global token exists it creates nothing and answers undefined. The check and the insert
   * share a serializable transaction: of two processes seeding at once, the second fails rather
   * than seeding a second token (SQLite refuses its write as busy, PostgreSQL as a serialization
   * failure); within one process the transaction is alone on the connection.
   */
  async seedGlobal(): Promise<string | undefined> {
    const token = await this.options.db
      .transaction()
      .setIsolationLevel("serializable")
      .execute(async (trx): Promise<string | undefined> => {
        if (await this.store.hasActiveGlobal(trx)) return undefined;
        const token = generateToken();
        await this.store.insert(
          {
            name: "installer",
            scope: "global",
            appId: null,
            teamId: null,
            allowedIps: [],
            hash: hashToken(token),
            hint: tokenHint(token),
            createdBy: "installer",
            roleCap: null,
          },
          trx,
        );
        return token;
      });
    if (token !== undefined) this.store.committed();
    return token;
  }

  private mayManage(caller: Principal): Problem | undefined {
    if (caller.kind !== "user" || caller.superadmin || !this.options.authzEnforce) return undefined;
    if (caller.role !== null && roleGrants(caller.role, "team:manage")) return undefined;
    return problem("forbidden", "managing API tokens needs the owner or admin role");
  }
}
