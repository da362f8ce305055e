import { request } from "undici";
import type { z } from "zod";
import type { PeerRow } from "./store.ts";

/** How long a node waits for each peer when it answers for the whole cluster. */
export const PEER_ASK_MS = 2000;

export interface Gathered<T> {
  /** Each answering peer's items. */
  readonly items: readonly T[];
  /** The peers that did not answer in time, or answered with an error. */
  readonly missing: readonly string[];
}

/**
 * Asks every peer for the same route (`path`, node-scoped so it does not ask on), as the caller:
 * its own Authorization is passed on, so a peer applies the same access rules to the same
 * credential (the nodes share the database that holds it). Peers are asked at once, each within
 * `PEER_ASK_MS`; one that is slow, down or refuses is named in `missing`, never waited for longer.
 */
export async function askPeers<T>(peers: readonly PeerRow[], path: string, authorization: string | undefined, data: z.ZodType<readonly T[]>): Promise<Gathered<T>> {
  const answers = await Promise.all(
    peers.map(async (peer) => {
      try {
        const res = await request(`${peer.url}${path}`, {
          headers: authorization === undefined ? {} : { authorization },
          signal: AbortSignal.timeout(PEER_ASK_MS),
          headersTimeout: PEER_ASK_MS,
          bodyTimeout: PEER_ASK_MS,
        });
        const body = (await res.body.json()) as { data?: unknown };
        const parsed = data.safeParse(body.data);
        return res.statusCode === 200 && parsed.success ? parsed.data : peer.id;
      } catch {
        return peer.id;
      }
    }),
  );
  return {
    items: answers.flatMap((a) => (typeof a === "string" ? [] : a)),
    missing: answers.filter((a): a is string => typeof a === "string"),
  };
}
