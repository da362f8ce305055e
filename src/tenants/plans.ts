/** Numeric limits a team's plan grants. The spec leaves the values open; these are ours. */
export interface Quotas {
  /** Publishers live at once across the tenant: publisher join tokens, ingresses, camera keys. */
  readonly maxConcurrentStreams: number;
  /** Egresses (restreams) running at once across the tenant. */
  readonly maxConcurrentEgress: number;
}

export const PLANS = {
  free: { maxConcurrentStreams: 5, maxConcurrentEgress: 1 },
  pro: { maxConcurrentStreams: 50, maxConcurrentEgress: 10 },
  enterprise: { maxConcurrentStreams: 1000, maxConcurrentEgress: 100 },
} as const satisfies Record<string, Quotas>;

export type Plan = keyof typeof PLANS;

/** An unknown plan name (a hand-edited row) gets the free plan's limits, never unlimited ones. */
export function quotasOf(plan: string): Quotas {
  return plan in PLANS ? PLANS[plan as Plan] : PLANS.free;
}

/**
 * API requests allowed in one rate-limit window (a minute unless
 * `SERVICE_RATE_LIMIT_WINDOW_SECONDS` says otherwise): per credential (API token or sign-in
 * session) for each plan and for platform callers (global tokens, superadmins, tokens of apps no
 * team owns), and per client IP for anonymous calls (public routes, and credentials that fail to
 * authenticate). `SERVICE_RATE_LIMITS` overrides any of them. Kept apart from `Quotas`: these are
 * the operator's defaults, not something a tenant reads as its allowance.
 */
export const API_REQUESTS = {
  free: 6_000,
  pro: 30_000,
  enterprise: 120_000,
  platform: 600_000,
  anonymous: 6_000,
} as const satisfies Record<Plan | "platform" | "anonymous", number>;

/** Who a rate limit is counted for: a plan's tenants, platform callers, or anonymous IPs. */
export type ApiRateClass = keyof typeof API_REQUESTS;
