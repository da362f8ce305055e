import type { Kysely } from "kysely";
import type { SqlDb } from "../db/sql.ts";

export interface NodeRow {
  readonly id: string;
  readonly name: string;
  readonly ip: string;
  readonly region: string;
  readonly url: string;
  readonly status: string;
  readonly stats_json: string | null;
  readonly joined_at: string;
  readonly last_heartbeat_at: string;
  readonly updated_at: string;
}

/** `cluster_nodes` as migration 0008 declares it. */
type ClusterTables = {
  cluster_nodes: NodeRow;
};

/** The cluster's edge nodes, in the global database. */
export class NodeStore {
  private readonly db: Kysely<ClusterTables>;

  constructor(sql: SqlDb) {
    this.db = sql.withTables<ClusterTables>();
  }

  async findByName(name: string): Promise<NodeRow | undefined> {
    return this.db.selectFrom("cluster_nodes").selectAll().where("name", "=", name).executeTakeFirst();
  }

  async get(id: string): Promise<NodeRow | undefined> {
    return this.db.selectFrom("cluster_nodes").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async list(): Promise<NodeRow[]> {
    return this.db.selectFrom("cluster_nodes").selectAll().orderBy("name").execute();
  }

  /**
   * A node by name: inserted with `id`, or, when the name is known, its address fields refreshed.
   * One statement (the name is unique), so two joins of one name at once make one node. Answers
   * the node's id and whether it was already known.
   */
  async join(id: string, node: { name: string; ip: string; region: string; url: string }, at: string): Promise<{ id: string; known: boolean }> {
    const row = await this.db
      .insertInto("cluster_nodes")
      .values({ id, ...node, status: "active", joined_at: at, last_heartbeat_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.column("name").doUpdateSet({ ip: node.ip, region: node.region, url: node.url, last_heartbeat_at: at, updated_at: at }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, known: row.id !== id };
  }

  /** Records a heartbeat; answers the node's status, or undefined when there is no such node. */
  async heartbeat(id: string, statsJson: string | null, at: string): Promise<{ status: string } | undefined> {
    return this.db
      .updateTable("cluster_nodes")
      .set({ stats_json: statsJson, last_heartbeat_at: at })
      .where("id", "=", id)
      .returning("status")
      .executeTakeFirst();
  }

  async patch(id: string, fields: { name: string; region: string; status: string }, at: string): Promise<void> {
    await this.db.updateTable("cluster_nodes").set({ ...fields, updated_at: at }).where("id", "=", id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom("cluster_nodes").where("id", "=", id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** Nodes by status and staleness (no heartbeat since `staleBefore`), for the metrics. */
  async counts(staleBefore: string): Promise<{ status: string; stale: boolean; n: number }[]> {
    const rows = await this.db
      .selectFrom("cluster_nodes")
      .select((eb) => {
        // 0/1 rather than a comparison: SQLite answers a number, PostgreSQL a boolean.
        const stale = eb.case().when("last_heartbeat_at", "<", staleBefore).then(1).else(0).end();
        return ["status", stale.as("stale"), eb.fn.countAll().as("n")];
      })
      .groupBy(["status", "stale"])
      .orderBy("status")
      .execute();
    return rows.map((r) => ({ status: r.status, stale: Number(r.stale) === 1, n: Number(r.n) }));
  }
}
