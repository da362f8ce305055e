import type { Generated, Kysely } from "kysely";
import type { Role } from "../auth/permissions.ts";
import type { SqlDb } from "../db/sql.ts";
import { watchWrites, type WriteWatch } from "../db/writes.ts";

export interface UserRow {
  readonly id: number;
  readonly email: string | null;
  readonly username: string | null;
  readonly password_hash: string;
  readonly superadmin: number;
  readonly team_id: number | null;
  readonly role: Role | null;
  readonly totp_secret: string | null;
  readonly totp_pending: string | null;
  readonly totp_last_step: number | null;
}

export interface SessionRow {
  readonly id: string;
  readonly user_id: number;
  readonly ip: string;
  readonly user_agent: string;
  readonly created_at: string;
  readonly last_seen: string;
  readonly revoked_at: string | null;
}

export interface InviteRow {
  readonly id: number;
  readonly team_id: number;
  readonly email: string;
  readonly role: "admin" | "member";
  readonly expires_at: string;
}

export interface TeamRow {
  readonly id: number;
  readonly name: string;
  readonly plan: string;
  readonly created_at: string;
}

/** The tables this store owns, as `src/db/migrations/global/0002-identity.sql` (and 0004) declare them. */
type AccountTables = {
  teams: { id: Generated<number>; name: string; plan: string; created_at: string };
  users: Omit<UserRow, "id"> & { id: Generated<number>; created_at: string; updated_at: string };
  sessions: SessionRow;
  invites: {
    id: Generated<number>;
    team_id: number;
    email: string;
    role: "admin" | "member";
    invited_by: number | null;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
    code_hash: string | null;
  };
  magic_links: { id: Generated<number>; user_id: number; code_hash: string; created_at: string; expires_at: string; used_at: string | null };
};

const USER = ["id", "email", "username", "password_hash", "superadmin", "team_id", "role", "totp_secret", "totp_pending", "totp_last_step"] as const;

const now = () => new Date().toISOString();
/** How long a team's plan is kept without a write heard of (see `AccountStore.plans`). */
const PLAN_KEPT_MS = 30_000;
/** Teams whose plan is kept at most; past it the cache starts over. */
const PLANS_KEPT = 10_000;

/**
 * Users, teams, sessions, invites and magic links: the people side of the global database.
 * Writes that belong together (a user with their team, an invite accepted with its user) run in
 * `transaction`, whose handle the write methods take as their last argument.
 */
export class AccountStore {
  private readonly db: Kysely<AccountTables>;
  /**
   * Plans by team, read by the rate limit of every request with a team's credential: kept until
   * another process writes the global tables, and at most PLAN_KEPT_MS (a plan changed by hand in
   * SQL notifies no PostgreSQL node).
   */
  private readonly plans = new Map<number, { readonly plan: string | undefined; readonly at: number }>();
  private readonly external: WriteWatch;

  constructor(private readonly sql: SqlDb) {
    this.db = sql.withTables<AccountTables>();
    this.external = watchWrites(sql);
  }

  /** Runs `work` in one transaction; pass its handle to the store's writes. */
  transaction<T>(work: (trx: SqlDb) => Promise<T>): Promise<T> {
    return this.sql.transaction().execute(work);
  }

  async userById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").select(USER).where("id", "=", id).executeTakeFirst();
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").select(USER).where("email", "=", email).executeTakeFirst();
  }

  async userByUsername(username: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").select(USER).where("username", "=", username).executeTakeFirst();
  }

  async insertUser(
    user: { email: string | null; username: string | null; hash: string; superadmin: boolean; teamId: number | null; role: Role | null },
    on: SqlDb = this.sql,
  ): Promise<number> {
    const at = now();
    const row = await on
      .withTables<AccountTables>()
      .insertInto("users")
      .values({
        email: user.email,
        username: user.username,
        password_hash: user.hash,
        superadmin: user.superadmin ? 1 : 0,
        team_id: user.teamId,
        role: user.role,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setPassword(userId: number, hash: string): Promise<void> {
    await this.db.updateTable("users").set({ password_hash: hash, updated_at: now() }).where("id", "=", userId).execute();
  }

  async setTotpPending(userId: number, sealed: string | null): Promise<void> {
    await this.db.updateTable("users").set({ totp_pending: sealed, updated_at: now() }).where("id", "=", userId).execute();
  }

  /** Turns 2FA on (a sealed secret) or off (null); clears any pending setup. */
  async setTotp(userId: number, sealed: string | null, lastStep: number | null): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ totp_secret: sealed, totp_pending: null, totp_last_step: lastStep, updated_at: now() })
      .where("id", "=", userId)
      .execute();
  }

  /** Records `step` as the last accepted one, only if it is newer: false means it was already used. */
  async advanceTotpStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertTeam(name: string, on: SqlDb = this.sql): Promise<number> {
    const row = await on
      .withTables<AccountTables>()
      .insertInto("teams")
      .values({ name, plan: "free", created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async teamById(teamId: number): Promise<TeamRow | undefined> {
    return this.db.selectFrom("teams").select(["id", "name", "plan", "created_at"]).where("id", "=", teamId).executeTakeFirst();
  }

  /** The team's plan, or undefined when the team no longer exists. */
  async planOf(teamId: number): Promise<string | undefined> {
    if (this.external.happened() || this.plans.size > PLANS_KEPT) this.plans.clear();
    const kept = this.plans.get(teamId);
    if (kept && Date.now() - kept.at < PLAN_KEPT_MS) return kept.plan;
    const row = await this.db.selectFrom("teams").select("plan").where("id", "=", teamId).executeTakeFirst();
    this.plans.set(teamId, { plan: row?.plan, at: Date.now() });
    return row?.plan;
  }

  /** Teams by id, at most `limit` of them. */
  async teams(limit: number): Promise<{ id: number; plan: string }[]> {
    return this.db.selectFrom("teams").select(["id", "plan"]).orderBy("id").limit(limit).execute();
  }

  async insertSession(session: { id: string; userId: number; ip: string; userAgent: string }): Promise<void> {
    const at = now();
    await this.db
      .insertInto("sessions")
      .values({ id: session.id, user_id: session.userId, ip: session.ip, user_agent: session.userAgent, created_at: at, last_seen: at })
      .execute();
  }

  async sessionById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async touchSession(id: string, at: string): Promise<void> {
    await this.db.updateTable("sessions").set({ last_seen: at }).where("id", "=", id).execute();
  }

  /** Sessions not revoked, seen after `seenAfter` and created after `createdAfter`, newest first. */
  async liveSessions(userId: number, seenAfter: string, createdAfter: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where("last_seen", ">", seenAfter)
      .where("created_at", ">", createdAfter)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  async revokeSession(userId: number, id: string): Promise<boolean> {
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: now() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeOtherSessions(userId: number, keepId: string): Promise<number> {
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: now() })
      .where("user_id", "=", userId)
      .where("id", "!=", keepId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insertInvite(invite: { teamId: number; email: string; role: "admin" | "member"; invitedBy: number; expiresAt: string; codeHash: string }): Promise<number> {
    const row = await this.db
      .insertInto("invites")
      .values({
        team_id: invite.teamId,
        email: invite.email,
        role: invite.role,
        invited_by: invite.invitedBy,
        created_at: now(),
        expires_at: invite.expiresAt,
        code_hash: invite.codeHash,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The open, unexpired invite with this code hash. */
  async pendingInvite(codeHash: string): Promise<InviteRow | undefined> {
    return this.db
      .selectFrom("invites")
      .select(["id", "team_id", "email", "role", "expires_at"])
      .where("code_hash", "=", codeHash)
      .where("accepted_at", "is", null)
      .where("expires_at", ">", now())
      .executeTakeFirst();
  }

  /** Marks the invite accepted, only if it still was open: false when another sign-up took it first. */
  async acceptInvite(id: number, on: SqlDb = this.sql): Promise<boolean> {
    const result = await on
      .withTables<AccountTables>()
      .updateTable("invites")
      .set({ accepted_at: now() })
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async insertMagicLink(userId: number, codeHash: string, expiresAt: string): Promise<void> {
    await this.db.insertInto("magic_links").values({ user_id: userId, code_hash: codeHash, created_at: now(), expires_at: expiresAt }).execute();
  }

  /** The user of an unused, unexpired link, without using it up. */
  async peekMagicLink(codeHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("magic_links")
      .select("user_id")
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now())
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Marks the link used and answers its user, only if it was unused and unexpired: single use. */
  async consumeMagicLink(codeHash: string): Promise<number | undefined> {
    const at = now();
    const row = await this.db
      .updateTable("magic_links")
      .set({ used_at: at })
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", at)
      .returning("user_id")
      .executeTakeFirst();
    return row?.user_id;
  }
}
