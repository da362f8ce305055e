import type { AnyActorLogic, AnyActorRef, EventObject } from "xstate";

/** A delayed event an actor sent itself (an `after` transition) that had not fired when saved. */
interface PendingTimer {
  readonly id: string;
  readonly event: EventObject;
  /** Epoch ms when it is due. */
  readonly due: number;
}

/** What is stored for a persisted actor. */
export interface PersistedActor {
  readonly snapshot: unknown;
  readonly timers: readonly PendingTimer[];
}

/**
 * The actor's persisted snapshot plus its pending self-addressed timers, as JSON. XState keeps
 * delayed events in the system's scheduler, outside the snapshot, and a restored state does not
 * run its entry actions again: without the timers an actor restored while waiting on an `after`
 * would wait forever.
 */
export function capture(actor: AnyActorRef): string {
  const timers: PendingTimer[] = [];
  for (const scheduled of Object.values(actor.system.getSnapshot()._scheduledEvents)) {
    if (scheduled.source !== actor || scheduled.target !== actor) continue;
    timers.push({ id: scheduled.id, event: scheduled.event, due: scheduled.startedAt + scheduled.delay });
  }
  const persisted: PersistedActor = { snapshot: actor.getPersistedSnapshot(), timers };
  return JSON.stringify(persisted);
}

/** Parses what `capture` stored; throws on anything else. */
export function parsePersisted(json: string): PersistedActor {
  const value = JSON.parse(json) as Partial<PersistedActor> | null;
  if (!value || typeof value.snapshot !== "object" || value.snapshot === null || !Array.isArray(value.timers)) {
    throw new Error("not a persisted actor");
  }
  return { snapshot: value.snapshot, timers: value.timers };
}

/**
 * `logic` whose first snapshot is `snapshot` restored, as `createActor(logic, { snapshot })` would
 * do; a child spawned by the root machine cannot be given a snapshot, so the logic carries it.
 * Restoring can fail (the machine changed since the snapshot was saved): then the actor starts
 * from its input as if nothing had been stored, and `onFailure` hears why.
 */
export function restoring<T extends AnyActorLogic>(logic: T, snapshot: unknown, onFailure: (err: unknown) => void): T {
  const getInitialSnapshot: AnyActorLogic["getInitialSnapshot"] = (scope, input) => {
    try {
      return logic.restoreSnapshot ? logic.restoreSnapshot(snapshot as never, scope) : snapshot;
    } catch (err) {
      onFailure(err);
      return logic.getInitialSnapshot(scope, input);
    }
  };
  return Object.create(logic, { getInitialSnapshot: { value: getInitialSnapshot } }) as T;
}

/** Schedules the stored timers again, those overdue at once. */
export function rearm(actor: AnyActorRef, timers: readonly PendingTimer[], now: number): void {
  for (const timer of timers) actor.system.scheduler.schedule(actor, actor, timer.event, Math.max(0, timer.due - now), timer.id);
}
