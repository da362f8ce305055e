import type { z } from "zod";
import { askPeers, type Gathered } from "../peers/ask.ts";
import type { Peers } from "../peers/service.ts";
import { actorsResponse } from "./schemas.ts";
import type { Supervisor } from "./supervisor.ts";

type ActorInfo = z.output<typeof actorsResponse>[number];

/**
 * `/debug/actors` for the whole cluster: this node's actors and every live peer's (asked with the
 * caller's credential, `scope=node`), each marked with its node. A peer that does not answer within
 * `PEER_ASK_MS` is left out and named in the answer's `X-Cluster-Missing` header.
 */
export class ClusterActors {
  constructor(
    private readonly supervisor: Supervisor,
    private readonly peers: Peers,
  ) {}

  async list(prefix: string | undefined, scope: "cluster" | "node", authorization: string | undefined): Promise<Gathered<ActorInfo>> {
    const mine = this.supervisor.list(prefix).map((actor) => ({ ...actor, node: this.peers.id }));
    if (scope === "node") return { items: mine, missing: [] };
    const query = new URLSearchParams({ scope: "node", ...(prefix === undefined ? {} : { prefix }) });
    const theirs = await askPeers(await this.peers.others(), `/api/v1/debug/actors?${query}`, authorization, actorsResponse);
    return { items: [...mine, ...theirs.items], missing: theirs.missing };
  }
}
