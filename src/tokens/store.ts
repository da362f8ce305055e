import type { Role } from "../auth/permissions.ts";
import { ExternalWrites } from "../db/external-writes.ts";
import type { Db } from "../db/open.ts";

export interface TokenRow {
  readonly id: number;
  readonly name: string;
  readonly scope: "global" | "app";
  readonly app_id: number | null;
  readonly team_id: number | null;
  readonly allowed_ips: string;
  readonly hint: string;
  readonly created_by: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly role_cap: Role | null;
}

export interface NewToken {
  readonly name: string;
  readonly scope: "global" | "app";
  readonly appId: number | null;
  readonly teamId: number | null;
  readonly allowedIps: readonly string[];
  readonly hash: string;
  readonly hint: string;
  readonly createdBy: string;
  readonly roleCap: Role | null;
}

const COLUMNS = "id, name, scope, app_id, team_id, allowed_ips, hint, created_by, created_at, last_used_at, role_cap";

/** Distinct credentials remembered at once; beyond it the memory starts over (a flood of made-up tokens cannot grow it). */
const MAX_REMEMBERED = 10_000;

/**
 * API tokens in the global database; revoked rows stay (soft delete) but are never returned.
 * What a presented hash resolves to (a row, or nothing) is remembered, since every request asks:
 * forgotten on every insert or revoke made here, and whenever another connection (the admin CLI,
 * another instance) has committed, so a revocation takes effect on the very next request.
 */
export class TokenStore {
  private readonly byHash = new Map<string, (TokenRow & { token_hash: string }) | null>();
  private readonly external: ExternalWrites;
  private readonly insertRow;
  private readonly activeByHash;
  private readonly activeById;
  private readonly listAll;
  private readonly listByTeam;
  private readonly listByApp;
  private readonly revokeRow;
  private readonly touchRow;
  private readonly countActiveGlobal;

  constructor(db: Db) {
    this.external = new ExternalWrites(db);
    this.insertRow = db.prepare(
      `INSERT INTO api_tokens (name, scope, app_id, team_id, allowed_ips, token_hash, hint, created_by, created_at, role_cap)
       VALUES (@name, @scope, @appId, @teamId, @allowedIps, @hash, @hint, @createdBy, @createdAt, @roleCap)`,
    );
    this.activeByHash = db.prepare<[string], TokenRow & { token_hash: string }>(
      `SELECT ${COLUMNS}, token_hash FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL`,
    );
    this.activeById = db.prepare<[number], TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE id = ? AND revoked_at IS NULL`);
    this.listAll = db.prepare<[], TokenRow>(`SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL ORDER BY id`);
    this.listByTeam = db.prepare<[number], TokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL AND team_id = ? ORDER BY id`,
    );
    this.listByApp = db.prepare<[number], TokenRow>(
      `SELECT ${COLUMNS} FROM api_tokens WHERE revoked_at IS NULL AND app_id = ? ORDER BY id`,
    );
    this.revokeRow = db.prepare<[string, number]>("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL");
    this.touchRow = db.prepare<[string, number]>("UPDATE api_tokens SET last_used_at = ? WHERE id = ?");
    this.countActiveGlobal = db
      .prepare<[], number>("SELECT count(*) FROM api_tokens WHERE scope = 'global' AND revoked_at IS NULL")
      .pluck();
  }

  insert(token: NewToken): number {
    const result = this.insertRow.run({
      ...token,
      allowedIps: JSON.stringify(token.allowedIps),
      createdAt: new Date().toISOString(),
    });
    this.byHash.clear();
    return Number(result.lastInsertRowid);
  }

  findActiveByHash(hash: string): (TokenRow & { token_hash: string }) | undefined {
    if (this.external.happened()) this.byHash.clear();
    const known = this.byHash.get(hash);
    if (known !== undefined) return known ?? undefined;
    const row = this.activeByHash.get(hash);
    if (this.byHash.size >= MAX_REMEMBERED) this.byHash.clear();
    this.byHash.set(hash, row ?? null);
    return row;
  }

  findActive(id: number): TokenRow | undefined {
    return this.activeById.get(id);
  }

  /** All active tokens, those of one tenant, or those of one app. */
  list(filter: { all: true } | { teamId: number } | { appId: number }): TokenRow[] {
    if ("all" in filter) return this.listAll.all();
    if ("teamId" in filter) return this.listByTeam.all(filter.teamId);
    return this.listByApp.all(filter.appId);
  }

  revoke(id: number): boolean {
    const revoked = this.revokeRow.run(new Date().toISOString(), id).changes > 0;
    this.byHash.clear();
    return revoked;
  }

  touch(id: number, at: string): void {
    this.touchRow.run(at, id);
  }

  hasActiveGlobal(): boolean {
    return (this.countActiveGlobal.get() ?? 0) > 0;
  }
}
