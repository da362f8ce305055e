import { assign, fromPromise, setup } from "xstate";

export type VodLifecycleStatus = "recording" | "uploading" | "ready" | "failed";

/** One unfinished VOD, from its row: the state it resumes in after a restart is the row's status. */
export interface VodLifecycleInput {
  readonly vodId: number;
  readonly app: string;
  readonly room: string;
  readonly status: VodLifecycleStatus;
}

/** Why a VOD failed (SPEC 6.3 `recording_failed.reason`), with what a person can act on. */
export interface VodFailure {
  readonly reason: string;
  readonly detail: string;
}

export type VodLifecycleEvent =
  /** The stop route, or the source ended on its own (the camera left, the egress ended). */
  | { type: "stop" }
  | { type: "source_ended" }
  /** The source failed for good (the media server's egress failed or was aborted). */
  | { type: "source_failed"; failure: VodFailure };

/** Raised by `finalize` to fail with a reason of the documented list. */
export class VodFailedError extends Error {
  constructor(readonly failure: VodFailure) {
    super(`${failure.reason}: ${failure.detail}`);
  }
}

/**
 * SPEC 3.1 as a machine: `recording` until stopped or its source ends (or fails: `failed`), then `uploading` while
 * `finalize` finishes the file, probes it, uploads it and its snapshot, then `ready`, or `failed`
 * with a reason. Only entering `uploading` calls `persist` (the row's status is the VOD's durable
 * state: `recording` is its status from the insert, `ready` is written by `finalize` and `failed`
 * by the `failed` action), so a restart resumes in the state the row says. The side effects are supplied by the
 * recording service through `.provide()`; the definition stays pure.
 */
export const vodLifecycle = setup({
  types: {
    input: {} as VodLifecycleInput,
    events: {} as VodLifecycleEvent,
    context: {} as VodLifecycleInput & { failure: VodFailure | null },
  },
  actors: {
    finalize: fromPromise<void, VodLifecycleInput>(async () => {
      throw new Error("vodLifecycle: finalize is supplied by the recording service");
    }),
  },
  actions: {
    persist: (_, _status: VodLifecycleStatus) => {},
    failed: (_, _failure: VodFailure) => {},
  },
}).createMachine({
  id: "vod",
  context: ({ input }) => ({ ...input, failure: null }),
  initial: "resuming",
  states: {
    resuming: {
      // Only unfinished VODs get an actor: a ready or failed row has nothing left to do.
      always: [{ guard: ({ context }) => context.status === "uploading", target: "uploading" }, { target: "recording" }],
    },
    recording: {
      on: {
        stop: "uploading",
        source_ended: "uploading",
        source_failed: { target: "failed", actions: assign({ failure: ({ event }) => event.failure }) },
      },
    },
    uploading: {
      entry: { type: "persist", params: "uploading" },
      invoke: {
        src: "finalize",
        input: ({ context }) => ({ vodId: context.vodId, app: context.app, room: context.room, status: context.status }),
        onDone: "ready",
        onError: {
          target: "failed",
          actions: assign({
            failure: ({ event }) =>
              event.error instanceof VodFailedError ? event.error.failure : { reason: "internal_error", detail: String((event.error as Error)?.message ?? event.error) },
          }),
        },
      },
    },
    ready: { type: "final" },
    failed: {
      type: "final",
      entry: { type: "failed", params: ({ context }) => context.failure ?? { reason: "internal_error", detail: "no reason recorded" } },
    },
  },
});
