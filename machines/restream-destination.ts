import { assign, setup } from "xstate";
import { backoffMs } from "./backoff.ts";

/** One restream destination, as its actor starts. */
export interface RestreamInput {
  readonly id: string;
  readonly app: string;
  readonly streamId: string;
}

export type RestreamEvent =
  /** The push reached the destination (bytes are flowing). */
  | { type: "connected" }
  /** The push died: the destination refused, dropped the connection, or the process failed. */
  | { type: "push_died"; error: string }
  /** The user stopped it. */
  | { type: "stop" }
  /** The source stream ended. */
  | { type: "source_ended" };

/**
 * SPEC 2.15 / 3.4 as a machine: `starting` until the push connects (`active`); a push that dies
 * makes it `failed`, and while the source stream is live it is started again after a backoff
 * (1 s doubling to 30 s), so a platform that drops the connection for a few seconds does not end
 * the restream; `connected` resets the count. The user's stop or the source's end makes it
 * `stopped` (final). The side effects (launching and halting the push, persisting the state,
 * emitting events) are supplied by the restream service through `.provide()`.
 */
export const restreamDestination = setup({
  types: {
    input: {} as RestreamInput,
    events: {} as RestreamEvent,
    context: {} as RestreamInput & { attempts: number; lastError: string | null; stopReason: "stopped" | "source_ended" | null },
  },
  actions: {
    launch: (_, _attempt: number) => {},
    halt: () => {},
    entered: (_, _p: { state: "starting" | "active" | "failed" | "stopped"; attempts: number; error: string | null; reason: string | null }) => {},
  },
  delays: {
    retry: ({ context }) => backoffMs(context.attempts),
  },
}).createMachine({
  id: "restream",
  context: ({ input }) => ({ ...input, attempts: 0, lastError: null, stopReason: null }),
  initial: "starting",
  on: {
    stop: { target: ".stopped", actions: assign({ stopReason: "stopped" }) },
    source_ended: { target: ".stopped", actions: assign({ stopReason: "source_ended" }) },
  },
  states: {
    starting: {
      entry: [
        { type: "entered", params: ({ context }) => ({ state: "starting", attempts: context.attempts, error: null, reason: null }) },
        { type: "launch", params: ({ context }) => context.attempts },
      ],
      on: {
        connected: { target: "active", actions: assign({ attempts: 0 }) },
        push_died: { target: "failed", actions: assign({ attempts: ({ context }) => context.attempts + 1, lastError: ({ event }) => event.error }) },
      },
    },
    active: {
      entry: { type: "entered", params: ({ context }) => ({ state: "active", attempts: context.attempts, error: null, reason: null }) },
      on: {
        push_died: { target: "failed", actions: assign({ attempts: ({ context }) => context.attempts + 1, lastError: ({ event }) => event.error }) },
      },
    },
    failed: {
      entry: [
        "halt",
        { type: "entered", params: ({ context }) => ({ state: "failed", attempts: context.attempts, error: context.lastError, reason: null }) },
      ],
      after: { retry: "starting" },
    },
    stopped: {
      type: "final",
      entry: ["halt", { type: "entered", params: ({ context }) => ({ state: "stopped", attempts: context.attempts, error: null, reason: context.stopReason }) }],
    },
  },
});
