import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import type { AppStore } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { EmittedEvent } from "./dispatcher.ts";
import type { Delivery, DeliveryStatus } from "./delivery.ts";
import { LEASE_MS, Outbox, type TurnResult } from "./store.ts";
import { AppUnavailableError, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { SqlDb } from "../db/sql.ts";
import type { WebhookClient } from "./webhook-client.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { enqueueInLane, heldIds, laneOf, newAppQueue, pendingOf, renewed, RENEW_MS, wrote, type AppQueue } from "./lanes.ts";
import { LaneRunner, QUICK_ATTEMPTS, type CallbackResult } from "./lane-runner.ts";

/** How often finished deliveries beyond the log size are pruned (a bounded slice each time). */
const PRUNE_EVERY_MS = 5000;
/** How often an app with work in hand (or lately) claims again: rows other nodes wrote reach it this fast. */
const POLL_MS = 250;
/** How often every app is asked for rows nobody holds: a dead node's rows, once their leases ran out. */
const SWEEP_MS = 2000;
/** An app that wrote or claimed rows is polled this long afterwards. */
const HOT_MS = 5000;
/** Rows claimed per turn at most; a full claim claims again at the next turn. */
const CLAIM_LIMIT = 256;
/** How soon a turn that could not be written (app under maintenance, a database error) is written again. */
const MAINTENANCE_RETRY_MS = 1000;

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

/**
 * Signed webhook delivery (SPEC 6.1) through a durable outbox shared by every node. Events are
 * written to the app's database in one transaction per loop turn before any attempt; a node
 * delivers only the rows it holds a lease on (docs/events.md): each turn claims due rows, room by
 * room, the node's own new rows first among them, and renews its leases every few seconds; pending
 * rows resume on start (on any node) with their original id. Each app has its own lanes, one per
 * room, so deliveries of a room arrive in order, rooms proceed side by side, and a slow endpoint
 * holds up only its own app; the LaneRunner makes the attempts, this class writes the turns.
 */
export class WebhookDeliverer {
  private readonly queues = new Map<string, AppQueue>();
  private readonly runner: LaneRunner;
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
  private readonly log: Logger;

  constructor(private readonly d: WebhookDeps) {
    this.log = d.logger.child({ component: "callbacks" });
    this.resumed = new Promise((resolve) => (this.resumedNow = resolve));
    const { configs, secrets, client, count } = d;
    this.runner = new LaneRunner({ configs, secrets, client, count, log: this.log, volatile: d.volatile === true, recorded: () => this.scheduleFlush() });
  }

  /** The app's callback secret changed: the next delivery reads it again. */
  secretChanged(app: string): void {
    this.runner.secretChanged(app);
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
      const holds = heldIds(queue).size > 0;
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
    clearInterval(this.pruneTimer);
    clearInterval(this.pollTimer);
    clearTimeout(this.retryFlush);
    // Attempts under way are cut short; their rows stay pending for whichever node claims them.
    await this.runner.stop(this.queues.values());
    await this.settleWrites();
    if (this.started) await this.flush();
    await this.settleWrites();
    // Nothing more is written: whoever waits for a write hears so now (what was not written is lost with the process, as before).
    for (const queue of this.queues.values()) wrote(queue, Number.POSITIVE_INFINITY);
    if (!this.started || this.d.volatile === true) return;
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
    const queue = this.queue(e.app);
    queue.batch.push({ id: e.id, event: e.event, room: e.room, body, emittedAt: e.ts });
    queue.queued++;
    this.scheduleFlush();
  }

  /**
   * Resolves once every delivery of `app` queued so far is written to its outbox (at once when
   * none waits): what acknowledges the source of its events (a LiveKit webhook) waits for this,
   * so an event it was told of is never only in this node's memory. Also resolves when the app
   * is forgotten or the deliverer stops (nothing more will be written).
   */
  written(app: string): Promise<void> {
    const queue = this.queues.get(app);
    if (!queue || queue.written >= queue.queued || this.stopped) return Promise.resolve();
    const upTo = queue.queued;
    return new Promise((done) => queue.waiting.push({ upTo, done }));
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
    queue.forgotten = true;
    for (const { timer } of queue.parked.values()) clearTimeout(timer);
    for (const lane of queue.lanes.values()) for (const p of lane) this.d.count(app, p.event, "dropped");
    queue.lanes.clear();
    queue.batch = [];
    wrote(queue, Number.POSITIVE_INFINITY);
    this.queues.delete(app);
    this.runner.secretChanged(app);
  }

  private queue(app: string): AppQueue {
    let queue = this.queues.get(app);
    if (!queue) {
      queue = newAppQueue();
      this.queues.set(app, queue);
    }
    return queue;
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
      wrote(queue, batch.length);
      batch.forEach((d, i) => laneOf(queue, d.room).push({ ...d, seq: i, tries: 0, nextAttemptAt: now }));
      if (batch.length > 0) this.runner.pump(app, queue);
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
    wrote(queue, batch.length);
    if (turn.claimed.length > 0) await this.runner.loadSecrets(app);
    if (queue.forgotten) return;
    if (turn.held) renewed(queue, turn.held, now);
    this.take(app, queue, turn.claimed, now);
    if (turn.claimed.length === CLAIM_LIMIT) queue.claim = true;
    // What came while this turn was written waited for it (the flushes in between passed this app by).
    if (queue.batch.length > 0 || queue.outcomes.length > 0 || queue.claim) this.scheduleFlush();
  }

  /**
   * Puts claimed rows in their lanes (a room's rows in sequence order) or parks those past their
   * quick attempts, as they were left; rows already in hand (a claim of leases this node let run
   * out, nobody else took) are not taken twice.
   */
  private take(app: string, queue: AppQueue, claimed: readonly Delivery[], now: number): void {
    if (claimed.length === 0) return;
    const inHand = heldIds(queue);
    if (inHand.size === 0) {
      queue.renewedAt = now;
      queue.heldUntil = now + LEASE_MS;
    }
    queue.hotUntil = now + HOT_MS;
    for (const d of claimed) {
      if (inHand.has(d.id)) continue;
      const p = pendingOf(d, Math.min(d.attempts, QUICK_ATTEMPTS));
      if (p.tries >= QUICK_ATTEMPTS) this.runner.park(app, queue, p);
      else enqueueInLane(queue, p);
    }
    this.runner.pump(app, queue);
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
