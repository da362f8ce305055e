import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { guardedAgents, guardedNetConnect, OutboundRefused } from "../lib/outbound.ts";
import { sameSecret } from "../lib/same-secret.ts";
import type { SsrfAllowlist } from "../lib/ssrf.ts";

/** How long a proxied connection may carry nothing before it is closed (ffmpeg's own timeout is shorter). */
const IDLE_MS = 30_000;

/**
 * The outbound-connection policy for the HTTP(S) a pull's ffmpeg does (issue 33): an HLS source
 * names segment URLs and may redirect anywhere, and ffmpeg would fetch them all itself, so a
 * tenant's playlist could make the service fetch `http://169.254.169.254/` or a private host. Every
 * HTTP pull's ffmpeg is handed this loopback proxy (`-http_proxy`, which its HLS reader passes on to
 * every segment, key and redirect it opens): a plain request is sent on through the guarded agent,
 * an `https://` one arrives as CONNECT and is tunnelled through a guarded socket, so each host is
 * checked (and pinned) at the moment of each connection, as webhooks' are. Only our ffmpegs can use
 * it: it wants the secret in its URL (Proxy-Authorization). node:http, not uWebSockets.js: this is
 * no front door, and uWebSockets.js has neither CONNECT nor absolute-form requests.
 */
export class SourceProxy {
  private server: Promise<{ readonly server: http.Server; readonly url: string }> | undefined;
  private readonly secret = randomBytes(18).toString("base64url");
  /** The Proxy-Authorization our ffmpegs send, for the URL `url()` hands them. */
  private readonly authorization = `Basic ${Buffer.from(`pull:${this.secret}`).toString("base64")}`;
  private readonly agents: ReturnType<typeof guardedAgents>;
  private readonly tunnels = new Set<Duplex>();

  constructor(
    private readonly allow: SsrfAllowlist,
    private readonly log: Logger,
  ) {
    this.agents = guardedAgents(allow);
  }

  /** `http://pull:<secret>@127.0.0.1:<port>`; the proxy listens from the first HTTP pull on. */
  async url(): Promise<string> {
    const started = (this.server ??= this.listen());
    try {
      return (await started).url;
    } catch (err) {
      // A listen that failed (no free descriptor) is tried again by the next pull.
      if (this.server === started) this.server = undefined;
      throw err;
    }
  }

  async close(): Promise<void> {
    const started = this.server;
    this.server = undefined;
    if (!started) return;
    const { server } = await started.catch(() => ({ server: undefined }));
    if (!server) return;
    server.closeAllConnections();
    // CONNECT tunnels left the server's books when they were handed over.
    for (const socket of this.tunnels) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private async listen(): Promise<{ server: http.Server; url: string }> {
    const server = http.createServer((req, res) => this.forward(req, res));
    server.on("connect", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => this.tunnel(req, socket, head));
    server.on("clientError", (_err, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return { server, url: `http://pull:${this.secret}@127.0.0.1:${port}` };
  }

  private authorized(req: http.IncomingMessage): boolean {
    return sameSecret(req.headers["proxy-authorization"] ?? "", this.authorization);
  }

  /** `GET http://host/path`: sent on with the guarded agent, the answer (a redirect too) passed back as it is. */
  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!this.authorized(req)) return void res.writeHead(407, { "proxy-authenticate": `Basic realm="pull"` }).end();
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      return void res.writeHead(400).end("an absolute http:// URL\n");
    }
    if (target.protocol !== "http:") return void res.writeHead(400).end("an absolute http:// URL\n");
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const out = http.request(target, { method: req.method, headers, agent: this.agents.http, timeout: IDLE_MS }, (answer) => {
      try {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
      } catch (err) {
        // A status or header node will not write (a status under 100): nothing to pass on.
        out.destroy(err as Error);
        return;
      }
      answer.pipe(res);
    });
    // ffmpeg gave up on this request: so does the upstream one.
    res.on("close", () => out.destroy());
    out.on("timeout", () => out.destroy(new Error("the source stopped answering")));
    out.on("error", (err) => {
      this.log.info({ host: target.host, error: err.message }, "a pull's HTTP request was not sent on");
      // 403 for the policy's refusal, so ffmpeg's log (and the camera's error) says which it was.
      if (!res.headersSent) res.writeHead(err instanceof OutboundRefused ? 403 : 502).end(`${err.message}\n`);
      else res.destroy();
    });
    req.pipe(out);
  }

  /** `CONNECT host:443` (ffmpeg's https through a proxy): a guarded socket, then bytes both ways. */
  private tunnel(req: http.IncomingMessage, client: Duplex, head: Buffer): void {
    if (!this.authorized(req)) return void client.end("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"pull\"\r\n\r\n");
    // host:port, the host a name or a bracketed IPv6 address without a zone (`%`), which no
    // check could judge.
    const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(req.url ?? "");
    const port = Number(match?.[3] ?? 0);
    if (!match || port < 1 || port > 65535) return void client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    const host = match[1] ?? match[2] ?? "";
    this.tunnels.add(client);
    let upstream: Socket;
    try {
      // A TCP socket, or one that fails at once when the policy refuses the host.
      upstream = guardedNetConnect(this.allow, { host, port }) as Socket;
    } catch (err) {
      this.tunnels.delete(client);
      this.log.info({ host, error: (err as Error).message }, "a pull's HTTPS connection was not opened");
      return void client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    }
    const close = () => {
      this.tunnels.delete(client);
      client.destroy();
      upstream.destroy();
    };
    // From the start: ffmpeg may give up before the upstream answers, and a blackholed address
    // would otherwise hold its socket until the kernel's own connect timeout.
    client.on("error", close).on("close", close);
    upstream.setTimeout(IDLE_MS, close);
    const fail = (err: Error) => {
      this.log.info({ host, error: err.message }, "a pull's HTTPS connection was not opened");
      client.end(err instanceof OutboundRefused ? "HTTP/1.1 403 Forbidden\r\n\r\n" : "HTTP/1.1 502 Bad Gateway\r\n\r\n");
      upstream.destroy();
    };
    upstream.once("error", fail);
    upstream.once("connect", () => {
      upstream.off("error", fail);
      upstream.on("error", close).on("close", close);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
  }
}
