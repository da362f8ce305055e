import { STATUS_CODES } from "node:http";
import type { HttpRequest, HttpResponse } from "./uws.ts";

export type BodyResult =
  | { readonly kind: "ok"; readonly body: Buffer }
  | { readonly kind: "too_large" }
  | { readonly kind: "aborted" };

/** `req.forEach` target; one shared callback instead of a closure per request (it runs synchronously). */
let collecting: Record<string, string> = {};
function collectHeader(name: string, value: string): void {
  const seen = collecting[name];
  collecting[name] = seen === undefined ? value : `${seen}, ${value}`;
}

const ABORTED: BodyResult = { kind: "aborted" };
const TOO_LARGE: BodyResult = { kind: "too_large" };

export interface Outgoing {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** Answer a HEAD request: headers and length only. */
  readonly headOnly?: boolean;
  /** Close the connection after this response (draining, or a body we chose not to read). */
  readonly close?: boolean;
}

const STATUS_LINES = new Map<number, string>();
export function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (!line) {
    line = `${status} ${STATUS_CODES[status] ?? "Unknown"}`;
    STATUS_LINES.set(status, line);
  }
  return line;
}

/**
 * One request/response pair on uWS. It copies everything it needs out of `HttpRequest` at once
 * (uWS invalidates it when the callback returns), registers `onAborted` before anything else, and
 * turns every later write into a no-op once the client is gone or the response is sent, so no
 * code path can touch a dead response.
 */
export class Exchange {
  readonly method: string;
  readonly path: string;
  readonly rawQuery: string;
  readonly headers: Record<string, string> = {};
  private controller: AbortController | undefined;
  private gone = false;
  private finished = false;
  private onAbortedBody: (() => void) | undefined;
  private onGoneStream: (() => void) | undefined;

  constructor(private readonly res: HttpResponse, req: HttpRequest) {
    res.onAborted(() => {
      this.gone = true;
      this.finished = true;
      this.controller?.abort();
      this.onAbortedBody?.();
      this.onGoneStream?.();
    });
    this.method = req.getMethod().toUpperCase();
    this.path = req.getUrl();
    this.rawQuery = req.getQuery() ?? "";
    collecting = this.headers;
    req.forEach(collectHeader);
  }

  /**
   * Aborted when the client disconnects before the response is complete. Made on first use:
   * most handlers never ask, and an AbortSignal per request is a measurable cost.
   */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort();
    }
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.gone;
  }

  /** The socket peer's address; read while the response is still ours to touch. */
  get peer(): string {
    return this.finished ? "" : Buffer.from(this.res.getRemoteAddressAsText()).toString();
  }

  /** Reads the whole body, stopping as soon as it exceeds `limit` bytes. */
  readBody(limit: number): Promise<BodyResult> {
    if (this.gone) return Promise.resolve(ABORTED);
    return new Promise((resolve) => {
      let chunks: Buffer[] | undefined;
      let size = 0;
      this.onAbortedBody = () => resolve(ABORTED);
      this.res.onData((chunk, isLast) => {
        if (this.onAbortedBody === undefined) return;
        size += chunk.byteLength;
        if (size > limit) {
          this.onAbortedBody = undefined;
          return resolve(TOO_LARGE);
        }
        // uWS reuses the chunk's memory after this callback returns: copy it now.
        const copy = Buffer.from(chunk.slice(0));
        if (!isLast) {
          (chunks ??= []).push(copy);
          return;
        }
        this.onAbortedBody = undefined;
        resolve({ kind: "ok", body: chunks ? Buffer.concat([...chunks, copy], size) : copy });
      });
    });
  }

  /** Drops the connection without a response; the handler's signal fires. */
  close(): void {
    if (!this.finished) this.res.close();
  }

  /**
   * Gives the raw response to a writer that streams it (see `StreamReply`); nothing else is written
   * through this exchange afterwards. Answers false when the client was already gone.
   */
  handOver(start: (res: HttpResponse, onGone: (listener: () => void) => void) => void): boolean {
    if (this.finished) return false;
    this.finished = true;
    start(this.res, (listener) => {
      this.onGoneStream = listener;
    });
    return true;
  }

  /** Writes the response in one corked batch; answers false when the client was already gone. */
  send(out: Outgoing): boolean {
    if (this.finished) return false;
    this.finished = true;
    const res = this.res;
    res.cork(() => {
      res.writeStatus(statusLine(out.status));
      for (const name in out.headers) res.writeHeader(name, out.headers[name] as string);
      if (out.status === 204 || out.status === 304) {
        // No Content-Length on these: this uWS build reads an explicit `undefined` length as
        // 2^63 and writes it. Closing needs a length argument, so a closing one says 0.
        if (out.close) res.endWithoutBody(0, true);
        else res.endWithoutBody();
      } else if (out.headOnly) {
        res.endWithoutBody(out.body === undefined ? 0 : Buffer.byteLength(out.body), out.close);
      } else {
        res.end(out.body ?? "", out.close);
      }
    });
    return true;
  }
}
