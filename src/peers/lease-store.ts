import type { SqlDb } from "../db/sql.ts";

interface ActorLeasesTable {
  key: string;
  node: string;
  /** Milliseconds since the epoch, by the owner's clock. */
  expires_at: number;
}

export interface Lease {
  readonly key: string;
  readonly node: string;
}

/** Which node runs each long-lived actor (the global `actor_leases`; `Ownership` is its one user). */
export class LeaseStore {
  private readonly db;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ actor_leases: ActorLeasesTable }>();
  }

  /**
   * Takes `key` for `node` until `until`, unless another node holds it past `now`. One statement,
   * so of two nodes claiming the same expired lease exactly one gets it (PostgreSQL re-checks the
   * condition against the row the other committed). True when `node` holds it now.
   */
  async claim(key: string, node: string, until: number, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto("actor_leases")
      .values({ key, node, expires_at: until })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({ node, expires_at: until })
          .where((eb) => eb.or([eb("actor_leases.node", "=", node), eb("actor_leases.expires_at", "<", now)])),
      )
      .returning("node")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Pushes every lease of `node` ahead to `until`. */
  async renew(node: string, until: number): Promise<void> {
    await this.db.updateTable("actor_leases").set({ expires_at: until }).where("node", "=", node).execute();
  }

  /** Gives up leases `node` holds (their actors ended). */
  async release(node: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.deleteFrom("actor_leases").where("node", "=", node).where("key", "in", keys).execute();
  }

  /** Lets leases of `node` expire now (every one without `keys`), so another node adopts those actors at once. */
  async expire(node: string, keys?: readonly string[]): Promise<void> {
    if (keys?.length === 0) return;
    let update = this.db.updateTable("actor_leases").set({ expires_at: 0 }).where("node", "=", node);
    if (keys) update = update.where("key", "in", keys);
    await update.execute();
  }

  /** Makes `node` the holder of every lease (a single node starting on its own data). */
  async takeAll(node: string, until: number): Promise<void> {
    await this.db.updateTable("actor_leases").set({ node, expires_at: until }).execute();
  }

  /** Leases that expired before `now`, oldest first, at most `limit`. */
  async expired(now: number, limit: number): Promise<Lease[]> {
    return await this.db.selectFrom("actor_leases").select(["key", "node"]).where("expires_at", "<", now).orderBy("expires_at").limit(limit).execute();
  }

  /** The node holding `key` past `now`, if any. */
  async holder(key: string, now: number): Promise<string | undefined> {
    const row = await this.db.selectFrom("actor_leases").select("node").where("key", "=", key).where("expires_at", ">=", now).executeTakeFirst();
    return row?.node;
  }
}
