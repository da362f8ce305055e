import { setImmediate as nextTurn } from "node:timers/promises";
import type { Logger } from "pino";
import type { AppStore } from "../apps/store.ts";
import { currentActing } from "../auth/acting.ts";
import type { Principal } from "../auth/principal.ts";
import type { AuditEntry, AuditQuery, AuditRecord, AuditSummary } from "./schemas.ts";
import type { AuditFilter, AuditRow, AuditStore } from "./store.ts";

/** What other domains hold of the audit log: one method, called after a change has been made. */
export interface AuditApi {
  /** Writes the entry; never rejects (a failed write is logged), so callers may await it or not. */
  record(entry: AuditRecord): Promise<void>;
}

export interface AuditLogOptions {
  readonly store: AuditStore;
  readonly apps: AppStore;
  readonly logger: Logger;
  /** Entries older than this are pruned; 0 keeps them for ever. */
  readonly retentionMs: number;
  readonly now?: () => number;
}

/** Entries deleted per statement, so a large first prune never holds the global writer for long. */
const PRUNE_BATCH = 1000;

/** Keys whose string values are never kept, whatever a caller passes: a second line of defence. */
const SECRET_KEY = /pass(word)?|secret|token|credential|api_?key|private/i;
/** Values that look like one of our credentials (`sk_…`, a JWT), wherever they appear. */
const SECRET_VALUE = /\bsk_[A-Za-z0-9_-]{8,}|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;
const REDACTED = "[redacted]";

/**
 * The audit log of security and configuration changes. Who and from where come from the request
 * being handled (the pipeline puts its caller in scope); outside a request the actor is `system`.
 * A failed write is logged and does not undo the change it describes, which has already happened.
 */
export class AuditLog implements AuditApi {
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(private readonly o: AuditLogOptions) {
    this.log = o.logger.child({ component: "audit" });
    this.now = o.now ?? Date.now;
  }

  async record(entry: AuditRecord): Promise<void> {
    try {
      const acting = currentActing();
      const actor =
        !acting?.principal && entry.actorUserId !== undefined
          ? { kind: "user", id: String(entry.actorUserId), label: (await this.o.store.labelOfUser(entry.actorUserId)) ?? null }
          : await this.actorOf(acting?.principal ?? null, acting !== undefined);
      const appId = entry.app === undefined ? null : (this.o.apps.findByName(entry.app)?.id ?? null);
      await this.o.store.append({
        at: new Date(this.now()).toISOString(),
        action: entry.action,
        app: entry.app ?? null,
        app_id: appId,
        actor_kind: actor.kind,
        actor_id: actor.id,
        actor_label: actor.label,
        ip: acting?.ip ?? null,
        request_id: acting?.requestId ?? null,
        target: entry.target === undefined ? null : scrubText(entry.target),
        summary_json: JSON.stringify(scrub(entry.summary ?? {})),
      });
    } catch (err) {
      this.log.error({ err, action: entry.action, app: entry.app }, "could not write an audit entry");
    }
  }

  /**
   * Drops entries past the retention, a batch per event-loop turn (API writes interleave with a
   * large first prune). Resolves with how many went.
   */
  async prune(): Promise<number> {
    if (this.o.retentionMs === 0) return 0;
    const before = new Date(this.now() - this.o.retentionMs).toISOString();
    let removed = 0;
    for (;;) {
      const batch = await this.o.store.pruneBefore(before, PRUNE_BATCH);
      removed += batch;
      if (batch < PRUNE_BATCH) break;
      await nextTurn();
    }
    if (removed > 0) this.log.info({ removed, before }, "audit entries past the retention pruned");
    return removed;
  }

  /** A page of entries, newest first; `appId` keeps one app's entries apart from a namesake's. */
  async list(query: Omit<AuditQuery, "app"> & { app?: string | undefined; appId?: number | undefined }): Promise<{ entries: AuditEntry[]; total: number }> {
    const filter: AuditFilter = {
      app: query.app,
      appId: query.appId,
      action: query.action,
      since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
      until: query.until === undefined ? undefined : new Date(query.until).toISOString(),
    };
    const { rows, total } = await this.o.store.list(filter, query.limit, query.offset);
    return { entries: rows.map(view), total };
  }

  private async actorOf(principal: Principal | null, inRequest: boolean): Promise<{ kind: string; id: string | null; label: string | null }> {
    if (!principal) return { kind: inRequest ? "anonymous" : "system", id: null, label: null };
    if (principal.kind === "token") {
      return { kind: `${principal.scope}_token`, id: String(principal.tokenId), label: (await this.o.store.labelOfToken(principal.tokenId)) ?? null };
    }
    return { kind: principal.superadmin ? "superadmin" : "user", id: String(principal.userId), label: (await this.o.store.labelOfUser(principal.userId)) ?? null };
  }
}

function view(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    app: row.app,
    actor: { kind: row.actor_kind, id: row.actor_id, label: row.actor_label },
    ip: row.ip,
    requestId: row.request_id,
    target: row.target,
    summary: JSON.parse(row.summary_json) as AuditSummary,
  };
}

function scrubText(value: string): string {
  return SECRET_VALUE.test(value) ? REDACTED : value;
}

function scrub(summary: AuditSummary): AuditSummary {
  const out: Record<string, AuditSummary[string]> = {};
  for (const [key, value] of Object.entries(summary)) {
    if (typeof value === "string") out[key] = SECRET_KEY.test(key) ? REDACTED : scrubText(value);
    else if (Array.isArray(value)) out[key] = SECRET_KEY.test(key) ? [REDACTED] : (value as readonly string[]).map(scrubText);
    else out[key] = value;
  }
  return out;
}
