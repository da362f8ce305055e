import type { Generated, Kysely } from "kysely";
import type { SqlDb } from "../db/sql.ts";

export interface AuditRow {
  readonly id: number;
  readonly at: string;
  readonly action: string;
  readonly app: string | null;
  readonly app_id: number | null;
  readonly actor_kind: string;
  readonly actor_id: string | null;
  readonly actor_label: string | null;
  readonly ip: string | null;
  readonly request_id: string | null;
  readonly target: string | null;
  readonly summary_json: string;
}

export type NewAuditRow = Omit<AuditRow, "id">;

/** Filters of a listing; `appId` pins entries to one app's lifetime (a later app of that name sees none). */
export interface AuditFilter {
  readonly app?: string | undefined;
  readonly appId?: number | undefined;
  readonly action?: string | undefined;
  readonly since?: string | undefined;
  readonly until?: string | undefined;
}

/**
 * `audit_log` as migration 0009 declares it, and the two columns of other domains' tables an
 * entry's actor label is read from when it is written (users: accounts; api_tokens: tokens).
 */
type AuditTables = {
  audit_log: NewAuditRow & { id: Generated<number> };
  users: { id: number; email: string | null; username: string | null };
  api_tokens: { id: number; name: string };
};

/** The audit log in the global database: appended to, listed newest first, never updated. */
export class AuditStore {
  private readonly db: Kysely<AuditTables>;

  constructor(sql: SqlDb) {
    this.db = sql.withTables<AuditTables>();
  }

  async append(row: NewAuditRow): Promise<number> {
    const { id } = await this.db.insertInto("audit_log").values(row).returning("id").executeTakeFirstOrThrow();
    return id;
  }

  async list(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    let where = this.db.selectFrom("audit_log");
    if (filter.app !== undefined) where = where.where("app", "=", filter.app);
    if (filter.appId !== undefined) where = where.where("app_id", "=", filter.appId);
    if (filter.action !== undefined) where = where.where("action", "=", filter.action);
    if (filter.since !== undefined) where = where.where("at", ">=", filter.since);
    if (filter.until !== undefined) where = where.where("at", "<=", filter.until);
    const rows = await where.selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
    const counted = await where.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return { rows, total: Number(counted.n) };
  }

  /** Deletes up to `limit` of the oldest entries written before `at`; how many went. */
  async pruneBefore(at: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom("audit_log")
      .where("id", "in", (eb) => eb.selectFrom("audit_log").select("id").where("at", "<", at).orderBy("at").orderBy("id").limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A person's email (or username for the break-glass admin), as the entry names them. */
  async labelOfUser(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom("users").select(["email", "username"]).where("id", "=", id).executeTakeFirst();
    return row?.email ?? row?.username ?? undefined;
  }

  async labelOfToken(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom("api_tokens").select("name").where("id", "=", id).executeTakeFirst();
    return row?.name;
  }
}
