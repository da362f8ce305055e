import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "pino";
import type { NodeMessages } from "./contract.ts";
import type { WriteFeed, WriteWatch } from "./writes.ts";

const CHANNEL = "service_core_writes";
/** Messages from one node to another (`NodeMessages`), as JSON `{ to, body }`. */
const NODES_CHANNEL = "service_core_nodes";
/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_MS = 500;

class Watch implements WriteWatch {
  dirty = false;
  happened(): boolean {
    const was = this.dirty;
    this.dirty = false;
    return was;
  }
}

/**
 * PostgreSQL's LISTEN/NOTIFY as the write feed, the shared database's counterpart of SQLite's
 * data_version: a store that wrote tells every other process on the database (nodes, the admin
 * CLI) which scope (`global` or `app:<name>`) changed, and their caches over that scope drop what
 * they hold on their next read, within milliseconds. One listening connection per process. When
 * it is lost, notifications in between could be missed, so every watch is marked written once it
 * is back: a cache reloads rather than serve a write it never heard of.
 */
export class PostgresWriteFeed implements NodeMessages {
  /** Tells this process's own notifications apart (its stores already dropped what they wrote). */
  private readonly sender = randomUUID();
  private readonly watches = new Map<string, Set<WeakRef<Watch>>>();
  private listener: pg.Client | undefined;
  private readonly inboxes = new Map<string, (body: string) => void>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  /** Connects the listener; resolves once notifications are being received. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (n) => (n.channel === NODES_CHANNEL ? this.delivered(n.payload ?? "") : this.heard(n.payload ?? "")));
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${NODES_CHANNEL}`);
    this.listener = client;
  }

  /** The feed of one scope, as `registerWriteFeed` takes it. */
  scope(scope: string): WriteFeed {
    return {
      watch: () => {
        const watch = new Watch();
        let set = this.watches.get(scope);
        if (!set) this.watches.set(scope, (set = new Set()));
        set.add(new WeakRef(watch));
        return watch;
      },
      wrote: () => {
        this.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, `${this.sender} ${scope}`]).catch((err: Error) => {
          // The write itself committed; other nodes' caches go stale until their next reload.
          this.logger.warn({ err: err.message, scope }, "could not tell the other nodes of a write");
        });
      },
    };
  }

  async tell(node: string, body: string): Promise<void> {
    await this.pool.query("SELECT pg_notify($1, $2)", [NODES_CHANNEL, JSON.stringify({ to: node, body })]);
  }

  listen(node: string, handler: (body: string) => void): void {
    this.inboxes.set(node, handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
  }

  private heard(payload: string): void {
    const space = payload.indexOf(" ");
    if (space < 0 || payload.slice(0, space) === this.sender) return;
    this.mark(this.watches.get(payload.slice(space + 1)));
  }

  private delivered(payload: string): void {
    let message: { to?: unknown; body?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const inbox = typeof message.to === "string" ? this.inboxes.get(message.to) : undefined;
    if (inbox && typeof message.body === "string") inbox(message.body);
  }

  private mark(set: Set<WeakRef<Watch>> | undefined): void {
    for (const ref of set ?? []) {
      const watch = ref.deref();
      if (watch) watch.dirty = true;
      else set?.delete(ref);
    }
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn({ err: err?.message }, "lost the PostgreSQL connection that hears other nodes' writes; reconnecting");
    const again = (): void => {
      this.retry = setTimeout(() => {
        this.start().then(
          () => {
            for (const set of this.watches.values()) this.mark(set);
            this.logger.info("hearing other nodes' writes again; caches reload once");
          },
          () => again(),
        );
      }, RECONNECT_MS);
      this.retry.unref();
    };
    again();
  }
}
