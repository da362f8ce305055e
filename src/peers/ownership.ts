import type { Logger } from "pino";
import type { NodeMessages } from "../db/contract.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import type { LeaseStore } from "./lease-store.ts";

/**
 * How long a lease lasts past its owner's last renewal: as long as a node's heartbeat may be
 * missed before its peers think it gone (PEER_STALE_MS), so a lease outlives a slow heartbeat.
 */
export const LEASE_MS = 10_000;
/** Expired leases looked at per pass: a dead node's actors are spread over the passes that follow. */
const ADOPT_PER_PASS = 100;

/** What a domain does with its actors when they move between nodes. */
export interface ActorKind {
  /**
   * Picks up an actor whose node stopped: this node holds its lease already. Answers false when
   * there is nothing left to run (its row finished or went), and the lease is let go.
   */
  adopt(key: string): Promise<boolean>;
  /** A message another node forwarded for the actor, which runs here. */
  deliver(key: string, message: unknown): Promise<void>;
  /**
   * True for a role more than one node can fill (a plugin's LiveKit rooms, which any node running
   * the plugin's worker can take): when its actor ends here, the lease is offered to the other
   * nodes at once rather than dropped.
   */
  readonly passOn?: boolean;
}

/** Where `forward` sent a message. */
export type Forwarded = "here" | "sent" | "nobody";

export interface OwnershipOptions {
  readonly store: LeaseStore;
  readonly node: string;
  /** True on SQLite: no other node can share the data, so every lease is this node's. */
  readonly solo: boolean;
  readonly messages: NodeMessages;
  readonly supervisor: Supervisor;
  readonly logger: Logger;
  readonly now?: () => number;
}

/**
 * One node runs each long-lived actor (a VOD's upload, a restream push, a room's latency latch)
 * under a lease in the shared database. A node claims an actor before it spawns it; its heartbeat
 * renews every lease it holds and lets go of the ones whose actor ended; a lease its owner stopped
 * renewing expires after LEASE_MS, and the next pass of any live node claims it and has the
 * actor's domain adopt it (from its rows, as a restart resumes them). Messages for an actor that
 * runs elsewhere (a webhook or a stop that reached another node) are forwarded to its owner.
 */
export class Ownership {
  /** Leases this node holds, with when each was claimed. */
  private readonly held = new Map<string, number>();
  private readonly kinds = new Map<string, ActorKind>();
  private readonly log: Logger;
  private readonly now: () => number;
  private passing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: OwnershipOptions) {
    this.log = o.logger.child({ component: "ownership" });
    this.now = o.now ?? Date.now;
    o.messages.listen(o.node, (body) => this.heard(body));
  }

  /** A single node starting on its own data holds every lease at once, whatever node id it had before. */
  async prepare(): Promise<void> {
    if (this.o.solo) await this.o.store.takeAll(this.o.node, this.now() + LEASE_MS);
  }

  /** The domain of actors whose ids start with `prefix`. */
  register(prefix: string, kind: ActorKind): void {
    this.kinds.set(prefix, kind);
  }

  /** Takes the actor's lease for this node unless a live node holds it; true when this node may run it. */
  async claim(key: string): Promise<boolean> {
    const now = this.now();
    if (!(await this.o.store.claim(key, this.o.node, now + LEASE_MS, now))) return false;
    this.held.set(key, now);
    return true;
  }

  /**
   * Sends `message` for the actor `key` to the node that runs it: `here` when that is this node
   * (the caller handles it), `sent` when another holds it. When no live node holds it (its node
   * stopped), this node adopts it first and answers `here`; `nobody` when there is nothing left
   * to run.
   */
  async forward(key: string, message: unknown): Promise<Forwarded> {
    if (this.o.supervisor.get(key)) return "here";
    const holder = await this.o.store.holder(key, this.now());
    if (holder === this.o.node) return "here";
    if (holder !== undefined) {
      await this.o.messages.tell(holder, JSON.stringify({ key, message }));
      return "sent";
    }
    const kind = this.kindOf(key);
    if (!kind || !(await this.claim(key))) return "nobody";
    return (await this.adopt(key, kind, undefined)) ? "here" : "nobody";
  }

  /**
   * The heartbeat's pass: renew what this node holds, let go of the leases whose actor ended,
   * then adopt what stopped nodes left. One pass at a time.
   */
  pass(): Promise<void> {
    this.passing ??= this.run().finally(() => (this.passing = undefined));
    return this.passing;
  }

  /** A pass every `everyMs` (the heartbeat's period). */
  start(everyMs: number): void {
    this.timer = setInterval(() => {
      this.pass().catch((err: Error) => this.log.warn({ err: err.message }, "could not renew or adopt actor leases"));
    }, everyMs);
    this.timer.unref();
  }

  /** At stop, after the actors stopped: every lease of this node expires, for its peers to adopt now. */
  async handOver(): Promise<void> {
    clearInterval(this.timer);
    await this.passing?.catch(() => undefined);
    this.held.clear();
    await this.o.store.expire(this.o.node);
  }

  private async run(): Promise<void> {
    const now = this.now();
    await this.o.store.renew(this.o.node, now + LEASE_MS);
    // An actor spawned right after its claim is running by the next pass; one claimed in this pass is left alone.
    const ended = [...this.held].filter(([key, claimedAt]) => claimedAt < now && !this.o.supervisor.get(key)).map(([key]) => key);
    for (const key of ended) this.held.delete(key);
    const passed = ended.filter((key) => this.kindOf(key)?.passOn === true);
    await this.o.store.expire(this.o.node, passed);
    await this.o.store.release(this.o.node, ended.filter((key) => !passed.includes(key)));
    for (const lease of await this.o.store.expired(now, ADOPT_PER_PASS)) {
      const kind = this.kindOf(lease.key);
      if (!kind || !(await this.claim(lease.key))) continue;
      // Its own lease, expired while this node stalled: the actor still runs here.
      if (lease.node === this.o.node && this.o.supervisor.get(lease.key)) continue;
      try {
        await this.adopt(lease.key, kind, lease.node);
      } catch (err) {
        // Left held: the next pass finds no actor and lets go, and the lease expires for another try.
        this.log.error({ actor: lease.key, from: lease.node, err: (err as Error).message }, "could not adopt an actor");
      }
    }
  }

  /** Has `kind` pick up the actor whose lease this node now holds; lets go of it when nothing is left to run. */
  private async adopt(key: string, kind: ActorKind, from: string | undefined): Promise<boolean> {
    const running = await kind.adopt(key);
    this.log.info({ actor: key, from, running }, running ? "adopted an actor of a node that stopped" : "an adopted actor had nothing left to do");
    if (!running) await this.letGo(key);
    return running;
  }

  private async letGo(key: string): Promise<void> {
    this.held.delete(key);
    await this.o.store.release(this.o.node, [key]);
  }

  private kindOf(key: string): ActorKind | undefined {
    for (const [prefix, kind] of this.kinds) if (key.startsWith(prefix)) return kind;
    return undefined;
  }

  private heard(body: string): void {
    let parsed: { key?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return;
    }
    const key = parsed.key;
    const kind = typeof key === "string" ? this.kindOf(key) : undefined;
    if (typeof key !== "string" || !kind) return;
    kind.deliver(key, parsed.message).catch((err: Error) => this.log.error({ actor: key, err: err.message }, "could not deliver a message another node forwarded"));
  }
}
