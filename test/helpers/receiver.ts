import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request a receiver got, with the exact bytes of its body. */
export interface Received {
  readonly at: number;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly raw: Buffer;
  readonly json: { id: string; event: string; app: string; room: string; ts: string; timestamp: string; data: Record<string, unknown> };
}

/** How the receiver answers a request: a status, or `stall` (headers, then nothing), or `hang` (nothing at all). */
export type Answer = number | "stall" | "hang" | { status: number; headers?: Record<string, string> };

/**
 * A real HTTP webhook receiver on loopback. `answer` decides each response (by default 200);
 * every request is recorded, whatever it was answered.
 */
export class Receiver {
  readonly received: Received[] = [];
  answer: (req: Received, index: number) => Answer = () => 200;
  private readonly server: http.Server;
  private readonly open = new Set<http.ServerResponse>();
  private waiters: Array<() => void> = [];

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const raw = Buffer.concat(chunks);
        const entry: Received = { at: Date.now(), path: req.url ?? "", headers: req.headers, raw, json: JSON.parse(raw.toString("utf8") || "null") };
        this.received.push(entry);
        for (const wake of this.waiters.splice(0)) wake();
        const answer = this.answer(entry, this.received.length - 1);
        if (answer === "hang") {
          this.open.add(res);
          return;
        }
        if (answer === "stall") {
          res.writeHead(200, { "content-type": "text/plain", "content-length": "100" });
          res.write("partial");
          this.open.add(res);
          return;
        }
        const { status, headers } = typeof answer === "number" ? { status: answer, headers: {} } : answer;
        res.writeHead(status, headers);
        res.end(status >= 400 ? "receiver says no" : "ok");
      });
    });
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Waits until `done()` holds, failing after `ms`. */
  async until(done: () => boolean, ms = 5000, what = "deliveries"): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`receiver: timed out waiting for ${what} (got ${this.received.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
