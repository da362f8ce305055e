import { assign, setup } from "xstate";
import { backoffMs } from "./backoff.ts";

/** One plugin's worker in one app, as its actor starts. */
export interface PluginWorkerInput {
  readonly app: string;
  readonly plugin: string;
}

export type PluginWorkerEvent =
  /** Run the worker (enabling the plugin, the start route, a config change, the operator after `failed`). */
  | { type: "start" }
  /** Stop it (disabling, the stop route, uninstalling, shutdown). */
  | { type: "stop" }
  /** The process is up under this pid. */
  | { type: "spawned"; pid: number }
  /** The worker said it has loaded its model and takes frames. */
  | { type: "ready" }
  /** The process could not be started at all. */
  | { type: "spawn_failed"; error: string }
  /** The process ended: on its own (a crash, whatever its code) or because it was told to. */
  | { type: "exited"; exitCode: number | null; signal: string | null };

/** Crashes in a row after which the worker stays `failed` until someone starts it again. */
export const MAX_CRASHES = 5;
/** Running this long without a crash forgets the earlier ones. */
export const STABLE_MS = 60_000;

export type PluginWorkerState = "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";

interface Context extends PluginWorkerInput {
  crashes: number;
  pid: number | null;
  lastExit: { exitCode: number | null; signal: string | null; error: string | null } | null;
  /** Set by a start that arrives while a stop is still waiting for the process to end. */
  restartAfterStop: boolean;
}

/** The `stopped` report of a stop while no process ran (crashed and waiting, or failed). */
const IDLE = { pid: null, exitCode: null, signal: null };

/**
 * A plugin worker process under supervision (SPEC 2.10, 6.3). `starting` launches it and waits for
 * `ready`; `running` until it exits. An exit nobody asked for (any code, any signal) or a failed
 * spawn is a crash: one `crashed` entry per run (the error event fires there, once), then a
 * restart after a backoff, until MAX_CRASHES in a row leave it `failed` for an operator. A stop
 * signals the process (the implementation escalates SIGTERM to SIGKILL) and waits in `stopping`
 * for the exit, so "stopped" and "died" are never confused. Stop is idempotent in every state.
 */
export const pluginWorker = setup({
  types: {
    input: {} as PluginWorkerInput,
    events: {} as PluginWorkerEvent,
    context: {} as Context,
  },
  actions: {
    launch: () => {},
    terminate: () => {},
    started: (_, _p: { pid: number }) => {},
    stopped: (_, _p: { pid: number | null; exitCode: number | null; signal: string | null }) => {},
    crashed: (_, _p: { crashes: number; exitCode: number | null; signal: string | null; error: string | null; willRestart: boolean }) => {},
    /** An exit nobody asked for: one more crash in a row, and how it ended. */
    countExit: assign(({ context, event }) => {
      const exit = event.type === "exited" ? event : { exitCode: null, signal: null };
      return { crashes: context.crashes + 1, pid: null, lastExit: { exitCode: exit.exitCode, signal: exit.signal, error: null } };
    }),
  },
  guards: {
    capped: ({ context }) => context.crashes >= MAX_CRASHES,
    restartRequested: ({ context }) => context.restartAfterStop,
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.crashes),
    stable: STABLE_MS,
  },
}).createMachine({
  id: "plugin-worker",
  context: ({ input }) => ({ ...input, crashes: 0, pid: null, lastExit: null, restartAfterStop: false }),
  initial: "stopped",
  states: {
    stopped: {
      on: { start: { target: "starting", actions: assign({ restartAfterStop: false }) } },
    },
    starting: {
      entry: ["launch"],
      on: {
        spawned: {
          actions: [assign({ pid: ({ event }) => event.pid }), { type: "started", params: ({ event }) => ({ pid: event.pid }) }],
        },
        ready: "running",
        spawn_failed: {
          target: "crashed",
          actions: assign({
            crashes: ({ context }) => context.crashes + 1,
            pid: null,
            lastExit: ({ event }) => ({ exitCode: null, signal: null, error: event.error }),
          }),
        },
        exited: { target: "crashed", actions: "countExit" },
        stop: "stopping",
      },
    },
    running: {
      after: { stable: { actions: assign({ crashes: 0 }) } },
      on: {
        exited: { target: "crashed", actions: "countExit" },
        stop: "stopping",
      },
    },
    stopping: {
      entry: ["terminate"],
      on: {
        // A start while the old process winds down: honoured once it is gone.
        start: { actions: assign({ restartAfterStop: true }) },
        exited: [
          {
            guard: "restartRequested",
            target: "starting",
            actions: [
              { type: "stopped", params: ({ context, event }) => ({ pid: context.pid, exitCode: event.exitCode, signal: event.signal }) },
              assign({ pid: null, restartAfterStop: false, lastExit: ({ event }) => ({ exitCode: event.exitCode, signal: event.signal, error: null }) }),
            ],
          },
          {
            target: "stopped",
            actions: [
              { type: "stopped", params: ({ context, event }) => ({ pid: context.pid, exitCode: event.exitCode, signal: event.signal }) },
              assign({ pid: null, lastExit: ({ event }) => ({ exitCode: event.exitCode, signal: event.signal, error: null }) }),
            ],
          },
        ],
        // A stop is already under way.
        stop: {},
      },
    },
    crashed: {
      entry: {
        type: "crashed",
        params: ({ context }) => ({
          crashes: context.crashes,
          exitCode: context.lastExit?.exitCode ?? null,
          signal: context.lastExit?.signal ?? null,
          error: context.lastExit?.error ?? null,
          willRestart: context.crashes < MAX_CRASHES,
        }),
      },
      always: { guard: "capped", target: "failed" },
      after: { backoff: "starting" },
      on: { stop: { target: "stopped", actions: { type: "stopped", params: IDLE } }, start: "starting" },
    },
    failed: {
      on: {
        // The operator's start: a fresh count.
        start: { target: "starting", actions: assign({ crashes: 0 }) },
        stop: { target: "stopped", actions: { type: "stopped", params: IDLE } },
      },
    },
  },
});
