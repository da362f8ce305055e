import type { Logger } from "pino";
import { VERSION } from "../lib/version.ts";
import type { PeerRow, PeerStore } from "./store.ts";

/** How often a node writes its heartbeat. */
export const HEARTBEAT_MS = 2000;
/** A node that has not heartbeated for this long is gone: its peers stop asking it and take its work. */
export const PEER_STALE_MS = 10_000;

export interface PeersOptions {
  readonly store: PeerStore;
  readonly node: { readonly id: string; readonly url: string };
  /** The database is PostgreSQL, which other nodes may share. */
  readonly shared: boolean;
  /** SERVICE_REDIS_URL is set. */
  readonly redis: boolean;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** Why a node refuses to start. */
export class PeersRefusal extends Error {
  override readonly name = "PeersRefusal";
}

/**
 * This node among the service's nodes: it heartbeats a row in the shared database, knows the
 * others that heartbeat (for cluster-wide reads), and refuses to join a database another live
 * node uses when no Redis coordinates them (rate limits and quotas would count per node).
 */
export class Peers {
  readonly id: string;
  readonly url: string;
  private readonly startedAt = new Date().toISOString();
  private readonly now: () => number;
  private beating: NodeJS.Timeout | undefined;
  private draining = false;

  constructor(private readonly o: PeersOptions) {
    this.id = o.node.id;
    this.url = o.node.url;
    this.now = o.now ?? Date.now;
  }

  /** Checks the rule above, then writes the first heartbeat. */
  async join(): Promise<void> {
    if (this.o.shared && !this.o.redis) {
      const [first] = await this.others();
      if (first) {
        throw new PeersRefusal(
          `node ${first.id} (${first.url}) uses this database too (heartbeat ${Math.round((this.now() - first.heartbeatAt) / 1000)} s ago): ` +
            "nodes that share a database must share a Redis as well, for cluster-wide rate limits and quotas. " +
            "Set SERVICE_REDIS_URL on every node (it may be the Redis LiveKit uses), or give this node a database of its own",
        );
      }
    }
    await this.beat();
  }

  start(): void {
    this.beating = setInterval(() => {
      this.beat().catch((err: Error) => this.o.logger.warn({ err: err.message }, "could not write this node's heartbeat"));
    }, HEARTBEAT_MS);
    this.beating.unref();
  }

  /** From now on this node takes no new work; its peers see it draining at the next heartbeat. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.beat().catch(() => undefined);
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Every live node but this one. */
  async others(): Promise<PeerRow[]> {
    const live = await this.o.store.live(this.now() - PEER_STALE_MS);
    return live.filter((p) => p.id !== this.id);
  }

  /** Node `id` when it is another live node. */
  async other(id: string): Promise<PeerRow | undefined> {
    return (await this.others()).find((p) => p.id === id);
  }

  /** Stops heartbeating and removes this node's row: its peers stop asking it at once. */
  async leave(): Promise<void> {
    clearInterval(this.beating);
    await this.o.store.remove(this.id).catch((err: Error) => this.o.logger.warn({ err: err.message }, "could not remove this node's row"));
  }

  private beat(): Promise<void> {
    return this.o.store.beat({ id: this.id, url: this.url, version: VERSION, startedAt: this.startedAt, at: this.now(), draining: this.draining });
  }
}
