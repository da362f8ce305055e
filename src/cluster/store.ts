import type { Db } from "../db/open.ts";

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

/** The cluster's edge nodes, in the global database. */
export class NodeStore {
  private readonly byName;
  private readonly byId;
  private readonly all;
  private readonly insertRow;
  private readonly refreshRow;
  private readonly beatRow;
  private readonly patchRow;
  private readonly deleteRow;
  private readonly countByStatus;

  constructor(db: Db) {
    this.byName = db.prepare<[string], NodeRow>("SELECT * FROM cluster_nodes WHERE name = ?");
    this.byId = db.prepare<[string], NodeRow>("SELECT * FROM cluster_nodes WHERE id = ?");
    this.all = db.prepare<[], NodeRow>("SELECT * FROM cluster_nodes ORDER BY name");
    this.insertRow = db.prepare<[string, string, string, string, string, string, string, string]>(
      "INSERT INTO cluster_nodes (id, name, ip, region, url, status, joined_at, last_heartbeat_at, updated_at) VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?)",
    );
    this.refreshRow = db.prepare<[string, string, string, string, string, string]>(
      "UPDATE cluster_nodes SET ip = ?, region = ?, url = ?, last_heartbeat_at = ?, updated_at = ? WHERE id = ?",
    );
    this.beatRow = db.prepare<[string | null, string, string]>("UPDATE cluster_nodes SET stats_json = ?, last_heartbeat_at = ? WHERE id = ?");
    this.patchRow = db.prepare<[string, string, string, string, string]>("UPDATE cluster_nodes SET name = ?, region = ?, status = ?, updated_at = ? WHERE id = ?");
    this.deleteRow = db.prepare<[string]>("DELETE FROM cluster_nodes WHERE id = ?");
    this.countByStatus = db.prepare<[string], { status: string; stale: number; n: number }>(
      "SELECT status, last_heartbeat_at < ? AS stale, count(*) AS n FROM cluster_nodes GROUP BY status, stale",
    );
  }

  findByName(name: string): NodeRow | undefined {
    return this.byName.get(name);
  }

  get(id: string): NodeRow | undefined {
    return this.byId.get(id);
  }

  list(): NodeRow[] {
    return this.all.all();
  }

  insert(id: string, node: { name: string; ip: string; region: string; url: string }, at: string): void {
    this.insertRow.run(id, node.name, node.ip, node.region, node.url, at, at, at);
  }

  refresh(id: string, node: { ip: string; region: string; url: string }, at: string): void {
    this.refreshRow.run(node.ip, node.region, node.url, at, at, id);
  }

  /** Answers whether the node exists. */
  heartbeat(id: string, statsJson: string | null, at: string): boolean {
    return this.beatRow.run(statsJson, at, id).changes === 1;
  }

  patch(id: string, fields: { name: string; region: string; status: string }, at: string): void {
    this.patchRow.run(fields.name, fields.region, fields.status, at, id);
  }

  delete(id: string): boolean {
    return this.deleteRow.run(id).changes === 1;
  }

  /** Nodes by status and staleness (no heartbeat since `staleBefore`), for the metrics. */
  counts(staleBefore: string): { status: string; stale: boolean; n: number }[] {
    return this.countByStatus.all(staleBefore).map((r) => ({ status: r.status, stale: r.stale === 1, n: r.n }));
  }
}
