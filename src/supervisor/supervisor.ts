import {
  assign,
  createActor,
  setup,
  stopChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type ActorOptions,
  type AnyActorRef,
  type InputFrom,
  type InspectionEvent,
} from "xstate";
import type { Logger } from "pino";
import { summarize } from "./summarize.ts";

type Clock = NonNullable<ActorOptions<AnyActorLogic>["clock"]>;

/** What the debug endpoint shows of one actor. */
export interface ActorInfo {
  readonly id: string;
  readonly machine: string;
  readonly state: unknown;
  readonly status: string;
  readonly startedAt: string;
  readonly lastEvent: { readonly type: string; readonly at: string } | null;
  readonly context: unknown;
  /** When it entered its current state. */
  readonly since: string;
  /** Its latest state changes, oldest first (at most KEPT_TRANSITIONS). */
  readonly transitions: readonly Transition[];
}

interface Entry {
  readonly machine: string;
  readonly startedAt: Date;
  lastEvent: { type: string; at: Date } | null;
  readonly options: SpawnOptions;
  /** The current state as JSON, to tell a transition from a step that stayed. */
  stateKey: string | undefined;
  since: Date;
  transitions: Transition[];
}

/** One change of an actor's state, for the debug view. */
export interface Transition {
  readonly from: unknown;
  readonly to: unknown;
  readonly event: string;
  readonly at: string;
}

/** Transitions kept per actor: enough to see what it just did, bounded however long it lives. */
export const KEPT_TRANSITIONS = 10;

/** What the owner of an actor wants to hear and do beyond the actor itself. */
export interface SpawnOptions {
  /** Called when the actor fails (it is logged too); the owner decides what follows. */
  readonly onDeath?: (err: unknown) => void;
  /** Awaited by `stopAll` before the actor stops: what it owns outside itself (a child process). */
  readonly cleanup?: () => Promise<unknown>;
}

/** How long `stopAll` waits for cleanups before it stops the actors anyway. */
export const CLEANUP_TIMEOUT_MS = 10_000;

type RootEvent =
  | { type: "spawn"; id: string; logic: AnyActorLogic; input: unknown }
  | { type: "stop"; id: string }
  | { type: `xstate.error.actor.${string}`; error: unknown };

/**
 * The root of the one actor system: it only spawns and stops children, so every lifecycle actor
 * (VOD, latency latch, plugin worker, restream destination) shares its system, its clock and its
 * inspection stream.
 */
const root = setup({ types: { events: {} as RootEvent } }).createMachine({
  id: "supervisor",
  on: {
    spawn: {
      actions: assign(({ spawn, event }) => {
        // The logic is only known at run time, which spawn's overloads cannot express.
        const spawnAny = spawn as unknown as (logic: AnyActorLogic, options: { id: string; input: unknown }) => void;
        spawnAny(event.logic, { id: event.id, input: event.input });
        return {};
      }),
    },
    stop: { actions: stopChild(({ event }) => event.id) },
    // A child's failure reaches the root as an event; unhandled, XState would fail the root too
    // and with it every other actor. The failure is the owner's business (see `onDeath`).
    "xstate.error.actor.*": {},
  },
});

export interface SupervisorOptions {
  readonly logger: Logger;
  /** XState's clock; tests pass a `SimulatedClock`. */
  readonly clock?: Clock;
}

/**
 * Spawns actors under readable ids (`latency:<app>:<room>`, `vod:<app>:<id>`), keeps what the
 * debug endpoint reports about them, and stops them all on shutdown.
 */
export class Supervisor {
  private readonly system: ReturnType<typeof createActor<typeof root>>;
  private readonly entries = new Map<string, Entry>();
  private readonly log: Logger;

  constructor(options: SupervisorOptions) {
    this.log = options.logger.child({ component: "supervisor" });
    this.system = createActor(root, {
      // An explicit `clock: undefined` would replace XState's default and break every `after`.
      ...(options.clock ? { clock: options.clock } : {}),
      inspect: (event) => this.observe(event),
    });
    this.system.start();
  }

  /** Starts an actor under `id`; an actor already running under that id is stopped first. */
  spawn<TLogic extends AnyActorLogic>(id: string, logic: TLogic, input: InputFrom<TLogic>, options: SpawnOptions = {}): ActorRefFrom<TLogic> {
    if (this.entries.has(id)) this.stop(id);
    const machineId = (logic as { id?: unknown }).id;
    const machine = typeof machineId === "string" ? machineId : "actor";
    const now = new Date();
    const entry: Entry = { machine, startedAt: now, lastEvent: null, options, stateKey: undefined, since: now, transitions: [] };
    this.entries.set(id, entry);
    this.system.send({ type: "spawn", id, logic, input });
    const actor = this.get(id);
    if (!actor) throw new Error(`actor ${id} did not start`);
    // One observer: XState reports an error as unhandled when any observer lacks `error`.
    actor.subscribe({
      error: (err) => {
        this.log.error({ err, actor: id }, "actor failed");
        this.forget(id, actor);
        try {
          options.onDeath?.(err);
        } catch (failure) {
          this.log.error({ err: failure, actor: id }, "the owner's onDeath failed");
        }
      },
      complete: () => this.forget(id, actor),
    });
    return actor as ActorRefFrom<TLogic>;
  }

  get(id: string): AnyActorRef | undefined {
    return (this.system.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  }

  /** Stops the actor under `id`. */
  stop(id: string): void {
    if (!this.entries.delete(id)) return;
    this.system.send({ type: "stop", id });
  }

  /** Ids starting with `prefix`, in id order, without reading any actor's snapshot. */
  ids(prefix = ""): string[] {
    const out: string[] = [];
    for (const id of this.entries.keys()) if (id.startsWith(prefix)) out.push(id);
    return out.sort();
  }

  /** Ids starting with `prefix`, in id order. */
  list(prefix = ""): ActorInfo[] {
    const out: ActorInfo[] = [];
    for (const [id, entry] of [...this.entries].sort(([a], [b]) => a.localeCompare(b))) {
      if (!id.startsWith(prefix)) continue;
      const snapshot = this.get(id)?.getSnapshot() as
        | { value?: unknown; status?: string; context?: unknown }
        | undefined;
      out.push({
        id,
        machine: entry.machine,
        state: snapshot?.value ?? null,
        status: snapshot?.status ?? "stopped",
        startedAt: entry.startedAt.toISOString(),
        lastEvent: entry.lastEvent && { type: entry.lastEvent.type, at: entry.lastEvent.at.toISOString() },
        since: entry.since.toISOString(),
        transitions: entry.transitions,
        context: summarize(snapshot?.context),
      });
    }
    return out;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Awaits every actor's cleanup (at most `timeoutMs`, then logs which did not finish), then stops
   * every actor; the supervisor cannot be used afterwards.
   */
  async stopAll(timeoutMs = CLEANUP_TIMEOUT_MS): Promise<void> {
    const pending = new Set<string>();
    const cleanups = [...this.entries].flatMap(([id, entry]) => {
      const cleanup = entry.options.cleanup;
      if (!cleanup) return [];
      pending.add(id);
      return [
        cleanup().then(
          () => pending.delete(id),
          (err: unknown) => {
            pending.delete(id);
            this.log.error({ err, actor: id }, "actor cleanup failed");
          },
        ),
      ];
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(cleanups), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    if (pending.size > 0) this.log.warn({ actors: [...pending].sort(), timeoutMs }, "actors still cleaning up at shutdown; stopping them anyway");
    this.entries.clear();
    this.system.stop();
  }

  private observe(event: InspectionEvent): void {
    const actor = event.actorRef as AnyActorRef;
    // Spawned children are addressed by their id; the root's own events are not reported.
    const entry = actor === this.system ? undefined : this.entries.get(actor.id);
    if (!entry) return;
    if (event.type === "@xstate.event") entry.lastEvent = { type: event.event.type, at: new Date() };
    else if (event.type === "@xstate.snapshot") this.stepped(entry, (event.snapshot as { value?: unknown }).value ?? null, event.event.type);
  }

  /** Notes a change of state (the first snapshot is where the actor starts, not a change). */
  private stepped(entry: Entry, value: unknown, cause: string): void {
    const key = JSON.stringify(value);
    const before = entry.stateKey;
    entry.stateKey = key;
    if (before === undefined || before === key) return;
    const at = new Date();
    entry.since = at;
    entry.transitions.push({ from: JSON.parse(before) as unknown, to: value, event: cause, at: at.toISOString() });
    if (entry.transitions.length > KEPT_TRANSITIONS) entry.transitions.shift();
  }

  private forget(id: string, actor: AnyActorRef): void {
    if (this.get(id) === actor || this.get(id) === undefined) this.entries.delete(id);
  }
}
