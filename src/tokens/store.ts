import type { Role } from "../auth/permissions.ts";
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

/** API tokens in the global database; revoked rows stay (soft delete) but are never returned. */
export class TokenStore {
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
    return Number(result.lastInsertRowid);
  }

  findActiveByHash(hash: string): (TokenRow & { token_hash: string }) | undefined {
    return this.activeByHash.get(hash);
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
    return this.revokeRow.run(new Date().toISOString(), id).changes > 0;
  }

  touch(id: number, at: string): void {
    this.touchRow.run(at, id);
  }

  hasActiveGlobal(): boolean {
    return (this.countActiveGlobal.get() ?? 0) > 0;
  }
}
