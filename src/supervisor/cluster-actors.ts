import { z } from "zod";
import { gatherData, type Scope } from "../peers/ask.ts";
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

  async list(prefix: string | undefined, scope: Scope, authorization: string | undefined): Promise<{ items: ActorInfo[]; missing: readonly string[] }> {
    const mine = this.supervisor.list(prefix).map((actor) => ({ ...actor, node: this.peers.id }));
    const theirs = await gatherData(this.peers, scope, "/api/v1/debug/actors", { prefix }, authorization, actorsResponse);
    return { items: [...mine, ...theirs.answers.flatMap((a) => a.body)], missing: theirs.missing };
  }
}
