import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import type { AppStore } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { EmittedEvent } from "./dispatcher.ts";
import type { AttemptOutcome, Delivery, DeliveryStatus, NewDelivery } from "./delivery.ts";
import { LEASE_MS, Outbox, type TurnResult } from "./store.ts";
import { deliveryHeaders } from "./signing.ts";
import { AppUnavailableError, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { SqlDb } from "../db/sql.ts";
import { ATTEMPT_TIMEOUT_MS, type WebhookClient } from "./webhook-client.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";


/** How long a delivery of an app with a damaged config.yaml or callback secret waits before it looks again. */
const DAMAGED_RETRY_MS = 60_000;
/** SPEC 6.1: three attempts, 500 ms then 1 s apart. */
const QUICK_BACKOFF_MS = [500, 1000] as const;
const QUICK_ATTEMPTS = QUICK_BACKOFF_MS.length + 1;
/**
 * The opt-in `callbacks.extended_retries` schedule after the three quick attempts, like the big
 * webhook platforms: 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all).
 */
export const EXTENDED_BACKOFF_MS = [5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
/** Rooms of one app delivered concurrently; within a room, strictly in order. */
const LANES_PER_APP = 32;
/** How often finished deliveries beyond the log size are pruned (a bounded slice each time). */
const PRUNE_EVERY_MS = 5000;
/** How often an app with work in hand (or lately) claims again: rows other nodes wrote reach it this fast. */
const POLL_MS = 250;
/** How often every app is asked for rows nobody holds: a dead node's rows, once their leases ran out. */
const SWEEP_MS = 2000;
/** An app that wrote or claimed rows is polled this long afterwards. */
const HOT_MS = 5000;
/** How often a node renews its leases: a third of the lease time less than the time it lasts. */
const RENEW_MS = 3000;
/** An attempt starts only with this much time left on the lease: it ends before the lease does. */
const ATTEMPT_LEASE_MS = ATTEMPT_TIMEOUT_MS + 2000;
/** Rows claimed per turn at most; a full claim claims again at the next turn. */
const CLAIM_LIMIT = 256;

export type CallbackResult = Exclude<DeliveryStatus, "pending">;
/** What an attempt reports, whatever the delivery's status becomes. */
type AttemptReport = Pick<AttemptOutcome, "url" | "httpStatus" | "error">;

/** A delivery in memory, on its way: the outbox row's identity and bytes plus its schedule. */
type Pending = Pick<Delivery, "seq" | "id" | "event" | "room" | "body" | "emittedAt"> & {
  /** Attempts in this run of the schedule (a manual redelivery starts a new run). */
  tries: number;
  nextAttemptAt: number;
  /** Its lease was taken over by another node: it is not attempted again here. */
  lost?: boolean;
};

/** Read through a call: the flag changes while an attempt awaits. */
const isLost = (p: Pending): boolean => p.lost === true;

/** How soon a turn that could not be written (app under maintenance, a database error) is written again. */
const MAINTENANCE_RETRY_MS = 1000;

interface AppQueue {
  readonly lanes: Map<string, Pending[]>;
  readonly running: Set<string>;
  readonly parked: Map<string, { readonly p: Pending; readonly timer: NodeJS.Timeout }>;
  /** Deliveries with an attempt under way (a parked one has left `parked` by then). */
  readonly flying: Set<string>;
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
}

export interface WebhookDeps {
  readonly apps: AppStore;
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly databases: Databases;
  readonly client: WebhookClient;
  readonly logger: Logger;
  /** This node's id (`SERVICE_NODE_ID`): the name its leases are held under. */
  readonly node: string;
  /** True once the node drains (SIGTERM): it claims nothing more, and lets go of its rows at stop. */
  readonly draining: () => boolean;
  /** Counts each delivery's final result, by app and event. */
  readonly count: (app: string, event: string, result: CallbackResult) => void;
  /** Bypass the outbox (the benchmark's comparison only). */
  readonly volatile?: boolean;
}

const pendingOf = (d: Delivery, tries: number): Pending => ({ seq: d.seq, id: d.id, event: d.event, room: d.room, body: d.body, emittedAt: d.emittedAt, tries, nextAttemptAt: d.nextAttemptAt });

/**
 * Signed webhook delivery (SPEC 6.1) through a durable outbox shared by every node. Events are
 * written to the app's database in one transaction per loop turn before any attempt; a node
 * delivers only the rows it holds a lease on (docs/events.md): each turn claims due rows, room by
 * room, the node's own new rows first among them, and renews its leases every few seconds; pending
 * rows resume on start (on any node) with their original id. Each app has its own lanes, one per
 * room, so deliveries of a room arrive in order, rooms proceed side by side, and a slow endpoint
 * holds up only its own app. The three quick attempts happen in the lane (ordering is kept);
 * extended retries, when on, park the delivery outside it, so hours of retrying do not hold back
 * a room's later events.
 */
export class WebhookDeliverer {
  private readonly queues = new Map<string, AppQueue>();
  private readonly secretCache = new Map<string, string | null>();
  private flushScheduled = false;
  private retryFlush: NodeJS.Timeout | undefined;
  /**
   * Until `start` has read what was pending, turns wait in memory and redeliveries wait: a row
   * written or put back meanwhile would be read as pending too and sent twice.
   */
  private started = false;
  private readonly resumed: Promise<void>;
  private resumedNow: () => void = () => {};
  private stopped = false;
  private pruneTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private sweptAt = 0;
  private pruning = false;
  /** Each app connection's outbox: a connection closed for maintenance and reopened gets a new one. */
  private readonly outboxes = new WeakMap<SqlDb, Outbox>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: Logger;

  constructor(private readonly d: WebhookDeps) {
    this.log = d.logger.child({ component: "callbacks" });
    this.resumed = new Promise((resolve) => (this.resumedNow = resolve));
  }

  /** The app's callback secret changed: the next delivery reads it again. */
  secretChanged(app: string): void {
    this.secretCache.delete(app);
  }

  /**
   * Lets go of what an earlier run of this node held, then claims every app's pending deliveries
   * (its first sweep) and writes and sends what was emitted meanwhile.
   */
  async start(): Promise<void> {
    for (const app of this.d.apps.list({ all: true })) await unlessUnavailableAsync(undefined, () => this.outbox(app.name).release());
    this.started = true;
    this.resumedNow();
    this.poll();
    this.pollTimer = setInterval(() => this.poll(), POLL_MS);
    this.pollTimer.unref();
    this.pruneTimer = setInterval(() => this.prune().catch((err: unknown) => this.log.warn({ err }, "pruning the delivery log failed")), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  /**
   * Marks the turns due: a claim for apps with work in hand or lately (and for every app at each
   * sweep), a renewal where leases are held and were renewed longest ago.
   */
  private poll(): void {
    const now = Date.now();
    if (now - this.sweptAt >= SWEEP_MS) {
      this.sweptAt = now;
      for (const app of this.d.apps.list({ all: true })) this.queue(app.name).claim = true;
    }
    for (const queue of this.queues.values()) {
      const holds = this.held(queue).size > 0;
      if (holds || now < queue.hotUntil) queue.claim = true;
      if (holds && now - queue.renewedAt >= RENEW_MS) queue.renew = true;
    }
    this.scheduleFlush();
  }

  /**
   * Stops scheduling and cancels attempts under way, writes the last turn, then lets go of every
   * row this node holds, so other nodes deliver them at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.resumedNow();
    // Attempts under way are cut short; their rows stay pending for whichever node claims them.
    this.d.client.cancelAll();
    clearInterval(this.pruneTimer);
    clearInterval(this.pollTimer);
    clearTimeout(this.retryFlush);
    for (const queue of this.queues.values()) for (const { timer } of queue.parked.values()) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
    await this.settleWrites();
    if (!this.started) return;
    await this.flush();
    await this.settleWrites();
    if (this.d.volatile === true) return;
    for (const app of this.queues.keys()) {
      await this.outbox(app)
        .release()
        .catch((err: unknown) => {
          if (!(err instanceof AppUnavailableError)) this.log.warn({ err, app }, "could not let go of this node's webhook leases; they run out on their own");
        });
    }
  }

  /** Waits until no app has a turn being written. */
  private async settleWrites(): Promise<void> {
    const writing = () => [...this.queues.values()].flatMap((q) => q.committing ?? []);
    while (writing().length > 0) await Promise.allSettled(writing());
  }

  /** The dispatcher's listener: queues the event when the app has a callback URL. */
  enqueue(e: EmittedEvent): void {
    if (this.stopped || this.d.configs.get(e.app).callbacks.url === "") return;
    const body = JSON.stringify({ id: e.id, event: e.event, app: e.app, room: e.room, ts: e.ts, timestamp: e.ts, data: e.data });
    this.queue(e.app).batch.push({ id: e.id, event: e.event, room: e.room, body, emittedAt: e.ts });
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || !this.started || this.stopped) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush().catch((err: unknown) => this.log.error({ err }, "flushing webhook deliveries failed")));
  }

  private outbox(app: string): Outbox {
    const db = this.d.databases.appSql(app);
    let outbox = this.outboxes.get(db);
    if (!outbox) this.outboxes.set(db, (outbox = new Outbox(db, { dialect: this.d.databases.dialect, node: this.d.node, app })));
    return outbox;
  }

  /** The app's delivery log, newest first. */
  async deliveries(app: string, q: { limit: number; offset: number; status?: DeliveryStatus; event?: string }): Promise<{ rows: Delivery[]; total: number }> {
    return this.outbox(app).list(q);
  }

  async delivery(app: string, id: string): Promise<Delivery | Problem> {
    return (await this.outbox(app).get(id)) ?? problem("not_found", `no delivery ${id} in app ${app}`);
  }

  /** Puts a finished delivery back in line with a fresh set of attempts (manual redelivery). */
  async redeliver(app: string, id: string): Promise<Delivery | Problem> {
    await this.resumed;
    const known = await this.delivery(app, id);
    if (isProblem(known)) return known;
    if (known.status === "pending") return problem("conflict", "this delivery is still pending; it will be attempted again on its schedule");
    // Conditional on the row not being pending: of two redeliveries at once, one wins. The row is
    // put back unleased and claimed at once, here if its room is free, like a new delivery.
    const d = await this.outbox(app).redeliver(id, Date.now());
    if (!d) return problem("conflict", "this delivery is already queued again");
    this.queue(app).claim = true;
    this.scheduleFlush();
    return d;
  }

  /** The app is being deleted: its pending deliveries go with its database. */
  forget(app: string): void {
    const queue = this.queues.get(app);
    if (!queue) return;
    for (const { timer } of queue.parked.values()) clearTimeout(timer);
    for (const lane of queue.lanes.values()) for (const p of lane) this.d.count(app, p.event, "dropped");
    queue.lanes.clear();
    queue.batch = [];
    this.queues.delete(app);
    this.secretCache.delete(app);
  }

  private queue(app: string): AppQueue {
    let queue = this.queues.get(app);
    if (!queue) {
      queue = {
        lanes: new Map(),
        running: new Set(),
        parked: new Map(),
        flying: new Set(),
        claim: false,
        renew: false,
        renewedAt: 0,
        heldUntil: 0,
        hotUntil: 0,
        batch: [],
        outcomes: [],
        committing: undefined,
      };
      this.queues.set(app, queue);
    }
    return queue;
  }

  private lane(queue: AppQueue, room: string): Pending[] {
    let lane = queue.lanes.get(room);
    if (!lane) {
      lane = [];
      queue.lanes.set(room, lane);
    }
    return lane;
  }

  /**
   * Commits each app's turn of new deliveries and outcomes, then starts the new ones. A delivery is
   * attempted only once it is written; an outcome is written a turn after it happened, so a crash
   * in between may send an acknowledged delivery again (same id), which receivers deduplicate.
   * An app whose previous turn is still being written is left for the next flush.
   */
  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const turns: Promise<void>[] = [];
    for (const [app, queue] of this.queues) {
      const idle = queue.batch.length === 0 && queue.outcomes.length === 0 && !queue.claim && !queue.renew;
      if (queue.committing !== undefined || idle) continue;
      queue.committing = this.commitTurn(app, queue).finally(() => (queue.committing = undefined));
      turns.push(queue.committing);
    }
    await Promise.all(turns);
  }

  /**
   * Writes one app's turn, renews and claims, and starts what it claimed; a turn that cannot be
   * written stays in memory, in order. A turn that writes new rows claims too (they are this
   * node's to deliver unless another node holds their room), except while the node drains.
   */
  private async commitTurn(app: string, queue: AppQueue): Promise<void> {
    const now = Date.now();
    const { batch, outcomes, renew } = queue;
    const claim = (queue.claim || batch.length > 0) && !this.stopped && !this.d.draining();
    queue.batch = [];
    queue.outcomes = [];
    queue.claim = queue.renew = false;
    if (batch.length > 0) queue.hotUntil = now + HOT_MS;
    if (this.d.volatile === true) {
      batch.forEach((d, i) => this.lane(queue, d.room).push({ ...d, seq: i, tries: 0, nextAttemptAt: now }));
      if (batch.length > 0) this.pump(app, queue);
      return;
    }
    let turn: TurnResult;
    try {
      turn = await this.outbox(app).turn({ now, added: batch, outcomes, renew, claim: claim ? CLAIM_LIMIT : 0 });
    } catch (err) {
      // Closed for maintenance or damaged (logged where it was found), or a write that failed:
      // the turn goes back ahead of what came since and is written when it can be; nothing is
      // attempted before it is written.
      if (!(err instanceof AppUnavailableError)) this.log.error({ err, app }, "writing webhook deliveries to the outbox failed; retrying");
      queue.batch = [...batch, ...queue.batch];
      queue.outcomes = [...outcomes, ...queue.outcomes];
      queue.claim ||= claim;
      queue.renew ||= renew;
      if (!this.stopped) {
        this.retryFlush ??= setTimeout(() => {
          this.retryFlush = undefined;
          this.scheduleFlush();
        }, MAINTENANCE_RETRY_MS).unref();
      }
      return;
    }
    // The app's secrets are read before its first attempt here: another node may have created
    // the app, and an attempt that found them unread would wait as for a damaged secret.
    if (turn.claimed.length > 0 && !this.secretCache.has(app)) await unlessUnavailableAsync(undefined, () => this.d.secrets.load(app));
    if (this.queues.get(app) !== queue) return;
    if (turn.held) this.renewed(queue, turn.held, now);
    this.take(app, queue, turn.claimed, now);
    if (turn.claimed.length === CLAIM_LIMIT) queue.claim = true;
    // What came while this turn was written waited for it (the flushes in between passed this app by).
    if (queue.batch.length > 0 || queue.outcomes.length > 0 || queue.claim) this.scheduleFlush();
  }

  /** Every delivery this node has in hand for the app: in a lane, parked, or being attempted. */
  private held(queue: AppQueue): Set<string> {
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
  private renewed(queue: AppQueue, still: ReadonlySet<string>, now: number): void {
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

  /**
   * Puts claimed rows in their lanes (a room's rows in sequence order) or parks those past their
   * quick attempts, as they were left; rows already in hand (a claim of leases this node let run
   * out, nobody else took) are not taken twice.
   */
  private take(app: string, queue: AppQueue, claimed: readonly Delivery[], now: number): void {
    if (claimed.length === 0) return;
    const inHand = this.held(queue);
    if (inHand.size === 0) {
      queue.renewedAt = now;
      queue.heldUntil = now + LEASE_MS;
    }
    queue.hotUntil = now + HOT_MS;
    for (const d of claimed) {
      if (inHand.has(d.id)) continue;
      const p = pendingOf(d, Math.min(d.attempts, QUICK_ATTEMPTS));
      if (p.tries >= QUICK_ATTEMPTS) {
        this.park(app, queue, p);
        continue;
      }
      const lane = this.lane(queue, d.room);
      // Never ahead of the head, which may be under way.
      let at = lane.length;
      while (at > 1 && (lane[at - 1] as Pending).seq > p.seq) at--;
      lane.splice(at, 0, p);
    }
    this.pump(app, queue);
  }

  /** The leases may run out before an attempt started now ends (renewals have been failing). Without the outbox nothing is leased. */
  private leaseShort(queue: AppQueue): boolean {
    return this.d.volatile !== true && queue.heldUntil - Date.now() < ATTEMPT_LEASE_MS;
  }

  private pump(app: string, queue: AppQueue): void {
    if (this.stopped) return;
    for (const room of queue.lanes.keys()) {
      if (queue.running.size >= LANES_PER_APP) return;
      if (queue.running.has(room)) continue;
      queue.running.add(room);
      const run = this.drain(app, queue, room).finally(() => {
        this.inFlight.delete(run);
        queue.running.delete(room);
        if (queue.lanes.get(room)?.length === 0) queue.lanes.delete(room);
        if (this.queues.get(app) === queue) this.pump(app, queue);
      });
      this.inFlight.add(run);
    }
  }

  private async drain(app: string, queue: AppQueue, room: string): Promise<void> {
    const lane = queue.lanes.get(room);
    while (lane && lane.length > 0 && !this.stopped && this.queues.get(app) === queue) {
      const head = lane[0] as Pending;
      const wait = isLost(head) ? 0 : this.leaseShort(queue) ? RENEW_MS : head.nextAttemptAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (this.stopped) return;
      if (!isLost(head) && this.leaseShort(queue)) continue;
      if (await this.attempt(app, queue, head)) lane.shift();
    }
  }

  /** One attempt; answers true when the delivery leaves its lane (finished, parked, or lost). */
  private async attempt(app: string, queue: AppQueue, p: Pending): Promise<boolean> {
    if (isLost(p)) return true;
    let config;
    let secret;
    try {
      config = this.d.configs.get(app).callbacks;
      secret = this.secret(app);
    } catch (err) {
      if (!(err instanceof AppUnavailableError)) throw err;
      // A damaged config.yaml or callback secret (logged where it was found): never send unsigned
      // or to a guessed URL; the delivery waits, untried, until the file is repaired.
      p.nextAttemptAt = Date.now() + DAMAGED_RETRY_MS;
      this.park(app, queue, p);
      return true;
    }
    if (config.url === "") {
      this.finish(app, queue, p, "dropped", { url: "", httpStatus: null, error: "callbacks.url was removed before delivery" });
      return true;
    }
    const headers = deliveryHeaders(p, secret, Date.now());
    queue.flying.add(p.id);
    const result = await this.d.client.post(config.url, headers, p.body).finally(() => queue.flying.delete(p.id));
    if (this.stopped || this.queues.get(app) !== queue || isLost(p)) return true;
    p.tries++;
    const outcome = { url: config.url, httpStatus: result.status, error: result.kind === "delivered" ? null : result.error };
    if (result.kind === "delivered") return this.finish(app, queue, p, "delivered", outcome);
    if (result.kind === "permanent") return this.finish(app, queue, p, "failed", outcome);
    const delay = this.retryDelay(p.tries, config.extended_retries);
    if (delay === undefined) return this.finish(app, queue, p, "failed", outcome);
    p.nextAttemptAt = Date.now() + delay;
    this.record(queue, p, "pending", outcome);
    if (p.tries < QUICK_ATTEMPTS) return false;
    this.park(app, queue, p);
    return true;
  }

  private retryDelay(tries: number, extended: boolean): number | undefined {
    if (tries < QUICK_ATTEMPTS) return QUICK_BACKOFF_MS[tries - 1];
    return extended ? EXTENDED_BACKOFF_MS[tries - QUICK_ATTEMPTS] : undefined;
  }

  private park(app: string, queue: AppQueue, p: Pending): void {
    const timer = setTimeout(() => {
      queue.parked.delete(p.id);
      if (this.leaseShort(queue)) {
        p.nextAttemptAt = Date.now() + RENEW_MS;
        this.park(app, queue, p);
        return;
      }
      const run = this.attempt(app, queue, p).then(() => {});
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }, Math.max(0, p.nextAttemptAt - Date.now()));
    timer.unref();
    queue.parked.set(p.id, { p, timer });
  }

  private finish(app: string, queue: AppQueue, p: Pending, status: CallbackResult, o: AttemptReport): true {
    this.record(queue, p, status, o);
    this.d.count(app, p.event, status);
    if (status === "failed") this.log.warn({ app, event: p.event, delivery: p.id, attempts: p.tries, error: o.error }, "webhook delivery failed");
    return true;
  }

  private record(queue: AppQueue, p: Pending, status: DeliveryStatus, o: AttemptReport): void {
    if (this.d.volatile === true) return;
    queue.outcomes.push({ id: p.id, outcome: { status, nextAttemptAt: p.nextAttemptAt, url: o.url, httpStatus: o.httpStatus, error: o.error } });
    this.scheduleFlush();
  }

  private secret(app: string): string | undefined {
    let secret = this.secretCache.get(app);
    if (secret === undefined) {
      secret = this.d.secrets.get(app, "callbacks.secret") ?? null;
      this.secretCache.set(app, secret);
    }
    return secret ?? undefined;
  }

  /** One app at a time, and never two rounds at once: a slow round delays the next instead of piling up. */
  private async prune(): Promise<void> {
    if (this.pruning) return;
    this.pruning = true;
    for (const app of [...this.queues.keys()]) {
      try {
        await this.outbox(app).pruneFinished();
      } catch (err) {
        if (!(err instanceof AppUnavailableError)) this.log.warn({ err, app }, "pruning the delivery log failed");
      }
    }
    this.pruning = false;
  }
}
