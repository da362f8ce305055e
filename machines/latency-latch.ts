import { and, assign, setup } from "xstate";

/** The per-room latency alert latch of SPEC 3.3. */
export interface LatencyLatchInput {
  readonly room: string;
  readonly thresholdMs: number;
  readonly cooldownSeconds: number;
}

export type LatencyLatchEvent =
  /** A successful probe: `rttMs` is the timed list-participants round trip, `at` the clock in ms. */
  | { type: "sample"; rttMs: number; at: number; participants: number; publishers: number }
  /** The probe failed (room gone, media server restarting): nothing changes. */
  | { type: "probe_failed"; at: number }
  /** New settings from the app config, applied from the next sample on. */
  | { type: "configure"; thresholdMs: number; cooldownSeconds: number };

export interface LatencyHigh {
  readonly room: string;
  readonly rttMs: number;
  readonly thresholdMs: number;
  readonly participants: number;
  readonly publishers: number;
}

export interface LatencyRecovered {
  readonly room: string;
  readonly rttMs: number;
  readonly thresholdMs: number;
}

type Sample = Extract<LatencyLatchEvent, { type: "sample" }>;

/**
 * normal → high emits `latencyHigh` once; high → normal emits `latencyRecovered`; a breach within
 * `cooldownSeconds` of the previous alert is suppressed and leaves the state unchanged; a failed
 * probe is ignored. The two emit actions are supplied by the caller through `.provide()`.
 */
export const latencyLatch = setup({
  types: {
    input: {} as LatencyLatchInput,
    events: {} as LatencyLatchEvent,
    context: {} as {
      room: string;
      thresholdMs: number;
      cooldownMs: number;
      lastAlertAt: number | null;
      lastRttMs: number | null;
      suppressed: number;
      failedProbes: number;
    },
  },
  actions: {
    latencyHigh: (_, _alert: LatencyHigh) => {},
    latencyRecovered: (_, _alert: LatencyRecovered) => {},
  },
  guards: {
    above: ({ context, event }) => (event as Sample).rttMs > context.thresholdMs,
    inCooldown: ({ context, event }) =>
      context.lastAlertAt !== null && (event as Sample).at - context.lastAlertAt < context.cooldownMs,
  },
}).createMachine({
  id: "latency-latch",
  context: ({ input }) => ({
    room: input.room,
    thresholdMs: input.thresholdMs,
    cooldownMs: input.cooldownSeconds * 1000,
    lastAlertAt: null,
    lastRttMs: null,
    suppressed: 0,
    failedProbes: 0,
  }),
  initial: "normal",
  on: {
    probe_failed: { actions: assign({ failedProbes: ({ context }) => context.failedProbes + 1 }) },
    configure: {
      actions: assign({
        thresholdMs: ({ event }) => event.thresholdMs,
        cooldownMs: ({ event }) => event.cooldownSeconds * 1000,
      }),
    },
  },
  states: {
    normal: {
      on: {
        sample: [
          {
            guard: and(["above", "inCooldown"]),
            actions: assign({
              lastRttMs: ({ event }) => event.rttMs,
              suppressed: ({ context }) => context.suppressed + 1,
            }),
          },
          {
            guard: "above",
            target: "high",
            actions: [
              assign({ lastRttMs: ({ event }) => event.rttMs, lastAlertAt: ({ event }) => event.at }),
              {
                type: "latencyHigh",
                params: ({ context, event }) => ({
                  room: context.room,
                  rttMs: event.rttMs,
                  thresholdMs: context.thresholdMs,
                  participants: event.participants,
                  publishers: event.publishers,
                }),
              },
            ],
          },
          { actions: assign({ lastRttMs: ({ event }) => event.rttMs }) },
        ],
      },
    },
    high: {
      on: {
        sample: [
          { guard: "above", actions: assign({ lastRttMs: ({ event }) => event.rttMs }) },
          {
            target: "normal",
            actions: [
              assign({ lastRttMs: ({ event }) => event.rttMs }),
              {
                type: "latencyRecovered",
                params: ({ context, event }) => ({
                  room: context.room,
                  rttMs: event.rttMs,
                  thresholdMs: context.thresholdMs,
                }),
              },
            ],
          },
        ],
      },
    },
  },
});
