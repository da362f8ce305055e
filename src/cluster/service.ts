import { randomBytes } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Logger } from "pino";
import { problem, type Problem } from "../lib/problem.ts";
import { isUniqueViolation } from "../lib/unique-violation.ts";
import type { MediaServerSettings } from "../media/server.ts";
import { MAX_STATS_BYTES, type HeartbeatBody, type JoinBody, type PatchNodeBody } from "./schemas.ts";
import type { NodeRow, NodeStore } from "./store.ts";

/** LiveKit's default port, where an edge node without a `url` serves WebRTC signalling. */
const LIVEKIT_PORT = 7880;

/** A node as the API shows it (SPEC 2.9). */
export interface NodeView {
  readonly nodeId: string;
  readonly name: string;
  readonly ip: string;
  readonly region: string;
  readonly url: string;
  readonly status: string;
  readonly stats: Record<string, unknown> | null;
  readonly joinedAt: string;
  readonly lastHeartbeatAt: string;
  readonly stale: boolean;
}

/** What a joining edge node needs to become part of the same LiveKit cluster (SPEC 4.6). */
export interface JoinAnswer {
  readonly nodeId: string;
  readonly name: string;
  readonly redisUrl: string | null;
  readonly publicWsUrl: string;
  readonly media_server: { readonly apiKey: string | null; readonly apiSecret: string | null; readonly wsUrl: string | null };
}

export interface ClusterServiceOptions {
  readonly store: NodeStore;
  readonly token: string | undefined;
  readonly redisUrl: string | null;
  readonly staleMs: number;
  /** The global LiveKit, whose keys edge nodes share; undefined when none is configured. */
  readonly media: MediaServerSettings | undefined;
  readonly publicUrl: string;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** Where an edge node's LiveKit is reached: its public URL as ws(s), else its IP on LiveKit's port. */
function publicWsUrl(node: { ip: string; url: string }): string {
  if (node.url !== "") return node.url.replace(/^http/, "ws");
  return `ws://${isIPv6(node.ip) ? `[${node.ip}]` : node.ip}:${LIVEKIT_PORT}`;
}

/**
 * The edge-node registry (SPEC 2.9, 4.6): nodes join by name (the same name is the same node,
 * its fields refreshed), heartbeat with optional stats, and are listed, renamed, re-statused or
 * removed by the platform's operators. A node is stale after `staleMs` without a heartbeat,
 * derived whenever it is read; going stale, coming back, joining and leaving are logged.
 */
export class ClusterService {
  private readonly log: Logger;
  private readonly now: () => number;
  /** Nodes last seen stale by `watch`, so each change is logged once. */
  private stale = new Set<string>();

  constructor(private readonly o: ClusterServiceOptions) {
    this.log = o.logger.child({ component: "cluster" });
    this.now = o.now ?? Date.now;
  }

  async join(body: JoinBody): Promise<JoinAnswer> {
    const at = new Date(this.now()).toISOString();
    const fields = { ip: body.ip, region: body.region ?? "", url: body.url ?? "" };
    const { id: nodeId, known } = await this.o.store.join(`nd_${randomBytes(9).toString("base64url")}`, { name: body.name, ...fields }, at);
    this.log.info({ nodeId, name: body.name, ip: body.ip, region: fields.region, rejoin: known }, known ? "cluster node joined again" : "cluster node joined");
    const media = this.o.media;
    return {
      nodeId,
      name: body.name,
      redisUrl: this.o.redisUrl,
      publicWsUrl: publicWsUrl(fields),
      media_server: { apiKey: media?.apiKey ?? null, apiSecret: media?.apiSecret ?? null, wsUrl: media?.wsUrl ?? null },
    };
  }

  async heartbeat(body: HeartbeatBody): Promise<{ nodeId: string; status: string; stale: false } | Problem> {
    const stats = body.stats === undefined ? null : JSON.stringify(body.stats);
    if (stats !== null && Buffer.byteLength(stats) > MAX_STATS_BYTES) {
      return problem("payload_too_large", `stats are ${Buffer.byteLength(stats)} bytes of JSON; send at most ${MAX_STATS_BYTES}`);
    }
    const node = await this.o.store.heartbeat(body.nodeId, stats, new Date(this.now()).toISOString());
    if (!node) return problem("not_found", `no cluster node ${body.nodeId}; join first (POST /api/v1/cluster/join)`);
    return { nodeId: body.nodeId, status: node.status, stale: false };
  }

  async list(): Promise<NodeView[]> {
    return (await this.o.store.list()).map((row) => this.view(row));
  }

  async info(): Promise<{ enabled: boolean; nodes: number; stale: number; clusterToken: string | null; join: string | null }> {
    const nodes = await this.list();
    const token = this.o.token ?? null;
    const join =
      token === null
        ? null
        : `curl -fsS -X POST '${this.o.publicUrl}/api/v1/cluster/join' -H 'X-Cluster-Token: ${token}' -H 'Content-Type: application/json' ` +
          `-d "{\\"name\\":\\"$(hostname)\\",\\"ip\\":\\"$(hostname -I | awk '{print $1}')\\"}"`;
    return { enabled: token !== null, nodes: nodes.length, stale: nodes.filter((n) => n.stale).length, clusterToken: token, join };
  }

  async patch(id: string, body: PatchNodeBody): Promise<NodeView | Problem> {
    const missing = problem("not_found", `no cluster node ${id}`);
    const node = await this.o.store.get(id);
    if (!node) return missing;
    const taken = problem("conflict", `another node is named ${body.name}; names identify nodes at join`);
    if (body.name !== undefined && body.name !== node.name && (await this.o.store.findByName(body.name))) return taken;
    const fields = { name: body.name ?? node.name, region: body.region ?? node.region, status: body.status ?? node.status };
    try {
      await this.o.store.patch(id, fields, new Date(this.now()).toISOString());
    } catch (err) {
      // A node joined or was renamed to this name since the check: the unique index decides.
      if (isUniqueViolation(err)) return taken;
      throw err;
    }
    this.log.info({ nodeId: id, ...fields }, "cluster node updated");
    const updated = await this.o.store.get(id);
    return updated ? this.view(updated) : missing;
  }

  async remove(id: string): Promise<true | Problem> {
    const node = await this.o.store.get(id);
    if (!node || !(await this.o.store.delete(id))) return problem("not_found", `no cluster node ${id}`);
    this.stale.delete(id);
    this.log.info({ nodeId: id, name: node.name }, "cluster node removed");
    return true;
  }

  /** Logs every node that went stale or came back since the last call. */
  async watch(): Promise<void> {
    const stale = (await this.list()).filter((n) => n.stale);
    const now = new Set(stale.map((n) => n.nodeId));
    for (const node of stale) if (!this.stale.has(node.nodeId)) this.log.warn({ nodeId: node.nodeId, name: node.name, staleAfterMs: this.o.staleMs }, "cluster node went stale: no heartbeat");
    for (const id of this.stale) if (!now.has(id)) this.log.info({ nodeId: id }, "cluster node is heartbeating again");
    this.stale = now;
  }

  /** The heartbeat time before which a node is stale. */
  staleBefore(): string {
    return new Date(this.now() - this.o.staleMs).toISOString();
  }

  private view(row: NodeRow): NodeView {
    return {
      nodeId: row.id,
      name: row.name,
      ip: row.ip,
      region: row.region,
      url: row.url,
      status: row.status,
      stats: row.stats_json === null ? null : (JSON.parse(row.stats_json) as Record<string, unknown>),
      joinedAt: row.joined_at,
      lastHeartbeatAt: row.last_heartbeat_at,
      stale: row.last_heartbeat_at < this.staleBefore(),
    };
  }
}
