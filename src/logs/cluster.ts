import { z } from "zod";
import { problem, type Problem } from "../lib/problem.ts";
import { askPeers, peersToAsk } from "../peers/ask.ts";
import type { Peers } from "../peers/service.ts";
import { cursorOf, logLinesResponse, type LogLine, type LogsQuery } from "./schemas.ts";
import type { LogSink } from "./service.ts";

/** What a peer answers for its part: its lines of the page, and how many of its lines match. */
const peerPage = z.object({ data: logLinesResponse, total: z.number().int().min(0) });

/**
 * With peers, every node is asked for its first `offset + limit` lines (a node cannot know how
 * many of its lines the others' push past the offset), so `offset + limit` is held to what one
 * node answers at once; past it, a client pages with `before`, which costs every node one page.
 */
export const MERGE_WINDOW = 1000;

export interface LogPage {
  readonly data: LogLine[];
  /** The matching lines of every node that answered. */
  readonly total: number;
  /** The live peers that did not answer (their lines are not in `data`, nor in `total`). */
  readonly missing: readonly string[];
}

/** Newest first across nodes: `ts`, then `node`, then `id`, each descending (the order `before` continues). */
function newestFirst(a: LogLine, b: LogLine): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? 1 : -1;
  if (a.node !== b.node) return a.node < b.node ? 1 : -1;
  return b.id - a.id;
}

/** The filters as a peer takes them; `apps` (what the caller may see) stays out, as each node works it out for the same credential. */
function peerQuery(q: LogsQuery): Record<string, string | number | undefined> {
  const { app, level, source, since, until, limit, offset } = q;
  return { app, level, source, q: q.q, since, until, before: q.before === undefined ? undefined : cursorOf(q.before), limit, offset };
}

/**
 * The logs of the whole cluster (`scope=cluster`): each node keeps its own lines in its own store,
 * so the node asked queries its store and every live peer (`askPeers`, the caller's credential,
 * `scope=node`) at once, merges, and pages the merged list. Alone, or with `scope=node`, it answers
 * from its own store exactly as a single node always has.
 */
export class ClusterLogs {
  constructor(
    private readonly sink: LogSink,
    private readonly peers: Peers,
  ) {}

  /** `path` is the route's own path, which the peers are asked on. */
  async page(q: LogsQuery & { apps?: readonly string[] }, path: string, authorization: string | undefined): Promise<LogPage | Problem> {
    const others = await peersToAsk(this.peers, q.scope);
    if (others.length === 0) return { ...(await this.sink.query(q)), missing: [] };
    const window = q.offset + q.limit;
    if (window > MERGE_WINDOW) {
      const message = `offset + limit is at most ${MERGE_WINDOW} when the logs of several nodes are merged: page on with before=<the cursor of the page's last line>`;
      return problem("validation_failed", `query.offset: ${message}`, { details: [{ path: "query.offset", message, code: "custom" }] });
    }
    const first = { ...q, offset: 0, limit: window };
    const [mine, theirs] = await Promise.all([this.sink.query(first), askPeers(others, path, peerQuery(first), authorization, peerPage)]);
    const pages = [mine, ...theirs.answers.map((a) => a.body)];
    return {
      data: pages.flatMap((p) => p.data).sort(newestFirst).slice(q.offset, window),
      total: pages.reduce((sum, p) => sum + p.total, 0),
      missing: theirs.missing,
    };
  }
}
