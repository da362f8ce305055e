import { assign, setup } from "xstate";
import { backoffMs } from "./backoff.ts";

/** One camera the service pulls (RTSP, SRT, RTMP or HLS), as its actor starts. */
export interface PulledCameraInput {
  readonly app: string;
  readonly room: string;
}

/** Why a camera ended as `failed`: what retrying cannot fix, or a source that never answered. */
export const PULLED_CAMERA_FAILURES = ["unauthorized", "not_found", "unsupported", "forbidden", "unreachable"] as const;
export type PulledCameraFailure = (typeof PULLED_CAMERA_FAILURES)[number];

export type PulledCameraEvent =
  /** The source answered and its media flows (codec and size known). */
  | { type: "live" }
  /** The connection ended or stalled: the source went away, or the process pulling it died. */
  | { type: "dropped"; error: string }
  /**
   * The source refused in a way a retry cannot change (a wrong password, no such path, a codec we
   * cannot carry), or its address is one the service may not connect to (the SSRF rules).
   */
  | { type: "refused"; reason: Exclude<PulledCameraFailure, "unreachable">; error: string }
  /** The user stopped it (the ingress was deleted or disabled, or the app went). */
  | { type: "stop" };

/** Connection attempts a source that has never been live gets before it is `failed` as unreachable. */
export const FIRST_ATTEMPTS = 3;

export const PULLED_CAMERA_STATES = ["connecting", "live", "reconnecting", "stopped", "failed"] as const;
export type PulledCameraState = (typeof PULLED_CAMERA_STATES)[number];

/**
 * A pulled camera as a machine (docs/cameras.md): `connecting` until its media flows (`live`); a
 * connection that drops makes it `reconnecting`, and after a backoff (1 s doubling to 30 s) it
 * connects again, for as long as it is not stopped: a camera that reboots or loses its link comes
 * back by itself. A source that refuses in a way retrying cannot change (401, 404, a codec the
 * service cannot carry), or one that was never live and did not answer FIRST_ATTEMPTS times, ends
 * as `failed` with the reason, never a hang. `stop` ends it as `stopped`. The side effects (the
 * process that pulls, the stream rows and events) are supplied through `.provide()`.
 */
export const pulledCamera = setup({
  types: {
    input: {} as PulledCameraInput,
    events: {} as PulledCameraEvent,
    context: {} as PulledCameraInput & { attempts: number; everLive: boolean; lastError: string | null; failure: PulledCameraFailure | null },
  },
  actions: {
    launch: (_, _attempt: number) => {},
    halt: () => {},
    entered: (_, _p: { state: PulledCameraState; attempts: number; error: string | null; failure: PulledCameraFailure | null }) => {},
  },
  guards: {
    givingUp: ({ context }) => !context.everLive && context.attempts + 1 >= FIRST_ATTEMPTS,
  },
  delays: {
    retry: ({ context }) => backoffMs(context.attempts),
  },
}).createMachine({
  id: "pulled-camera",
  context: ({ input }) => ({ ...input, attempts: 0, everLive: false, lastError: null, failure: null }),
  initial: "connecting",
  on: {
    stop: ".stopped",
    refused: { target: ".failed", actions: assign({ failure: ({ event }) => event.reason, lastError: ({ event }) => event.error }) },
  },
  states: {
    connecting: {
      entry: [
        { type: "entered", params: ({ context }) => ({ state: "connecting", attempts: context.attempts, error: null, failure: null }) },
        { type: "launch", params: ({ context }) => context.attempts },
      ],
      on: {
        live: { target: "live", actions: assign({ attempts: 0, everLive: true, lastError: null }) },
        dropped: [
          { guard: "givingUp", target: "failed", actions: assign({ attempts: ({ context }) => context.attempts + 1, failure: "unreachable", lastError: ({ event }) => event.error }) },
          { target: "reconnecting", actions: assign({ attempts: ({ context }) => context.attempts + 1, lastError: ({ event }) => event.error }) },
        ],
      },
    },
    live: {
      entry: { type: "entered", params: ({ context }) => ({ state: "live", attempts: context.attempts, error: null, failure: null }) },
      on: {
        dropped: { target: "reconnecting", actions: assign({ attempts: ({ context }) => context.attempts + 1, lastError: ({ event }) => event.error }) },
      },
    },
    reconnecting: {
      entry: ["halt", { type: "entered", params: ({ context }) => ({ state: "reconnecting", attempts: context.attempts, error: context.lastError, failure: null }) }],
      after: { retry: "connecting" },
    },
    stopped: {
      type: "final",
      entry: ["halt", { type: "entered", params: ({ context }) => ({ state: "stopped", attempts: context.attempts, error: null, failure: null }) }],
    },
    failed: {
      type: "final",
      entry: ["halt", { type: "entered", params: ({ context }) => ({ state: "failed", attempts: context.attempts, error: context.lastError, failure: context.failure }) }],
    },
  },
});
