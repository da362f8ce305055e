import { problem, type Problem } from "../lib/problem.ts";
import { parseIp } from "../lib/cidr.ts";
import type { ApiRateClass } from "../tenants/plans.ts";
import { isPlatform, tenantOf, type Principal } from "./principal.ts";
import type { Limiter } from "./limiter.ts";

export interface ApiRateLimitOptions {
  readonly enabled: boolean;
  readonly windowMs: number;
  /** Requests per window for each class (`free`, `pro`, `enterprise`, `platform`, `anonymous`). */
  readonly requests: Readonly<Record<ApiRateClass, number>>;
  /** The plan of a team, or undefined when it no longer exists. */
  readonly planOf: (teamId: number) => Promise<string | undefined>;
  /** Where the windows are counted: in Redis for every node together when the node has one. */
  readonly limiter: Pick<Limiter, "take">;
  readonly now?: () => number;
}

/** Where a request stands against its limit: the headers every answer carries, and the refusal. */
export interface RateVerdict {
  readonly headers: Readonly<Record<string, string>>;
  readonly refused?: Problem;
}

/**
 * Who a request is counted for: a verified principal, the edge nodes' cluster token (one shared
 * credential, at the platform rate), or null for anonymous calls and failed credentials.
 */
export type RateSubject = Principal | "cluster" | null;

/**
 * The API-wide request limit: fixed windows per credential (an API token, a sign-in session, the
 * cluster token) at its tenant's plan's rate, and per client IP for anonymous calls. Counted after
 * authentication, so a stolen-but-revoked credential is counted against the IP that sends it.
 */
export class ApiRateLimits {
  private readonly now: () => number;

  constructor(private readonly o: ApiRateLimitOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Counts one request of `caller` (null: anonymous or a failed credential, counted by `ip`); undefined when limits are off. */
  async count(caller: RateSubject, ip: string): Promise<RateVerdict | undefined> {
    if (!this.o.enabled) return undefined;
    const rateClass = await this.classOf(caller);
    const max = this.o.requests[rateClass];
    const state = await this.o.limiter.take(`${rateClass}:${keyOf(caller, ip)}`, { max, windowMs: this.o.windowMs });
    const reset = Math.max(1, Math.ceil((state.resetAt - this.now()) / 1000));
    const headers = { "x-ratelimit-limit": String(max), "x-ratelimit-remaining": String(state.remaining), "x-ratelimit-reset": String(reset) };
    if (state.allowed) return { headers };
    return {
      headers,
      refused: problem("rate_limited", `too many requests: ${max} per ${this.o.windowMs / 1000} s for this ${caller ? "credential" : "address"}; try again in ${reset} s`, {
        headers: { ...headers, "retry-after": String(reset) },
      }),
    };
  }

  private async classOf(caller: RateSubject): Promise<ApiRateClass> {
    if (!caller) return "anonymous";
    if (caller === "cluster" || isPlatform(caller)) return "platform";
    const teamId = tenantOf(caller);
    if (teamId === null) return caller.kind === "token" ? "platform" : "free";
    const plan = await this.o.planOf(teamId);
    return plan === "pro" || plan === "enterprise" ? plan : "free";
  }
}

/** An IPv6 /64 counts as one address, as in the sign-in limits: one host usually has all of it. */
function ipv6Prefix64(ip: string): string {
  const address = parseIp(ip);
  if (address?.kind() !== "ipv6") return ip;
  return `${address.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}

function keyOf(caller: RateSubject, ip: string): string {
  if (!caller) return `ip:${ipv6Prefix64(ip)}`;
  if (caller === "cluster") return "cluster";
  if (caller.kind === "token") return `token:${caller.tokenId}`;
  return caller.sessionId !== null ? `session:${caller.sessionId}` : `user:${caller.userId}`;
}
