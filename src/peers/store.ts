import type { SqlDb } from "../db/sql.ts";

interface ServiceNodesTable {
  id: string;
  url: string;
  version: string;
  started_at: string;
  /** Milliseconds since the epoch, by the writing node's clock. */
  heartbeat_at: number;
  draining: number;
}

export interface PeerRow {
  readonly id: string;
  readonly url: string;
  readonly version: string;
  readonly startedAt: string;
  readonly heartbeatAt: number;
  readonly draining: boolean;
}

export interface Heartbeat {
  readonly id: string;
  readonly url: string;
  readonly version: string;
  readonly startedAt: string;
  readonly at: number;
  readonly draining: boolean;
}

/** The service's nodes in the global database, one row each, written by its own node only. */
export class PeerStore {
  private readonly db;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ service_nodes: ServiceNodesTable }>();
  }

  async beat(h: Heartbeat): Promise<void> {
    const row = { url: h.url, version: h.version, started_at: h.startedAt, heartbeat_at: h.at, draining: h.draining ? 1 : 0 };
    await this.db
      .insertInto("service_nodes")
      .values({ id: h.id, ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
  }

  /** Nodes that heartbeated at or after `since`, by id. */
  async live(since: number): Promise<PeerRow[]> {
    const rows = await this.db.selectFrom("service_nodes").selectAll().where("heartbeat_at", ">=", since).orderBy("id").execute();
    return rows.map((r) => ({ id: r.id, url: r.url, version: r.version, startedAt: r.started_at, heartbeatAt: r.heartbeat_at, draining: r.draining === 1 }));
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom("service_nodes").where("id", "=", id).execute();
  }
}
