import type { UserPrincipal } from "../auth/principal.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { quotasOf } from "../tenants/plans.ts";
import type { SessionService } from "./sessions.ts";
import type { AccountStore } from "./store.ts";
import type { TotpService, TotpSetup } from "./totp.ts";

export interface AccountSelfDeps {
  readonly store: AccountStore;
  readonly totp: TotpService;
  readonly sessions: SessionService;
}

/** What a signed-in person reads and changes about themselves: their account, 2FA and team. */
export class AccountSelf {
  private readonly o: AccountSelfDeps;

  constructor(options: AccountSelfDeps) {
    this.o = options;
  }

  async account(me: UserPrincipal) {
    const user = await this.o.store.userById(me.userId);
    if (!user) return gone();
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      superadmin: me.superadmin,
      teamId: user.team_id,
      role: user.role,
      twoFactorEnabled: this.o.totp.isEnabled(user),
    };
  }

  async twoFactorSetup(me: UserPrincipal): Promise<TotpSetup | Problem> {
    const user = await this.o.store.userById(me.userId);
    return user ? this.o.totp.setup(user) : gone();
  }

  /** Turns 2FA on or off; a change to how someone signs in ends every other session they have. */
  async twoFactor(me: UserPrincipal, action: "enable" | "disable", code: string): Promise<{ twoFactorEnabled: boolean; revokedSessions: number } | Problem> {
    const user = await this.o.store.userById(me.userId);
    if (!user) return gone();
    const done = await this.o.totp[action](user, code);
    if (done !== true) return done;
    return { twoFactorEnabled: action === "enable", revokedSessions: await this.o.sessions.revokeOthers(me.userId, me.sessionId) };
  }

  async tenant(me: UserPrincipal) {
    const team = me.teamId === null ? undefined : await this.o.store.teamById(me.teamId);
    if (!team) return problem("not_found", "this account belongs to no team");
    return { id: team.id, name: team.name, plan: team.plan, role: me.role, createdAt: team.created_at, quotas: quotasOf(team.plan) };
  }
}

function gone(): Problem {
  return problem("unauthorized", "the account no longer exists");
}
