import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { AuditApi } from "../audit/service.ts";
import type { Limiter } from "../auth/limiter.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { AccountStore, UserRow } from "./store.ts";

const CODE = /^\d{6}$/;
/** RFC 6238 §5.2: at most one step of clock skew either way. */
const TOLERANCE_SECONDS = 30;
/** Five wrong codes per account per 15 minutes, then 429 until the window ends. */
const FAILURES = { max: 5, windowMs: 15 * 60 * 1000 };

export interface TotpSetup {
  readonly secret: string;
  readonly otpauthUri: string;
  readonly qrDataUri: string;
}

/**
 * RFC 6238 TOTP per user. Seeds are sealed in the database; the last accepted time step is kept so
 * neither the same code nor an older one is accepted twice; wrong codes are throttled.
 */
export class TotpService {
  private readonly store: AccountStore;
  private readonly box: SecretBox;
  private readonly limiter: Limiter;
  private readonly audit: AuditApi | undefined;

  constructor(options: { readonly store: AccountStore; readonly box: SecretBox; readonly limiter: Limiter; readonly audit?: AuditApi }) {
    this.store = options.store;
    this.box = options.box;
    this.limiter = options.limiter;
    this.audit = options.audit;
  }

  isEnabled(user: UserRow): boolean {
    return user.totp_secret !== null;
  }

  /** A fresh secret, pending until `enable` sees a live code from it. */
  async setup(user: UserRow): Promise<TotpSetup | Problem> {
    if (this.isEnabled(user)) return problem("conflict", "2FA is already on; disable it first to set up a new secret");
    const secret = generateSecret();
    await this.store.setTotpPending(user.id, this.box.seal("totp", `user:${user.id}`, secret));
    const otpauthUri = generateURI({ issuer: "service-core", label: user.email ?? user.username ?? String(user.id), secret });
    return { secret, otpauthUri, qrDataUri: await QRCode.toDataURL(otpauthUri) };
  }

  async enable(user: UserRow, code: string): Promise<true | Problem> {
    if (this.isEnabled(user)) return problem("conflict", "2FA is already on");
    const secret = user.totp_pending && this.box.open("totp", `user:${user.id}`, user.totp_pending);
    if (!secret) return problem("conflict", "no pending 2FA setup; call POST /account/2fa/setup first");
    const step = await this.accept(user, secret, code, null);
    if (typeof step !== "number") return step;
    await this.store.setTotp(user.id, user.totp_pending, step);
    await this.audit?.record({ action: "account.2fa_enable", target: `user:${user.id}` });
    return true;
  }

  async disable(user: UserRow, code: string): Promise<true | Problem> {
    if (!this.isEnabled(user)) return problem("conflict", "2FA is not on");
    const checked = await this.check(user, code);
    if (checked !== true) return checked;
    await this.store.setTotp(user.id, null, null);
    await this.audit?.record({ action: "account.2fa_disable", target: `user:${user.id}` });
    return true;
  }

  /** For sign-in: `totp_required` without a code, `totp_invalid` for a wrong or replayed one. */
  async check(user: UserRow, code: string | undefined): Promise<true | Problem> {
    if (!user.totp_secret) return true;
    if (code === undefined || code === "") return problem("totp_required", "2FA is on: send the 6-digit code from your authenticator as `code`");
    const secret = this.box.open("totp", `user:${user.id}`, user.totp_secret);
    if (!secret) return problem("internal_error", "the stored 2FA secret cannot be opened; was the master key changed?");
    const step = await this.accept(user, secret, code, user.totp_last_step);
    if (typeof step !== "number") return step;
    // The row read before the check may be stale under concurrent sign-ins: the write decides.
    if (!(await this.store.advanceTotpStep(user.id, step))) return problem("totp_invalid", "the 2FA code is wrong or was already used");
    return true;
  }

  private async accept(user: UserRow, secret: string, code: string, lastStep: number | null): Promise<number | Problem> {
    const key = `totp:user:${user.id}`;
    const blocked = await this.limiter.blocked(key, FAILURES, "wrong 2FA codes");
    if (blocked) return blocked;
    const result = CODE.test(code)
      ? await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, afterTimeStep: lastStep ?? undefined })
      : { valid: false as const };
    if (result.valid && "timeStep" in result) {
      await this.limiter.reset(key);
      return result.timeStep;
    }
    return (await this.limiter.hit(key, FAILURES, "wrong 2FA codes")) ?? problem("totp_invalid", "the 2FA code is wrong or was already used");
  }
}
