import { z } from "zod";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import type { AppRow } from "../apps/store.ts";
import { isProblem, type Problem } from "../lib/problem.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import { gatherData, type Scope } from "../peers/ask.ts";
import type { Relayed, RelayRequest } from "../peers/relay.ts";
import type { Peers } from "../peers/service.ts";
import type { StreamsApi } from "../streams/module.ts";
import { clusterWorkerStatusResponse, pluginDetectionsResponse, pluginLogsResponse } from "./schemas.ts";
import type { PluginService } from "./service.ts";
import type { LogLine, WorkerStatus } from "./workers.ts";

/** What a node's own reads answer, with the node that has it. */
type OnNode<T> = T & { readonly node: string };
type NodeLogLine = OnNode<LogLine>;
type NodeDetections = OnNode<DetectionsMessage>;
/** The answering node's worker at the top, every answering node's in `nodes` (`clusterWorkerStatusResponse`). */
export type ClusterWorkerStatus = OnNode<WorkerStatus> & { readonly nodes: readonly OnNode<WorkerStatus>[] };

/** A read of the whole cluster, and the live peers it lacks (they did not answer in time). */
export interface ClusterRead<T> {
  readonly data: T;
  readonly missing: readonly string[];
}

export interface ClusterPluginReadsOptions {
  readonly plugins: PluginService;
  readonly peers: Peers;
  readonly cameras: Pick<CameraRooms, "live">;
  readonly streams: Pick<StreamsApi, "answeredAtCamera">;
}

/** Oldest first across nodes: `ts`, then `node`; a node's own order stays as it was (the sort is stable). */
function oldestFirst(a: NodeLogLine, b: NodeLogLine): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return a.node < b.node ? -1 : a.node > b.node ? 1 : 0;
}

/**
 * The plugin reads answered for the cluster. Every node with a plugin enabled runs its own worker
 * for the camera rooms connected to it, and one of them for the app's LiveKit rooms, so a
 * worker's status, output and detections are spread over the nodes: the app-wide reads gather
 * them from every live peer as `/debug/actors` does (`gatherData`: the caller's credential,
 * `scope=node`, 2 s each, the late ones named in `missing`), and a room's detections come from
 * the node its camera is connected to, as its frames do.
 */
export class ClusterPluginReads {
  constructor(private readonly o: ClusterPluginReadsOptions) {}

  /** This node's worker at the top, as a single node has always answered, and every node's in `nodes`. */
  async workerStatus(app: string, id: string, scope: Scope, authorization: string | undefined): Promise<ClusterRead<ClusterWorkerStatus> | Problem> {
    const mine = this.o.plugins.workerStatus(app, id);
    if (isProblem(mine)) return mine;
    const here = { ...mine, node: this.o.peers.id };
    const theirs = await this.ask(app, id, "worker/status", {}, scope, authorization, clusterWorkerStatusResponse);
    const nodes = [here, ...theirs.answers.flatMap((a) => a.body.nodes)].sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
    return { data: { ...here, nodes }, missing: theirs.missing };
  }

  /** The newest `limit` lines of every node's worker together, oldest first. */
  async logs(app: string, id: string, limit: number, scope: Scope, authorization: string | undefined): Promise<ClusterRead<{ lines: NodeLogLine[] }> | Problem> {
    const mine = this.o.plugins.logs(app, id, limit);
    if (isProblem(mine)) return mine;
    const theirs = await this.ask(app, id, "logs", { limit }, scope, authorization, pluginLogsResponse);
    const lines = [...mine.lines.map((line) => ({ ...line, node: this.o.peers.id })), ...theirs.answers.flatMap((a) => a.body.lines)];
    return { data: { lines: lines.sort(oldestFirst).slice(-limit) }, missing: theirs.missing };
  }

  /** The newest detections of each room, from whichever node works on it (the newest one while a room moves). */
  async detections(app: string, id: string, scope: Scope, authorization: string | undefined): Promise<ClusterRead<NodeDetections[]> | Problem> {
    const mine = this.o.plugins.latestDetections(app, id);
    if (isProblem(mine)) return mine;
    const theirs = await this.ask(app, id, "detections", {}, scope, authorization, pluginDetectionsResponse);
    const newest = new Map<string, NodeDetections>();
    for (const d of [...mine.map((d) => ({ ...d, node: this.o.peers.id })), ...theirs.answers.flatMap((a) => a.body)]) {
      const seen = newest.get(d.room);
      if (!seen || d.at > seen.at) newest.set(d.room, d);
    }
    return { data: [...newest.values()], missing: theirs.missing };
  }

  /** A room's detections as the node its camera is connected to answers them; undefined when that is this node (or none). */
  async roomDetectionsElsewhere(ctx: RelayRequest, app: AppRow, room: string): Promise<Relayed | Problem | undefined> {
    return this.o.cameras.live(app.name, room) ? undefined : await this.o.streams.answeredAtCamera(ctx, app, { name: room });
  }

  /** The same route of every live peer (none with `scope=node`), its `data` parsed with `answer`. */
  private ask<T>(app: string, id: string, route: string, query: Record<string, number>, scope: Scope, authorization: string | undefined, answer: z.ZodType<T>) {
    return gatherData(this.o.peers, scope, `/api/v1/apps/${encodeURIComponent(app)}/plugins/${id}/${route}`, query, authorization, answer);
  }
}
