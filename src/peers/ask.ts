import { request } from "undici";
import { z } from "zod";
import type { Peers } from "./service.ts";
import type { PeerRow } from "./store.ts";

/** How long a node waits for each peer when it answers for the whole cluster. */
export const PEER_ASK_MS = 2000;

/** The `scope` query parameter of every cluster-wide read: `cluster` (the default) asks every live peer too; `node` answers for this node alone. */
export const scope = z.enum(["cluster", "node"]).default("cluster");
export type Scope = z.output<typeof scope>;

/** The response header that names the peers a cluster-wide answer lacks, as route declarations document it. */
export const CLUSTER_MISSING = {
  "X-Cluster-Missing": "Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer).",
} as const;

export interface Gathered<T> {
  /** Each answering peer's whole answer body, by node id. */
  readonly answers: readonly { readonly node: string; readonly body: T }[];
  /** The peers that did not answer in time, or answered with an error. */
  readonly missing: readonly string[];
}

/** The peers a read of `scope` asks: none for `node`, every live other node for `cluster`. */
export async function peersToAsk(peers: Peers, scope: Scope): Promise<PeerRow[]> {
  return scope === "node" ? [] : await peers.others();
}

/**
 * Asks every peer for the same route (`path` with `query` and `scope=node`, so it does not ask
 * on), as the caller: its own Authorization is passed on, so a peer applies the same access rules
 * to the same credential (the nodes share the database that holds it). Peers are asked at once,
 * each within `PEER_ASK_MS`; one that is slow, down, refuses, or answers a body `answer` does not
 * parse is named in `missing`, never waited for longer.
 */
export async function askPeers<T>(
  peers: readonly PeerRow[],
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
  authorization: string | undefined,
  answer: z.ZodType<T>,
): Promise<Gathered<T>> {
  const params = new URLSearchParams({ scope: "node" });
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const answers = await Promise.all(
    peers.map(async (peer) => {
      try {
        const res = await request(`${peer.url}${path}?${params}`, {
          headers: authorization === undefined ? {} : { authorization },
          signal: AbortSignal.timeout(PEER_ASK_MS),
          headersTimeout: PEER_ASK_MS,
          bodyTimeout: PEER_ASK_MS,
        });
        const parsed = answer.safeParse(await res.body.json());
        return res.statusCode === 200 && parsed.success ? { node: peer.id, body: parsed.data } : peer.id;
      } catch {
        return peer.id;
      }
    }),
  );
  return {
    answers: answers.filter((a): a is { node: string; body: T } => typeof a !== "string"),
    missing: answers.filter((a): a is string => typeof a === "string"),
  };
}

/**
 * `askPeers` of the peers a read of `scope` asks, for a route that answers the envelope
 * `{ data }`: each answer is its `data`, parsed with `answer`.
 */
export async function gatherData<T>(
  peers: Peers,
  scope: Scope,
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
  authorization: string | undefined,
  answer: z.ZodType<T>,
): Promise<Gathered<T>> {
  const gathered = await askPeers(await peersToAsk(peers, scope), path, query, authorization, z.object({ data: answer }));
  return { answers: gathered.answers.map((a) => ({ node: a.node, body: a.body.data })), missing: gathered.missing };
}

/** The `X-Cluster-Missing` header of an answer that lacks `missing`, none for a whole one. */
export function missingHeader(missing: readonly string[]): Record<string, string> | undefined {
  return missing.length > 0 ? { "x-cluster-missing": missing.join(",") } : undefined;
}
