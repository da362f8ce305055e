import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { roleGrants } from "../auth/permissions.ts";
import type { UserPrincipal } from "../auth/principal.ts";
import type { AuditApi } from "../audit/service.ts";
import type { Limiter } from "../auth/limiter.ts";
import type { Limit } from "../auth/rate-limit.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { parseIp } from "../lib/cidr.ts";
import { isUniqueViolation } from "../lib/unique-violation.ts";
import type { Mail, Mailer } from "./mailer.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";
import type { InviteBody, LoginBody, MagicVerifyBody, PasswordBody, SignupBody } from "./schemas.ts";
import type { SessionService } from "./sessions.ts";
import type { AccountStore, InviteRow, UserRow } from "./store.ts";
import type { TotpService } from "./totp.ts";

/** Per-IP and per-account limits on everything that guesses at a secret (see docs/security.md). */
export const LIMITS = {
  loginPerIp: { max: 20, windowMs: 60_000 },
  loginFailuresPerAccount: { max: 10, windowMs: 15 * 60_000 },
  signupPerIp: { max: 10, windowMs: 60 * 60_000 },
  magicRequestPerIp: { max: 10, windowMs: 60 * 60_000 },
  magicRequestPerEmail: { max: 3, windowMs: 60 * 60_000 },
  magicVerifyPerIp: { max: 20, windowMs: 60_000 },
  invitesPerTeam: { max: 50, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

const MAGIC_LINK_TTL_MS = 15 * 60_000;
const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

export interface Client {
  readonly ip: string;
  readonly userAgent: string;
}

export interface AccountServiceOptions {
  readonly store: AccountStore;
  readonly sessions: SessionService;
  readonly totp: TotpService;
  readonly limiter: Limiter;
  readonly mailer: Mailer;
  readonly logger: Logger;
  readonly publicUrl: string;
  readonly allowSignup: boolean;
  readonly authzEnforce: boolean;
  /** The break-glass admin's username, when configured. */
  readonly adminUsername: string | undefined;
  readonly audit?: AuditApi;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Per-address limits count an IPv6 /64 as one address: one host usually has the whole /64. */
function ipBucket(ip: string): string {
  const address = parseIp(ip);
  if (address?.kind() !== "ipv6") return ip;
  return `${address.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}

/** Sign-up, sign-in, magic links, password changes and invites. */
export class AccountService {
  constructor(private readonly o: AccountServiceOptions) {}

  /**
   * Creates the user. With the code of an open invite for this email they join the inviting team
   * with its role (allowed even when self-signup is off); otherwise, if signup is on, they get a
   * new team on the free plan as its owner.
   */
  async signup(body: SignupBody, client: Client): Promise<{ token: string } | Problem> {
    const limited = await this.o.limiter.hit(`signup:ip:${ipBucket(client.ip)}`, LIMITS.signupPerIp, "sign-ups from this address");
    if (limited) return limited;
    const email = body.email;
    let invite: InviteRow | undefined;
    if (body.invite !== undefined) {
      invite = await this.o.store.pendingInvite(sha256(body.invite));
      if (!invite || invite.email !== email) {
        return problem("invalid_credentials", "the invite code is unknown, expired, used, or for another email");
      }
    } else if (!this.o.allowSignup) {
      // Checked before the email, so a closed server says nothing about who has an account.
      return problem("signup_disabled", "self-signup is off on this server; ask a team owner for an invite");
    }
    if (!invite && body.teamName === undefined) {
      return problem("validation_failed", "body.teamName: a team name is needed to sign up without an invite", {
        details: [{ path: "body.teamName", message: "required without an invite", code: "custom" }],
      });
    }
    if (await this.o.store.userByEmail(email)) return problem("conflict", "an account with this email already exists; sign in instead");
    const hash = await hashPassword(body.password);
    const joining = invite;
    let userId: number | undefined;
    try {
      userId = await this.o.store.transaction(async (trx) => {
        if (joining) {
          // Accepted only while still open: of two sign-ups racing on one invite, one joins.
          if (!(await this.o.store.acceptInvite(joining.id, trx))) return undefined;
          return this.o.store.insertUser({ email, username: null, hash, superadmin: false, teamId: joining.team_id, role: joining.role }, trx);
        }
        const teamId = await this.o.store.insertTeam(body.teamName ?? email, trx);
        return this.o.store.insertUser({ email, username: null, hash, superadmin: false, teamId, role: "owner" }, trx);
      });
    } catch (err) {
      // Two sign-ups for one email at once: the second loses on the unique index.
      if (isUniqueViolation(err)) return problem("conflict", "an account with this email already exists; sign in instead");
      throw err;
    }
    if (userId === undefined) return problem("invalid_credentials", "the invite code is unknown, expired, used, or for another email");
    if (joining) {
      await this.o.audit?.record({
        action: "invite.accept",
        target: `user:${userId}`,
        summary: { invite: joining.id, team: joining.team_id, role: joining.role, email },
        actorUserId: userId,
      });
    }
    const { token } = await this.o.sessions.start(userId, client.ip, client.userAgent);
    return { token };
  }

  async login(body: LoginBody, client: Client): Promise<{ token: string } | Problem> {
    const limited = await this.o.limiter.hit(`login:ip:${ipBucket(client.ip)}`, LIMITS.loginPerIp, "sign-in attempts from this address");
    if (limited) return limited;
    // Counted before the (slow) check, so parallel guesses cannot all slip under the limit;
    // a success clears it.
    const accountKey = `login:account:${body.user.toLowerCase()}`;
    const locked = await this.o.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount, "sign-in attempts for this account");
    if (locked) return locked;
    const user = await this.findLoginUser(body.user);
    const ok = user ? await verifyPassword(body.password, user.password_hash) : await burnPasswordCheck(body.password);
    if (!user || !ok) return problem("invalid_credentials", "wrong user or password");
    const second = await this.o.totp.check(user, body.code);
    if (second !== true) return second;
    await this.o.limiter.reset(accountKey);
    const { token } = await this.o.sessions.start(user.id, client.ip, client.userAgent);
    return { token };
  }

  /** Always succeeds from the caller's view, so it never reveals which emails have accounts. */
  async requestMagicLink(email: string, client: Client): Promise<Problem | undefined> {
    const limited =
      (await this.o.limiter.hit(`magic:ip:${ipBucket(client.ip)}`, LIMITS.magicRequestPerIp, "sign-in link requests from this address")) ??
      (await this.o.limiter.hit(`magic:email:${email}`, LIMITS.magicRequestPerEmail, "sign-in link requests for this email"));
    if (limited) return limited;
    const user = await this.o.store.userByEmail(email);
    if (!user) return undefined;
    const code = randomBytes(32).toString("base64url");
    await this.o.store.insertMagicLink(user.id, sha256(code), new Date(Date.now() + MAGIC_LINK_TTL_MS).toISOString());
    // Built from the configured public URL, never from the request's Host header.
    const link = `${this.o.publicUrl}/auth/magic#token=${code}`;
    this.mail({
      to: email,
      subject: "Your sign-in link",
      text: `Sign in with this link within 15 minutes; it works once:\n\n${link}\n\nIf you did not ask for it, ignore this mail.`,
    });
    return undefined;
  }

  /** Uses the link up only once any 2FA code has passed, so `totp_required` does not burn it. */
  async verifyMagicLink(body: MagicVerifyBody, client: Client): Promise<{ token: string } | Problem> {
    const limited = await this.o.limiter.hit(`magic-verify:ip:${ipBucket(client.ip)}`, LIMITS.magicVerifyPerIp, "sign-in link attempts");
    if (limited) return limited;
    const hash = sha256(body.token);
    const userId = await this.o.store.peekMagicLink(hash);
    const user = userId === undefined ? undefined : await this.o.store.userById(userId);
    if (!user) return problem("invalid_credentials", "the sign-in link is unknown, expired or already used; ask for a new one");
    const second = await this.o.totp.check(user, body.code);
    if (second !== true) return second;
    if ((await this.o.store.consumeMagicLink(hash)) !== user.id) {
      return problem("invalid_credentials", "the sign-in link is unknown, expired or already used; ask for a new one");
    }
    const { token } = await this.o.sessions.start(user.id, client.ip, client.userAgent);
    return { token };
  }

  /** Changes the password and signs out every other session of the user. */
  async changePassword(caller: UserPrincipal, body: PasswordBody): Promise<{ revokedSessions: number } | Problem> {
    const user = await this.o.store.userById(caller.userId);
    if (!user) return problem("unauthorized", "the account no longer exists");
    const accountKey = `login:account:${(user.email ?? user.username ?? "").toLowerCase()}`;
    const locked = await this.o.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount, "password checks for this account");
    if (locked) return locked;
    if (!(await verifyPassword(body.currentPassword, user.password_hash))) {
      return problem("invalid_credentials", "the current password is wrong");
    }
    await this.o.limiter.reset(accountKey);
    await this.o.store.setPassword(user.id, await hashPassword(body.newPassword));
    const revokedSessions = await this.o.sessions.revokeOthers(user.id, caller.sessionId);
    await this.o.audit?.record({ action: "account.password_change", target: `user:${user.id}`, summary: { revokedSessions } });
    return { revokedSessions };
  }

  /**
   * Invites an email into the caller's team. The invite is accepted with a single-use code mailed
   * to that address (its hash is stored), so knowing someone's email is not enough to take it.
   */
  async invite(caller: UserPrincipal, body: InviteBody): Promise<InviteView | Problem> {
    if (caller.teamId === null) return problem("forbidden", "invites are made from within a team; this account has none");
    if (this.o.authzEnforce && !caller.superadmin && (caller.role === null || !roleGrants(caller.role, "team:manage"))) {
      return problem("forbidden", "inviting people needs the owner or admin role");
    }
    const limited = await this.o.limiter.hit(`invite:team:${caller.teamId}`, LIMITS.invitesPerTeam, "invites from this team");
    if (limited) return limited;
    const code = randomBytes(24).toString("base64url");
    const expiresAt = new Date(Date.now() + INVITE_TTL_MS).toISOString();
    const id = await this.o.store.insertInvite({ teamId: caller.teamId, email: body.email, role: body.role, invitedBy: caller.userId, expiresAt, codeHash: sha256(code) });
    await this.o.audit?.record({ action: "invite.create", target: `invite:${id}`, summary: { email: body.email, role: body.role, team: caller.teamId, expiresAt } });
    this.mail({
      to: body.email,
      subject: "You are invited",
      text: `You are invited to a team. Create your account within 7 days with this link:\n\n${this.o.publicUrl}/console#/invite?code=${code}\n`,
    });
    return { id, email: body.email, role: body.role, teamId: caller.teamId, expiresAt };
  }

  /** Sends in the background: the caller's answer must not depend on (or time) the mail server. */
  private mail(message: Mail): void {
    this.o.mailer.send(message).catch((err: unknown) => this.o.logger.error({ err, component: "mail" }, "could not send mail"));
  }

  /** The break-glass admin may sign in only while its username is configured. */
  private async findLoginUser(login: string): Promise<UserRow | undefined> {
    if (login.includes("@")) return this.o.store.userByEmail(login.toLowerCase());
    if (this.o.adminUsername === undefined || login !== this.o.adminUsername) return undefined;
    return this.o.store.userByUsername(login);
  }
}

export interface InviteView {
  readonly id: number;
  readonly email: string;
  readonly role: "admin" | "member";
  readonly teamId: number;
  readonly expiresAt: string;
}

/** Creates or updates the configured break-glass superadmin at start. */
export async function ensureBreakGlassAdmin(store: AccountStore, username: string, password: string): Promise<void> {
  const existing = await store.userByUsername(username);
  if (!existing) {
    await store.insertUser({ email: null, username, hash: await hashPassword(password), superadmin: true, teamId: null, role: null });
  } else if (!(await verifyPassword(password, existing.password_hash))) {
    await store.setPassword(existing.id, await hashPassword(password));
  }
}
