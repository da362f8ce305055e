import type { Db } from "../db/open.ts";

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

const WHERE = `WHERE (@app IS NULL OR app = @app) AND (@appId IS NULL OR app_id = @appId) AND (@action IS NULL OR action = @action)
  AND (@since IS NULL OR at >= @since) AND (@until IS NULL OR at <= @until)`;

interface Bound {
  app: string | null;
  appId: number | null;
  action: string | null;
  since: string | null;
  until: string | null;
}

/** The audit log in the global database: appended to, listed newest first, never updated. */
export class AuditStore {
  private readonly insert;
  private readonly page;
  private readonly count;
  private readonly userLabel;
  private readonly tokenName;
  private readonly prune;

  constructor(db: Db) {
    this.insert = db.prepare<NewAuditRow>(
      `INSERT INTO audit_log (at, action, app, app_id, actor_kind, actor_id, actor_label, ip, request_id, target, summary_json)
       VALUES (@at, @action, @app, @app_id, @actor_kind, @actor_id, @actor_label, @ip, @request_id, @target, @summary_json)`,
    );
    this.page = db.prepare<[Bound & { limit: number; offset: number }], AuditRow>(
      `SELECT * FROM audit_log ${WHERE} ORDER BY at DESC, id DESC LIMIT @limit OFFSET @offset`,
    );
    this.count = db.prepare<[Bound], number>(`SELECT count(*) FROM audit_log ${WHERE}`).pluck();
    this.userLabel = db.prepare<[number], string | null>("SELECT coalesce(email, username) FROM users WHERE id = ?").pluck();
    this.tokenName = db.prepare<[number], string>("SELECT name FROM api_tokens WHERE id = ?").pluck();
    this.prune = db.prepare<[string, number]>(
      "DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < ? ORDER BY at, id LIMIT ?)",
    );
  }

  append(row: NewAuditRow): number {
    return Number(this.insert.run(row).lastInsertRowid);
  }

  list(filter: AuditFilter, limit: number, offset: number): { rows: AuditRow[]; total: number } {
    const bound: Bound = {
      app: filter.app ?? null,
      appId: filter.appId ?? null,
      action: filter.action ?? null,
      since: filter.since ?? null,
      until: filter.until ?? null,
    };
    return { rows: this.page.all({ ...bound, limit, offset }), total: this.count.get(bound) ?? 0 };
  }

  /** Deletes up to `limit` of the oldest entries written before `at`; how many went. */
  pruneBefore(at: string, limit: number): number {
    return this.prune.run(at, limit).changes;
  }

  /** A person's email (or username for the break-glass admin), as the entry names them. */
  labelOfUser(id: number): string | undefined {
    return this.userLabel.get(id) ?? undefined;
  }

  labelOfToken(id: number): string | undefined {
    return this.tokenName.get(id);
  }
}
