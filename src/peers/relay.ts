import type { Readable } from "node:stream";
import { request, type Dispatcher } from "undici";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { Peers } from "./service.ts";

/** Marks a request one node relayed to another: the peer answers it itself, never relaying it on. */
export const RELAYED_BY = "x-service-relayed-by";
/** How long a relayed request may take: the calls relayed start or read something live, quickly. */
const RELAY_MS = 10_000;
/** The answer headers passed back besides the body's type (and a file's range and name). */
const KEPT_HEADERS = [
  "retry-after",
  "location",
  "cache-control",
  "etag",
  "last-modified",
  "pragma",
  "access-control-allow-origin",
  "x-content-type-options",
  "accept-ranges",
  "content-range",
  "content-disposition",
];
/** The request headers passed on: the caller's credential, what a conditional read asks, and the part of a file wanted. */
const PASSED_HEADERS = ["authorization", "if-none-match", "range"];
/** Methods whose relayed request carries no body. */
const BODYLESS = new Set(["GET", "HEAD", "DELETE"]);

function keptHeaders(res: Dispatcher.ResponseData, node: string): Record<string, string> {
  const kept = Object.fromEntries(KEPT_HEADERS.flatMap((h) => (typeof res.headers[h] === "string" ? [[h, res.headers[h] as string]] : [])));
  kept["x-served-by"] = node;
  return kept;
}

/** The request to relay, as a route's context has it. */
export interface RelayRequest {
  readonly requestId: string;
  readonly method: string;
  /** The raw path, as sent. */
  readonly path: string;
  readonly query: unknown;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** The peer's answer, as it was (the HTTP edge turns it into a reply). */
export interface Relayed {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | undefined;
  readonly contentType: string | undefined;
}

/** The peer's streaming answer (a live MJPEG stream, a VOD's file): its body as it comes, until either side ends it. */
export interface RelayedStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Readable;
  /** The body's length when the peer said it (a file, an error); undefined for a live stream. */
  readonly length: number | undefined;
  /** Ends the peer's answer (the viewer left). */
  cancel(): void;
}

/**
 * Requests about something live on one node (a camera connected to it) answered by that node: a
 * route asks `answerOn(node, ctx)` first and answers itself when it gets undefined (the thing is
 * here, nowhere, or on a node that is gone). The caller's own credential goes along, so the peer
 * applies the same access rules, and the peer's answer comes back as it was.
 */
export class Relays {
  constructor(private readonly peers: Peers) {}

  async answerOn(node: string | undefined, ctx: RelayRequest): Promise<Relayed | Problem | undefined> {
    const sent = await this.send(node, ctx, AbortSignal.timeout(RELAY_MS), RELAY_MS);
    if (sent === undefined || isProblem(sent)) return sent;
    const { res, peer } = sent;
    const body = res.statusCode === 204 ? undefined : new Uint8Array(await res.body.arrayBuffer());
    const contentType = typeof res.headers["content-type"] === "string" ? res.headers["content-type"] : undefined;
    return { status: res.statusCode, headers: keptHeaders(res, peer.id), body, contentType };
  }

  /** `answerOn` for an answer that streams for as long as the viewer watches. */
  async streamOn(node: string | undefined, ctx: RelayRequest): Promise<RelayedStream | Problem | undefined> {
    const gone = new AbortController();
    const sent = await this.send(node, ctx, gone.signal, 0);
    if (sent === undefined || isProblem(sent)) return sent;
    const { res, peer } = sent;
    const headers = keptHeaders(res, peer.id);
    if (typeof res.headers["content-type"] === "string") headers["content-type"] = res.headers["content-type"];
    const declared = res.headers["content-length"];
    const length = typeof declared === "string" && /^\d+$/.test(declared) ? Number(declared) : undefined;
    return { status: res.statusCode, headers, body: res.body, length, cancel: () => gone.abort() };
  }

  /** The request sent to `node` when it is a live peer and the request was not relayed here already. */
  private async send(node: string | undefined, ctx: RelayRequest, signal: AbortSignal, bodyTimeout: number) {
    if (node === undefined || node === this.peers.id || ctx.headers[RELAYED_BY] !== undefined) return undefined;
    const peer = await this.peers.other(node);
    if (!peer) return undefined;
    const query = new URLSearchParams(Object.entries((ctx.query ?? {}) as Record<string, unknown>).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])));
    const headers: Record<string, string> = { [RELAYED_BY]: this.peers.id, "x-request-id": ctx.requestId };
    for (const name of PASSED_HEADERS) if (ctx.headers[name] !== undefined) headers[name] = ctx.headers[name];
    const body = BODYLESS.has(ctx.method) ? undefined : JSON.stringify(ctx.body ?? {});
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await request(`${peer.url}${ctx.path}${query.size > 0 ? `?${query}` : ""}`, { method: ctx.method as Dispatcher.HttpMethod, headers, body, signal, headersTimeout: RELAY_MS, bodyTimeout });
      return { res, peer };
    } catch (err) {
      return problem("service_unavailable", `node ${peer.id}, which serves this, did not answer (${(err as Error).message}); retry in a moment`, { headers: { "retry-after": "2" } });
    }
  }
}
