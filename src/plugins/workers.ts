import type { Logger } from "pino";
import { pluginWorker, type PluginWorkerState } from "../../machines/plugin-worker.ts";
import type { FromWorker, RoomStats, ToWorker } from "../../workers/plugins/protocol.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import { WorkerProcess } from "./process.ts";

/** Output lines kept per worker for `GET /plugins/{id}/logs` (SPEC 8 caps a read at 1000). */
export const LOG_RING_LINES = 1000;

export type WorkerConfig = Readonly<Record<string, string | number | boolean>>;

export interface LogLine {
  readonly ts: string;
  readonly stream: "stdout" | "stderr";
  readonly line: string;
}

/** `GET /plugins/{id}/worker/status`. */
export interface WorkerStatus {
  readonly plugin: string;
  readonly state: PluginWorkerState;
  readonly pid: number | null;
  readonly startedAt: string | null;
  readonly model: string | null;
  /** Crashes in a row; reset after a minute of running. */
  readonly crashes: number;
  readonly lastExit: { readonly exitCode: number | null; readonly signal: string | null; readonly error: string | null } | null;
  /** Per room, over the worker's last report (every 5 s): frames analysed per second and time per frame. */
  readonly rooms: Readonly<Record<string, RoomStats>>;
  readonly rssBytes: number | null;
}

/** What the workers' owner hears from them. */
export interface WorkerListener {
  /** A worker loaded its model and takes rooms. */
  ready(app: string, plugin: string): void;
  message(app: string, plugin: string, message: FromWorker): void;
  /** A worker's process ended, for whatever reason: what it made for its rooms ends too. */
  gone(app: string, plugin: string): void;
}

export interface PluginWorkersOptions {
  readonly supervisor: Supervisor;
  readonly events: EventDispatcher;
  readonly logger: Logger;
  /** The worker's entry file, `workers/plugins/<plugin>.ts`. */
  readonly entryOf: (plugin: string) => URL;
  /** Where a worker's launch config comes from: defaults, the YAML, and its secrets. */
  readonly settings: { configOf(app: string, plugin: string): WorkerConfig };
}

interface Handle {
  readonly app: string;
  readonly plugin: string;
  readonly lines: LogLine[];
  process: WorkerProcess | undefined;
  ready: boolean;
  startedAt: string | null;
  model: string | null;
  rooms: Readonly<Record<string, RoomStats>>;
  rssBytes: number | null;
}

/** A worker's actor, and the lease of the node whose worker works on the plugin's LiveKit rooms. */
export const workerActorId = (app: string, plugin: string): string => `plugin:${app}:${plugin}`;
const keyOf = (app: string, plugin: string): string => `${app}/${plugin}`;

/**
 * Every plugin worker of the process: one `plugin-worker` actor per app and plugin, which decides
 * when a process starts and stops, and the process itself (`WorkerProcess`). Output lines go to a
 * bounded ring per worker and to the service log with source `plugin:<id>` (which forwards them
 * to the app's MQTT like any app line).
 */
export class PluginWorkers {
  private readonly handles = new Map<string, Handle>();
  private readonly listeners: WorkerListener[] = [];
  private readonly log: Logger;

  constructor(private readonly o: PluginWorkersOptions) {
    this.log = o.logger.child({ component: "plugins" });
  }

  /** Who hears each worker's ready, messages and end (the plugin rooms), in the order they subscribed. */
  subscribe(listener: WorkerListener): void {
    this.listeners.push(listener);
  }

  /** Runs the worker (a no-op while it runs; after `failed`, a fresh start). */
  start(app: string, plugin: string): void {
    this.actor(app, plugin).send({ type: "start" });
  }

  /** Stops the worker; idempotent, and a no-op for one that never ran. */
  stop(app: string, plugin: string): void {
    this.o.supervisor.get(workerActorId(app, plugin))?.send({ type: "stop" });
  }

  /** A new config: a running worker is stopped and started again with it; an idle one stays idle. */
  restart(app: string, plugin: string): void {
    const actor = this.o.supervisor.get(workerActorId(app, plugin));
    const state = actor?.getSnapshot().value as PluginWorkerState | undefined;
    if (!actor || state === "stopped" || state === "failed") return;
    actor.send({ type: "stop" });
    actor.send({ type: "start" });
  }

  /** Whether the worker is up and has said it is ready. */
  ready(app: string, plugin: string): boolean {
    return this.handles.get(keyOf(app, plugin))?.ready === true;
  }

  /** The ready workers of an app, by plugin id. */
  readyIn(app: string): string[] {
    return [...this.handles.values()].filter((h) => h.app === app && h.ready).map((h) => h.plugin);
  }

  send(app: string, plugin: string, message: ToWorker): void {
    const handle = this.handles.get(keyOf(app, plugin));
    if (handle?.ready) handle.process?.send(message);
  }

  status(app: string, plugin: string): WorkerStatus {
    const handle = this.handles.get(keyOf(app, plugin));
    const snapshot = this.o.supervisor.get(workerActorId(app, plugin))?.getSnapshot() as
      | { value: PluginWorkerState; context: { crashes: number; pid: number | null; lastExit: WorkerStatus["lastExit"] } }
      | undefined;
    return {
      plugin,
      state: snapshot?.value ?? "stopped",
      pid: snapshot?.context.pid ?? null,
      startedAt: handle?.process ? handle.startedAt : null,
      model: handle?.ready ? handle.model : null,
      crashes: snapshot?.context.crashes ?? 0,
      lastExit: snapshot?.context.lastExit ?? null,
      rooms: handle?.ready ? handle.rooms : {},
      rssBytes: handle?.ready ? handle.rssBytes : null,
    };
  }

  /** The newest `limit` output lines, oldest first. */
  logs(app: string, plugin: string, limit: number): LogLine[] {
    return this.handles.get(keyOf(app, plugin))?.lines.slice(-limit) ?? [];
  }

  /** Every worker's state, for the metrics. */
  states(): PluginWorkerState[] {
    return [...this.handles.values()].map((h) => this.status(h.app, h.plugin).state);
  }

  /** Stats of every ready worker, for the metrics. */
  *stats(): Iterable<{ app: string; plugin: string; rooms: Readonly<Record<string, RoomStats>>; rssBytes: number | null }> {
    for (const h of this.handles.values()) if (h.ready) yield h;
  }

  /** Ends an app's workers and forgets them with their logs (the app is being deleted). */
  forgetApp(app: string): void {
    for (const handle of [...this.handles.values()]) {
      if (handle.app !== app) continue;
      void handle.process?.stop();
      this.o.supervisor.stop(workerActorId(app, handle.plugin));
      this.handles.delete(keyOf(app, handle.plugin));
    }
  }

  /** Stops every worker process and waits for them (shutdown; the next start runs them again). */
  async shutdown(): Promise<void> {
    const processes = [...this.handles.values()].flatMap((h) => h.process ?? []);
    for (const h of this.handles.values()) this.o.supervisor.stop(workerActorId(h.app, h.plugin));
    await Promise.all(processes.map((p) => p.stop()));
  }

  private handle(app: string, plugin: string): Handle {
    const key = keyOf(app, plugin);
    let handle = this.handles.get(key);
    if (!handle) {
      handle = { app, plugin, lines: [], process: undefined, ready: false, startedAt: null, model: null, rooms: {}, rssBytes: null };
      this.handles.set(key, handle);
    }
    return handle;
  }

  private actor(app: string, plugin: string) {
    const id = workerActorId(app, plugin);
    const running = this.o.supervisor.get(id);
    if (running) return running;
    const handle = this.handle(app, plugin);
    const logic = pluginWorker.provide({
      actions: {
        launch: () => this.launch(handle),
        // Nothing to signal when the launch never got a process: the stop is over at once.
        terminate: () => {
          if (handle.process) void handle.process.stop();
          else queueMicrotask(() => this.o.supervisor.get(id)?.send({ type: "exited", exitCode: null, signal: null }));
        },
        started: (_, p) => {
          this.o.events.emit(app, "plugin_worker_started", "", { plugin, pid: p.pid });
        },
        stopped: (_, p) => {
          this.log.info({ app, plugin, pid: p.pid }, "plugin worker stopped");
          this.o.events.emit(app, "plugin_worker_stopped", "", { plugin, pid: p.pid, exitCode: p.exitCode, signal: p.signal });
        },
        crashed: (_, p) => {
          this.log.warn({ app, plugin, ...p }, p.willRestart ? "plugin worker crashed; restarting after a backoff" : "plugin worker crashed too often; it stays failed until started again");
          this.o.events.emit(app, "plugin_worker_error", "", { plugin, exitCode: p.exitCode, signal: p.signal });
        },
      },
    });
    return this.o.supervisor.spawn(id, logic, { app, plugin }, { cleanup: async () => handle.process?.stop() });
  }

  /** Starts the process; everything it says from now on is routed to the actor and the listener. */
  private launch(h: Handle): void {
    const id = workerActorId(h.app, h.plugin);
    const tell = (event: Parameters<ReturnType<PluginWorkers["actor"]>["send"]>[0]) => this.o.supervisor.get(id)?.send(event);
    let config: WorkerConfig;
    try {
      config = this.o.settings.configOf(h.app, h.plugin);
    } catch (err) {
      queueMicrotask(() => tell({ type: "spawn_failed", error: (err as Error).message }));
      return;
    }
    const child: WorkerProcess = new WorkerProcess({
      entry: this.o.entryOf(h.plugin),
      onLine: (stream, line) => this.output(h, child.pid ?? null, stream, line),
      onMessage: (message) => {
        if (h.process !== child) return;
        if (message.type === "ready") {
          h.ready = true;
          h.model = message.model;
          tell({ type: "ready" });
          for (const l of this.listeners) l.ready(h.app, h.plugin);
          return;
        }
        if (message.type === "stats") {
          h.rooms = message.rooms;
          h.rssBytes = message.rssBytes;
          return;
        }
        for (const l of this.listeners) l.message(h.app, h.plugin, message);
      },
      onExit: (exit) => {
        if (h.process === child) {
          h.process = undefined;
          h.ready = false;
          h.rooms = {};
          for (const l of this.listeners) l.gone(h.app, h.plugin);
        }
        if (exit.error !== undefined) tell({ type: "spawn_failed", error: exit.error });
        else tell({ type: "exited", exitCode: exit.exitCode, signal: exit.signal });
      },
    });
    h.process = child;
    h.ready = false;
    h.startedAt = new Date().toISOString();
    if (child.pid === undefined) return;
    child.send({ type: "init", app: h.app, plugin: h.plugin, config });
    tell({ type: "spawned", pid: child.pid });
  }

  private output(h: Handle, pid: number | null, stream: "stdout" | "stderr", line: string): void {
    h.lines.push({ ts: new Date().toISOString(), stream, line });
    if (h.lines.length > LOG_RING_LINES) h.lines.splice(0, h.lines.length - LOG_RING_LINES);
    const fields = { app: h.app, source: `plugin:${h.plugin}`, pid, stream };
    if (stream === "stderr") this.log.warn(fields, line);
    else this.log.info(fields, line);
  }
}
