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
