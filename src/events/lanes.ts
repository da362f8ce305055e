import type { AttemptOutcome, Delivery, NewDelivery } from "./delivery.ts";
import { LEASE_MS } from "./store.ts";
import { ATTEMPT_TIMEOUT_MS } from "./webhook-client.ts";

/** How often a node renews its leases: a third of the lease time less than the time it lasts. */
export const RENEW_MS = 3000;
/** An attempt starts only with this much time left on the lease: it ends before the lease does. */
const ATTEMPT_LEASE_MS = ATTEMPT_TIMEOUT_MS + 2000;

/** A delivery in memory, on its way: the outbox row's identity and bytes plus its schedule. */
export type Pending = Pick<Delivery, "seq" | "id" | "event" | "room" | "body" | "emittedAt"> & {
  /** Attempts in this run of the schedule (a manual redelivery starts a new run). */
  tries: number;
  nextAttemptAt: number;
  /** Its lease was taken over by another node: it is not attempted again here. */
  lost?: boolean;
};

/** Read through a call: the flag changes while an attempt awaits. */
export const isLost = (p: Pending): boolean => p.lost === true;

export const pendingOf = (d: Delivery, tries: number): Pending => ({ seq: d.seq, id: d.id, event: d.event, room: d.room, body: d.body, emittedAt: d.emittedAt, tries, nextAttemptAt: d.nextAttemptAt });

/**
 * What this node has of one app's webhook deliveries: a lane per room (its head may be under way),
 * the parked ones waiting out an extended retry, and what the next outbox turn writes, claims and
 * renews.
 */
export interface AppQueue {
  readonly lanes: Map<string, Pending[]>;
  readonly running: Set<string>;
  readonly parked: Map<string, { readonly p: Pending; readonly timer: NodeJS.Timeout }>;
  /** Deliveries with an attempt under way (a parked one has left `parked` by then). */
  readonly flying: Set<string>;
  /** The app was deleted: nothing of this queue is attempted or written any more. */
  forgotten: boolean;
  /** The next turn claims rows / renews this node's leases. */
  claim: boolean;
  renew: boolean;
  /** When the leases were last renewed, and a time before which none of them runs out. */
  renewedAt: number;
  heldUntil: number;
  /** Polled until then (it wrote or claimed rows lately). */
  hotUntil: number;
  /** New deliveries and attempt outcomes of this loop turn, committed together. */
  batch: NewDelivery[];
  outcomes: { id: string; outcome: AttemptOutcome }[];
  /**
   * The turn being written, if any. One at a time per app: a later turn committed first would put
   * a room's later deliveries in its lane ahead of earlier ones.
   */
  committing: Promise<void> | undefined;
  /** New deliveries queued and written so far (counts: the batch keeps their order), and who waits for which count. */
  queued: number;
  written: number;
  waiting: Array<{ readonly upTo: number; readonly done: () => void }>;
}

export const newAppQueue = (): AppQueue => ({
  lanes: new Map(),
  running: new Set(),
  parked: new Map(),
  flying: new Set(),
  forgotten: false,
  claim: false,
  renew: false,
  renewedAt: 0,
  heldUntil: 0,
  hotUntil: 0,
  batch: [],
  outcomes: [],
  committing: undefined,
  queued: 0,
  written: 0,
  waiting: [],
});

/** Counts `n` more deliveries written, and lets go of whoever waited for them. */
export function wrote(queue: AppQueue, n: number): void {
  queue.written += n;
  const done = queue.waiting.filter((w) => w.upTo <= queue.written);
  queue.waiting = queue.waiting.filter((w) => w.upTo > queue.written);
  for (const w of done) w.done();
}

export function laneOf(queue: AppQueue, room: string): Pending[] {
  let lane = queue.lanes.get(room);
  if (!lane) {
    lane = [];
    queue.lanes.set(room, lane);
  }
  return lane;
}

/** Puts a claimed delivery in its room's lane in sequence order, never ahead of the head, which may be under way. */
export function enqueueInLane(queue: AppQueue, p: Pending): void {
  const lane = laneOf(queue, p.room);
  let at = lane.length;
  while (at > 1 && (lane[at - 1] as Pending).seq > p.seq) at--;
  lane.splice(at, 0, p);
}

/** The leases may run out before an attempt started now ends (renewals have been failing). */
export const leaseShort = (queue: AppQueue): boolean => queue.heldUntil - Date.now() < ATTEMPT_LEASE_MS;

/** Every delivery this node has in hand for the app: in a lane, parked, or being attempted. */
export function heldIds(queue: AppQueue): Set<string> {
  const ids = new Set(queue.flying);
  for (const lane of queue.lanes.values()) for (const p of lane) ids.add(p.id);
  for (const id of queue.parked.keys()) ids.add(id);
  return ids;
}

/**
 * The leases were renewed: what this node has in hand but no longer holds was taken over by
 * another node (this one missed its renewals) and is let go; an attempt of it under way ends,
 * and its outcome is not written.
 */
export function renewed(queue: AppQueue, still: ReadonlySet<string>, now: number): void {
  queue.renewedAt = now;
  queue.heldUntil = now + LEASE_MS;
  const lost = (p: Pending) => {
    if (still.has(p.id)) return false;
    p.lost = true;
    return true;
  };
  for (const [room, lane] of queue.lanes) {
    // In place: a running lane's loop holds the array. Its head may be under way; the loop lets
    // go of it when its attempt ends.
    const from = queue.running.has(room) ? 1 : 0;
    for (let i = lane.length - 1; i >= from; i--) if (lost(lane[i] as Pending)) lane.splice(i, 1);
    if (from === 1 && lane[0] !== undefined) lost(lane[0]);
  }
  for (const [id, { p, timer }] of queue.parked) {
    if (!lost(p)) continue;
    clearTimeout(timer);
    queue.parked.delete(id);
  }
}
