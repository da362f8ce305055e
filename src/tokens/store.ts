import type { Generated, Kysely } from "kysely";
import type { Role } from "../auth/permissions.ts";
import type { SqlDb } from "../db/sql.ts";
import { announceWrite, watchWrites, type WriteWatch } from "../db/writes.ts";

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

type HashedRow = TokenRow & { token_hash: string };

/** `api_tokens` as migrations 0002 and 0004 declare it. */
type TokenTables = {
  api_tokens: Omit<HashedRow, "id"> & { id: Generated<number>; revoked_at: string | null };
};

const COLUMNS = ["id", "name", "scope", "app_id", "team_id", "allowed_ips", "hint", "created_by", "created_at", "last_used_at", "role_cap"] as const;

/** Distinct credentials remembered at once; beyond it the memory starts over (a flood of made-up tokens cannot grow it). */
const MAX_REMEMBERED = 10_000;

/**
 * API tokens in the global database; revoked rows stay (soft delete) but are never returned.
 * What a presented hash resolves to (a row, or nothing) is remembered, since every request asks:
 * forgotten on every insert or revoke made here, and whenever another process or node has
 * written, so a revocation takes effect on the very next request.
 */
export class TokenStore {
  private readonly db: Kysely<TokenTables>;
  private readonly byHash = new Map<string, HashedRow | null>();
  /** Bumped whenever `byHash` is forgotten, so a lookup that raced a write does not store its stale answer. */
  private generation = 0;
  private readonly external: WriteWatch;

  constructor(private readonly sql: SqlDb) {
    this.db = sql.withTables<TokenTables>();
    this.external = watchWrites(sql);
  }

  /**
   * Inserts through `on`; answers the new id. Inside a transaction (`on` its handle) the caller
   * calls `committed()` once it has committed, so no cache hears of a row that may yet roll back.
   */
  async insert(token: NewToken, on: SqlDb = this.sql): Promise<number> {
    const row = await on
      .withTables<TokenTables>()
      .insertInto("api_tokens")
      .values({
        name: token.name,
        scope: token.scope,
        app_id: token.appId,
        team_id: token.teamId,
        allowed_ips: JSON.stringify(token.allowedIps),
        token_hash: token.hash,
        hint: token.hint,
        created_by: token.createdBy,
        created_at: new Date().toISOString(),
        role_cap: token.roleCap,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (on === this.sql) this.committed();
    return row.id;
  }

  /** The active token with this hash; answered from memory when it was asked before. */
  async findActiveByHash(hash: string): Promise<HashedRow | undefined> {
    if (this.external.happened()) this.forget();
    const known = this.byHash.get(hash);
    if (known !== undefined) return known ?? undefined;
    const generation = this.generation;
    const row = await this.db
      .selectFrom("api_tokens")
      .select([...COLUMNS, "token_hash"])
      .where("token_hash", "=", hash)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (generation === this.generation) {
      if (this.byHash.size >= MAX_REMEMBERED) this.byHash.clear();
      this.byHash.set(hash, row ?? null);
    }
    return row;
  }

  async findActive(id: number): Promise<TokenRow | undefined> {
    return this.db.selectFrom("api_tokens").select(COLUMNS).where("id", "=", id).where("revoked_at", "is", null).executeTakeFirst();
  }

  /** All active tokens, those of one tenant, or those of one app. */
  async list(filter: { all: true } | { teamId: number } | { appId: number }): Promise<TokenRow[]> {
    let query = this.db.selectFrom("api_tokens").select(COLUMNS).where("revoked_at", "is", null);
    if ("teamId" in filter) query = query.where("team_id", "=", filter.teamId);
    else if ("appId" in filter) query = query.where("app_id", "=", filter.appId);
    return query.orderBy("id").execute();
  }

  async revoke(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable("api_tokens")
      .set({ revoked_at: new Date().toISOString() })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    this.committed();
    return result.numUpdatedRows > 0n;
  }

  async touch(id: number, at: string): Promise<void> {
    await this.db.updateTable("api_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
  }

  /** Whether an active global token exists, read through `on` (a transaction's handle when given). */
  async hasActiveGlobal(on: SqlDb = this.sql): Promise<boolean> {
    const row = await on
      .withTables<TokenTables>()
      .selectFrom("api_tokens")
      .select("id")
      .where("scope", "=", "global")
      .where("revoked_at", "is", null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets what lookups remembered and tells other processes' caches: after each committed write. */
  committed(): void {
    this.forget();
    announceWrite(this.sql);
  }

  private forget(): void {
    this.byHash.clear();
    this.generation++;
  }
}
