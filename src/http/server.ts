import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import { Exchange } from "./exchange.ts";
import type { Pipeline } from "./pipeline.ts";
import { listenExclusive, type TemplatedApp, type us_listen_socket, type UwsModule, type WebSocketBehavior } from "./uws.ts";

/** A WebSocket endpoint served beside the HTTP routes. */
export interface SocketRoute {
  readonly path: string;
  /** Each endpoint has its own user data; `never` lets any of them be mounted. */
  readonly behavior: WebSocketBehavior<never>;
}

export interface HttpServerOptions {
  readonly uws: UwsModule;
  readonly pipeline: Pipeline;
  readonly logger: Logger;
  readonly sockets?: readonly SocketRoute[];
}

/**
 * The uWS listener. Every HTTP request goes through the pipeline; the port is bound exclusively,
 * because uWS otherwise lets a second process (a leftover instance, say) silently share it.
 */
export class HttpServer {
  readonly app: TemplatedApp;
  private listenSocket: us_listen_socket | undefined;
  private boundPort = 0;
  private readonly log: Logger;

  constructor(private readonly options: HttpServerOptions) {
    this.log = options.logger.child({ component: "http" });
    this.app = options.uws.App();
    // uWS prefers the exact WebSocket paths over the catch-all below.
    for (const socket of options.sockets ?? []) this.app.ws(socket.path, socket.behavior);
    this.app.any("/*", (res, req) => {
      void options.pipeline.handle(new Exchange(res, req));
    });
  }

  get port(): number {
    return this.boundPort;
  }

  async listen(host: string, port: number): Promise<number> {
    const { socket, port: bound } = await listenExclusive(this.options.uws, this.app, host, port);
    this.listenSocket = socket;
    this.boundPort = bound;
    this.log.info({ host, port: bound }, "listening");
    return bound;
  }

  /**
   * Stops accepting connections, then waits up to `graceMs` for requests in flight to be answered.
   * Responses sent meanwhile close their connections; connections still waiting after that are
   * dropped. Answers how many were dropped.
   */
  async stop(graceMs: number): Promise<number> {
    this.options.pipeline.drain();
    if (this.listenSocket) {
      this.options.uws.us_listen_socket_close(this.listenSocket);
      this.listenSocket = undefined;
    }
    const deadline = Date.now() + graceMs;
    while (this.options.pipeline.pending > 0 && Date.now() < deadline) await sleep(20);
    const left = this.options.pipeline.pending;
    this.options.pipeline.close();
    if (left > 0) {
      this.log.warn({ pending: left, graceMs }, "grace period over: dropping requests still in flight");
      this.options.pipeline.abortPending();
    }
    return left;
  }
}
