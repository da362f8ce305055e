import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { AppUnavailableError, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { AttemptOutcome, DeliveryStatus } from "./delivery.ts";
import { isLost, leaseShort, RENEW_MS, type AppQueue, type Pending } from "./lanes.ts";
import { deliveryHeaders } from "./signing.ts";
import type { WebhookClient } from "./webhook-client.ts";

/** How long a delivery of an app with a damaged config.yaml or callback secret waits before it looks again. */
const DAMAGED_RETRY_MS = 60_000;
/** SPEC 6.1: three attempts, 500 ms then 1 s apart. */
const QUICK_BACKOFF_MS = [500, 1000] as const;
export const QUICK_ATTEMPTS = QUICK_BACKOFF_MS.length + 1;
/**
 * The opt-in `callbacks.extended_retries` schedule after the three quick attempts, like the big
 * webhook platforms: 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all).
 */
export const EXTENDED_BACKOFF_MS = [5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
/** Rooms of one app delivered concurrently; within a room, strictly in order. */
const LANES_PER_APP = 32;

export type CallbackResult = Exclude<DeliveryStatus, "pending">;
/** What an attempt reports, whatever the delivery's status becomes. */
type AttemptReport = Pick<AttemptOutcome, "url" | "httpStatus" | "error">;

export interface LaneRunnerDeps {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly client: WebhookClient;
  readonly log: Logger;
  /** Counts each delivery's final result, by app and event. */
  readonly count: (app: string, event: string, result: CallbackResult) => void;
  /** Outcomes are not written (the benchmark's outbox-less comparison). */
  readonly volatile: boolean;
  /** An outcome joined its queue's next turn: the turn is to be written. */
  readonly recorded: () => void;
}

/**
 * The attempts of the deliveries this node holds: each room's lane runs one delivery at a time,
 * up to LANES_PER_APP rooms of an app side by side. The three quick attempts happen in the lane
 * (ordering is kept); extended retries, when on, park the delivery outside it, so hours of
 * retrying do not hold back a room's later events. Outcomes go into the queue's next turn, which
 * the deliverer writes.
 */
export class LaneRunner {
  private readonly secretCache = new Map<string, string | null>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly d: LaneRunnerDeps) {}

  /** Leases may run out before an attempt started now ends; without the outbox (the benchmark's bypass) nothing is leased. */
  private leaseShort(queue: AppQueue): boolean {
    return !this.d.volatile && leaseShort(queue);
  }

  /** The app's callback secret changed (or the app is gone): the next delivery reads it again. */
  secretChanged(app: string): void {
    this.secretCache.delete(app);
  }

  /**
   * Reads the app's secrets before its first attempt here: another node may have created the app,
   * and an attempt that found them unread would wait as for a damaged secret.
   */
  async loadSecrets(app: string): Promise<void> {
    if (!this.secretCache.has(app)) await unlessUnavailableAsync(undefined, () => this.d.secrets.load(app));
  }

  /** Starts nothing more and cuts attempts under way short (their rows stay pending); settles once they ended. */
  async stop(queues: Iterable<AppQueue>): Promise<void> {
    this.stopped = true;
    this.d.client.cancelAll();
    for (const queue of queues) for (const { timer } of queue.parked.values()) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Starts a run of each lane of the app that has none, as many as LANES_PER_APP allows. */
  pump(app: string, queue: AppQueue): void {
    if (this.stopped) return;
    for (const room of queue.lanes.keys()) {
      if (queue.running.size >= LANES_PER_APP) return;
      if (queue.running.has(room)) continue;
      queue.running.add(room);
      const run = this.drain(app, queue, room).finally(() => {
        this.inFlight.delete(run);
        queue.running.delete(room);
        if (queue.lanes.get(room)?.length === 0) queue.lanes.delete(room);
        if (!queue.forgotten) this.pump(app, queue);
      });
      this.inFlight.add(run);
    }
  }

  /** Waits outside the lane until the delivery's next attempt is due. */
  park(app: string, queue: AppQueue, p: Pending): void {
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

  private async drain(app: string, queue: AppQueue, room: string): Promise<void> {
    const lane = queue.lanes.get(room);
    while (lane && lane.length > 0 && !this.stopped && !queue.forgotten) {
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
    if (this.stopped || queue.forgotten || isLost(p)) return true;
    p.tries++;
    const outcome = { url: config.url, httpStatus: result.status, error: result.kind === "delivered" ? null : result.error };
    if (result.kind === "delivered") return this.finish(app, queue, p, "delivered", outcome);
    if (result.kind === "permanent") return this.finish(app, queue, p, "failed", outcome);
    const delay = retryDelay(p.tries, config.extended_retries);
    if (delay === undefined) return this.finish(app, queue, p, "failed", outcome);
    p.nextAttemptAt = Date.now() + delay;
    this.record(queue, p, "pending", outcome);
    if (p.tries < QUICK_ATTEMPTS) return false;
    this.park(app, queue, p);
    return true;
  }

  private finish(app: string, queue: AppQueue, p: Pending, status: CallbackResult, o: AttemptReport): true {
    this.record(queue, p, status, o);
    this.d.count(app, p.event, status);
    if (status === "failed") this.d.log.warn({ app, event: p.event, delivery: p.id, attempts: p.tries, error: o.error }, "webhook delivery failed");
    return true;
  }

  private record(queue: AppQueue, p: Pending, status: DeliveryStatus, o: AttemptReport): void {
    if (this.d.volatile) return;
    queue.outcomes.push({ id: p.id, outcome: { status, nextAttemptAt: p.nextAttemptAt, url: o.url, httpStatus: o.httpStatus, error: o.error } });
    this.d.recorded();
  }

  private secret(app: string): string | undefined {
    let secret = this.secretCache.get(app);
    if (secret === undefined) {
      secret = this.d.secrets.get(app, "callbacks.secret") ?? null;
      this.secretCache.set(app, secret);
    }
    return secret ?? undefined;
  }
}

function retryDelay(tries: number, extended: boolean): number | undefined {
  if (tries < QUICK_ATTEMPTS) return QUICK_BACKOFF_MS[tries - 1];
  return extended ? EXTENDED_BACKOFF_MS[tries - QUICK_ATTEMPTS] : undefined;
}
