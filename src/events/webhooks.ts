import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import type { AppStore } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { EmittedEvent } from "./dispatcher.ts";
import type { AttemptOutcome, Delivery, DeliveryStatus, NewDelivery } from "./delivery.ts";
import { Outbox } from "./store.ts";
import { deliveryHeaders } from "./signing.ts";
import { AppUnavailableError, unlessUnavailable } from "../db/app-unavailable.ts";
import { perDatabase } from "../db/per-database.ts";
import type { WebhookClient } from "./webhook-client.ts";
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

export type CallbackResult = Exclude<DeliveryStatus, "pending">;
/** What an attempt reports, whatever the delivery's status becomes. */
type AttemptReport = Pick<AttemptOutcome, "url" | "httpStatus" | "error">;

/** A delivery in memory, on its way: the outbox row's identity and bytes plus its schedule. */
type Pending = Pick<Delivery, "seq" | "id" | "event" | "room" | "body" | "emittedAt"> & {
  /** Attempts in this run of the schedule (a manual redelivery starts a new run). */
  tries: number;
  nextAttemptAt: number;
};

/** Each app connection's outbox: a connection closed for maintenance and reopened gets a new one. */
const outboxes = perDatabase((db) => new Outbox(db));

/** How soon a turn whose app was under maintenance is written again. */
const MAINTENANCE_RETRY_MS = 1000;

interface AppQueue {
  readonly lanes: Map<string, Pending[]>;
  readonly running: Set<string>;
  readonly parked: Map<string, NodeJS.Timeout>;
  /** New deliveries and attempt outcomes of this loop turn, committed together. */
  batch: NewDelivery[];
  outcomes: { id: string; outcome: AttemptOutcome }[];
}

export interface WebhookDeps {
  readonly apps: AppStore;
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly databases: Databases;
  readonly client: WebhookClient;
  readonly logger: Logger;
  /** Counts each delivery's final result, by app and event. */
  readonly count: (app: string, event: string, result: CallbackResult) => void;
  /** Bypass the outbox (the benchmark's comparison only). */
  readonly volatile?: boolean;
}

const pendingOf = (d: Delivery, tries: number): Pending => ({ seq: d.seq, id: d.id, event: d.event, room: d.room, body: d.body, emittedAt: d.emittedAt, tries, nextAttemptAt: d.nextAttemptAt });

/**
 * Signed webhook delivery (SPEC 6.1) through a durable outbox. Events are written to the app's
 * database in one transaction per loop turn before any attempt; pending rows resume on start with
 * their original id. Each app has its own lanes, one per room, so deliveries of a room arrive in
 * order, rooms proceed side by side, and a slow endpoint holds up only its own app. The three
 * quick attempts happen in the lane (ordering is kept); extended retries, when on, park the
 * delivery outside it, so hours of retrying do not hold back a room's later events.
 */
export class WebhookDeliverer {
  private readonly queues = new Map<string, AppQueue>();
  private readonly secretCache = new Map<string, string | null>();
  private flushScheduled = false;
  private retryFlush: NodeJS.Timeout | undefined;
  private stopped = false;
  private pruneTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: Logger;

  constructor(private readonly d: WebhookDeps) {
    this.log = d.logger.child({ component: "callbacks" });
  }

  /** The app's callback secret changed: the next delivery reads it again. */
  secretChanged(app: string): void {
    this.secretCache.delete(app);
  }

  /** Resumes every app's pending deliveries. */
  start(): void {
    for (const app of this.d.apps.list({ all: true })) unlessUnavailable(undefined, () => this.resume(app.name));
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  private resume(app: string): void {
    const queue = this.queue(app);
    for (const d of this.outbox(app).pending()) {
      const pending = pendingOf(d, Math.min(d.attempts, QUICK_ATTEMPTS));
      if (pending.tries >= QUICK_ATTEMPTS) this.park(app, queue, pending);
      else this.lane(queue, d.room).push(pending);
    }
    this.pump(app, queue);
  }

  /** Stops scheduling and cancels attempts under way; what is pending resumes at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    // Attempts under way are cut short; their rows stay pending for the next start.
    this.d.client.cancelAll();
    clearInterval(this.pruneTimer);
    this.flush();
    for (const queue of this.queues.values()) for (const timer of queue.parked.values()) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** The dispatcher's listener: queues the event when the app has a callback URL. */
  enqueue(e: EmittedEvent): void {
    if (this.stopped || this.d.configs.get(e.app).callbacks.url === "") return;
    const body = JSON.stringify({ id: e.id, event: e.event, app: e.app, room: e.room, ts: e.ts, timestamp: e.ts, data: e.data });
    this.queue(e.app).batch.push({ id: e.id, event: e.event, room: e.room, body, emittedAt: e.ts });
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private outbox(app: string): Outbox {
    return outboxes(this.d.databases.app(app));
  }

  /** The app's delivery log, newest first. */
  deliveries(app: string, q: { limit: number; offset: number; status?: DeliveryStatus; event?: string }): { rows: Delivery[]; total: number } {
    return this.outbox(app).list(q);
  }

  delivery(app: string, id: string): Delivery | Problem {
    return this.outbox(app).get(id) ?? problem("not_found", `no delivery ${id} in app ${app}`);
  }

  /** Puts a finished delivery back in line with a fresh set of attempts (manual redelivery). */
  redeliver(app: string, id: string): Delivery | Problem {
    const known = this.delivery(app, id);
    if (isProblem(known)) return known;
    if (known.status === "pending") return problem("conflict", "this delivery is still pending; it will be attempted again on its schedule");
    const queue = this.queue(app);
    const d = this.outbox(app).redeliver(id, Date.now());
    if (!d) return problem("conflict", "this delivery is already queued again");
    this.lane(queue, d.room).push(pendingOf(d, 0));
    this.pump(app, queue);
    return d;
  }

  /** The app is being deleted: its pending deliveries go with its database. */
  forget(app: string): void {
    const queue = this.queues.get(app);
    if (!queue) return;
    for (const timer of queue.parked.values()) clearTimeout(timer);
    for (const lane of queue.lanes.values()) for (const p of lane) this.d.count(app, p.event, "dropped");
    queue.lanes.clear();
    queue.batch = [];
    this.queues.delete(app);
    this.secretCache.delete(app);
  }

  private queue(app: string): AppQueue {
    let queue = this.queues.get(app);
    if (!queue) {
      queue = { lanes: new Map(), running: new Set(), parked: new Map(), batch: [], outcomes: [] };
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
   */
  private flush(): void {
    this.flushScheduled = false;
    const now = Date.now();
    for (const [app, queue] of this.queues) {
      if (queue.batch.length === 0 && queue.outcomes.length === 0) continue;
      const { batch, outcomes } = queue;
      let seqs: number[];
      try {
        seqs = this.d.volatile === true ? batch.map((_, i) => i) : this.outbox(app).commit(batch, outcomes, now);
      } catch (err) {
        if (!(err instanceof AppUnavailableError)) throw err;
        // The app's database is closed for maintenance (or damaged): the turn stays in memory, in
        // order, and is written when it can be; nothing is attempted before it is written.
        this.retryFlush ??= setTimeout(() => {
          this.retryFlush = undefined;
          this.scheduleFlush();
        }, MAINTENANCE_RETRY_MS).unref();
        continue;
      }
      queue.batch = [];
      queue.outcomes = [];
      batch.forEach((d, i) => this.lane(queue, d.room).push({ ...d, seq: seqs[i] as number, tries: 0, nextAttemptAt: now }));
      if (batch.length > 0) this.pump(app, queue);
    }
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
      const wait = head.nextAttemptAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (this.stopped) return;
      if (await this.attempt(app, queue, head)) lane.shift();
    }
  }

  /** One attempt; answers true when the delivery leaves its lane (finished, or parked). */
  private async attempt(app: string, queue: AppQueue, p: Pending): Promise<boolean> {
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
    const result = await this.d.client.post(config.url, headers, p.body);
    if (this.stopped || this.queues.get(app) !== queue) return true;
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
      const run = this.attempt(app, queue, p).then(() => {});
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }, Math.max(0, p.nextAttemptAt - Date.now()));
    timer.unref();
    queue.parked.set(p.id, timer);
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

  private prune(): void {
    for (const app of this.queues.keys()) {
      try {
        this.outbox(app).pruneFinished();
      } catch (err) {
        if (!(err instanceof AppUnavailableError)) this.log.warn({ err, app }, "pruning the delivery log failed");
      }
    }
  }
}
