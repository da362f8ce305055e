import type { Db } from "../db/open.ts";
import type { Role } from "../auth/permissions.ts";

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

const USER = "id, email, username, password_hash, superadmin, team_id, role, totp_secret, totp_pending, totp_last_step";

/** Users, teams, sessions, invites and magic links: the people side of the global database. */
export class AccountStore {
  readonly transaction: Db["transaction"];
  private readonly s;

  constructor(db: Db) {
    this.transaction = db.transaction.bind(db);
    this.s = {
      userById: db.prepare<[number], UserRow>(`SELECT ${USER} FROM users WHERE id = ?`),
      userByEmail: db.prepare<[string], UserRow>(`SELECT ${USER} FROM users WHERE email = ?`),
      userByUsername: db.prepare<[string], UserRow>(`SELECT ${USER} FROM users WHERE username = ?`),
      insertUser: db.prepare(
        `INSERT INTO users (email, username, password_hash, superadmin, team_id, role, created_at, updated_at)
         VALUES (@email, @username, @hash, @superadmin, @teamId, @role, @now, @now)`,
      ),
      setPassword: db.prepare<[string, string, number]>("UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?"),
      setTotpPending: db.prepare<[string | null, string, number]>("UPDATE users SET totp_pending = ?, updated_at = ? WHERE id = ?"),
      setTotp: db.prepare<[string | null, number | null, string, number]>(
        "UPDATE users SET totp_secret = ?, totp_pending = NULL, totp_last_step = ?, updated_at = ? WHERE id = ?",
      ),
      advanceTotpStep: db.prepare<[number, number, number]>(
        "UPDATE users SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)",
      ),
      insertTeam: db.prepare<[string, string]>("INSERT INTO teams (name, plan, created_at) VALUES (?, 'free', ?)"),
      teamById: db.prepare<[number], { id: number; name: string; plan: string; created_at: string }>(
        "SELECT id, name, plan, created_at FROM teams WHERE id = ?",
      ),
      teams: db.prepare<[number], { id: number; plan: string }>("SELECT id, plan FROM teams ORDER BY id LIMIT ?"),
      insertSession: db.prepare(
        `INSERT INTO sessions (id, user_id, ip, user_agent, created_at, last_seen) VALUES (@id, @userId, @ip, @userAgent, @now, @now)`,
      ),
      sessionById: db.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE id = ?"),
      touchSession: db.prepare<[string, string]>("UPDATE sessions SET last_seen = ? WHERE id = ?"),
      liveSessions: db.prepare<[number, string, string], SessionRow>(
        `SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND last_seen > ? AND created_at > ?
         ORDER BY created_at DESC, id DESC`,
      ),
      revokeSession: db.prepare<[string, string, number]>(
        "UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
      ),
      revokeOthers: db.prepare<[string, number, string]>(
        "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id != ? AND revoked_at IS NULL",
      ),
      insertInvite: db.prepare(
        `INSERT INTO invites (team_id, email, role, invited_by, created_at, expires_at, code_hash)
         VALUES (@teamId, @email, @role, @invitedBy, @now, @expiresAt, @codeHash)`,
      ),
      pendingInvite: db.prepare<[string, string], InviteRow>(
        "SELECT id, team_id, email, role, expires_at FROM invites WHERE code_hash = ? AND accepted_at IS NULL AND expires_at > ?",
      ),
      acceptInvite: db.prepare<[string, number]>("UPDATE invites SET accepted_at = ? WHERE id = ?"),
      insertMagic: db.prepare<[number, string, string, string]>(
        "INSERT INTO magic_links (user_id, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?)",
      ),
      peekMagic: db
        .prepare<[string, string], number>(
          "SELECT user_id FROM magic_links WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?",
        )
        .pluck(),
      consumeMagic: db
        .prepare<[string, string, string], number>(
          `UPDATE magic_links SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
        )
        .pluck(),
    };
  }

  userById(id: number): UserRow | undefined {
    return this.s.userById.get(id);
  }

  userByEmail(email: string): UserRow | undefined {
    return this.s.userByEmail.get(email);
  }

  userByUsername(username: string): UserRow | undefined {
    return this.s.userByUsername.get(username);
  }

  insertUser(user: {
    email: string | null;
    username: string | null;
    hash: string;
    superadmin: boolean;
    teamId: number | null;
    role: Role | null;
  }): number {
    const now = new Date().toISOString();
    return Number(this.s.insertUser.run({ ...user, superadmin: user.superadmin ? 1 : 0, now }).lastInsertRowid);
  }

  setPassword(userId: number, hash: string): void {
    this.s.setPassword.run(hash, new Date().toISOString(), userId);
  }

  setTotpPending(userId: number, sealed: string | null): void {
    this.s.setTotpPending.run(sealed, new Date().toISOString(), userId);
  }

  /** Turns 2FA on (a sealed secret) or off (null); clears any pending setup. */
  setTotp(userId: number, sealed: string | null, lastStep: number | null): void {
    this.s.setTotp.run(sealed, lastStep, new Date().toISOString(), userId);
  }

  /** Records `step` as the last accepted one, only if it is newer: false means it was already used. */
  advanceTotpStep(userId: number, step: number): boolean {
    return this.s.advanceTotpStep.run(step, userId, step).changes === 1;
  }

  insertTeam(name: string): number {
    return Number(this.s.insertTeam.run(name, new Date().toISOString()).lastInsertRowid);
  }

  teamById(teamId: number): { id: number; name: string; plan: string; created_at: string } | undefined {
    return this.s.teamById.get(teamId);
  }

  /** Teams by id, at most `limit` of them. */
  teams(limit: number): { id: number; plan: string }[] {
    return this.s.teams.all(limit);
  }

  insertSession(session: { id: string; userId: number; ip: string; userAgent: string }): void {
    this.s.insertSession.run({ ...session, now: new Date().toISOString() });
  }

  sessionById(id: string): SessionRow | undefined {
    return this.s.sessionById.get(id);
  }

  touchSession(id: string, at: string): void {
    this.s.touchSession.run(at, id);
  }

  /** Sessions not revoked, seen after `seenAfter` and created after `createdAfter`, newest first. */
  liveSessions(userId: number, seenAfter: string, createdAfter: string): SessionRow[] {
    return this.s.liveSessions.all(userId, seenAfter, createdAfter);
  }

  revokeSession(userId: number, id: string): boolean {
    return this.s.revokeSession.run(new Date().toISOString(), id, userId).changes > 0;
  }

  revokeOtherSessions(userId: number, keepId: string): number {
    return this.s.revokeOthers.run(new Date().toISOString(), userId, keepId).changes;
  }

  insertInvite(invite: { teamId: number; email: string; role: "admin" | "member"; invitedBy: number; expiresAt: string; codeHash: string }): number {
    return Number(this.s.insertInvite.run({ ...invite, now: new Date().toISOString() }).lastInsertRowid);
  }

  /** The open, unexpired invite with this code hash. */
  pendingInvite(codeHash: string): InviteRow | undefined {
    return this.s.pendingInvite.get(codeHash, new Date().toISOString());
  }

  acceptInvite(id: number): void {
    this.s.acceptInvite.run(new Date().toISOString(), id);
  }

  insertMagicLink(userId: number, codeHash: string, expiresAt: string): void {
    this.s.insertMagic.run(userId, codeHash, new Date().toISOString(), expiresAt);
  }

  /** The user of an unused, unexpired link, without using it up. */
  peekMagicLink(codeHash: string): number | undefined {
    return this.s.peekMagic.get(codeHash, new Date().toISOString());
  }

  /** Marks the link used and answers its user, only if it was unused and unexpired: single use. */
  consumeMagicLink(codeHash: string): number | undefined {
    const now = new Date().toISOString();
    return this.s.consumeMagic.get(now, codeHash, now);
  }
}
