import { randomBytes } from "node:crypto";
import { announceWrite, watchWrites, type WriteWatch } from "../db/writes.ts";
import type { SqlDb } from "../db/sql.ts";
import type { AccountStore, SessionRow } from "./store.ts";
import { SESSION_TTL_SECONDS, type SessionTokens } from "./jwt.ts";

/** A session ends after this long without a request, even though its 12 h JWT has not expired. */
export const SESSION_IDLE_MS = 4 * 60 * 60 * 1000;
/**
 * How long a liveness answer is reused. Revocation through this process is seen at once; through
 * another node or process, as soon as its write is heard of (PostgreSQL's NOTIFY, SQLite's
 * data_version), and within this TTL should that word be lost.
 */
export const LIVENESS_TTL_MS = 5_000;
/** last_seen is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** SPEC 2.3's session record. */
export interface SessionView {
  readonly id: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly createdAt: string;
  readonly lastSeen: string;
  readonly current: boolean;
}

export class SessionService {
  private readonly cache = new Map<string, { live: boolean; until: number; userId: number }>();
  private readonly touched = new Map<string, number>();

  private readonly store: AccountStore;
  private readonly db: SqlDb;
  private readonly tokens: SessionTokens;
  private readonly now: () => number;
  /** Writes made elsewhere (a sign-out through another node) drop every remembered answer. */
  private readonly external: WriteWatch;

  /** `db` is the handle the store was made with: revocations are announced on it. */
  constructor(options: { readonly store: AccountStore; readonly db: SqlDb; readonly tokens: SessionTokens; readonly now?: () => number }) {
    this.store = options.store;
    this.db = options.db;
    this.tokens = options.tokens;
    this.now = options.now ?? Date.now;
    this.external = watchWrites(options.db);
  }

  /** Every sign-in: a new session and the JWT that carries its id. */
  async start(userId: number, ip: string, userAgent: string): Promise<{ token: string; sessionId: string }> {
    const sessionId = `sess_${randomBytes(18).toString("base64url")}`;
    await this.store.insertSession({ id: sessionId, userId, ip, userAgent: userAgent.slice(0, 512) });
    return { token: await this.tokens.sign({ userId, sessionId }), sessionId };
  }

  /**
   * Whether the session is alive for this user: not revoked, not idle, not past its lifetime.
   * A remembered answer is used without a query; last_seen is written when the row is read
   * again, at most once a minute, so it is as fresh as the liveness TTL allows.
   */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const now = this.now();
    if (this.external.happened()) this.cache.clear();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now && cached.userId === userId) {
      return cached.live;
    }
    const row = await this.store.sessionById(sessionId);
    const live = row !== undefined && row.user_id === userId && this.alive(row, now);
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(sessionId, { live, until: now + LIVENESS_TTL_MS, userId });
    if (live) await this.touch(sessionId, now);
    return live;
  }

  async list(userId: number, currentId: string | null): Promise<SessionView[]> {
    const now = this.now();
    const rows = await this.store.liveSessions(userId, new Date(now - SESSION_IDLE_MS).toISOString(), new Date(now - SESSION_TTL_SECONDS * 1000).toISOString());
    return rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastSeen: row.last_seen,
      current: row.id === currentId,
    }));
  }

  /** Revokes one of the user's own sessions; false when it is not theirs or already gone. */
  async revoke(userId: number, sessionId: string): Promise<boolean> {
    const revoked = await this.store.revokeSession(userId, sessionId);
    this.cache.delete(sessionId);
    if (revoked) announceWrite(this.db);
    return revoked;
  }

  /** Revokes every session of the user but `keepId`; answers how many. */
  async revokeOthers(userId: number, keepId: string | null): Promise<number> {
    const count = await this.store.revokeOtherSessions(userId, keepId ?? "");
    for (const [id, entry] of this.cache) if (entry.userId === userId && id !== keepId) this.cache.delete(id);
    if (count > 0) announceWrite(this.db);
    return count;
  }

  private alive(row: SessionRow, now: number): boolean {
    return (
      row.revoked_at === null &&
      Date.parse(row.last_seen) > now - SESSION_IDLE_MS &&
      Date.parse(row.created_at) > now - SESSION_TTL_SECONDS * 1000
    );
  }

  private async touch(sessionId: string, now: number): Promise<void> {
    if ((this.touched.get(sessionId) ?? 0) > now - TOUCH_INTERVAL_MS) return;
    if (this.touched.size > 50_000) this.touched.clear();
    this.touched.set(sessionId, now);
    await this.store.touchSession(sessionId, new Date(now).toISOString());
  }
}
