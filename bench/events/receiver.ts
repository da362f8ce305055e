/**
 * The webhook receiver, in its own process so its CPU is not the service's: a plain node:http
 * server that answers 200 at once, counts deliveries per scenario (by room tag), checks each is
 * new and in order within its room, verifies a sample of signatures both ways (SPEC 6.1 and
 * Standard Webhooks), and records emit → delivery latency. Exits when the IPC channel closes.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LatencyRecorder } from "../shared/latency.ts";
import { epochMs, reply, stopOnlyWithTheBench, type ReceiverCommand, type ReceiverEvent, type ReceiverReport } from "./protocol.ts";

interface Body {
  id: string;
  room: string;
  data: { message: string; from: string };
}

class Tally {
  readonly ids = new Set<string>();
  readonly lastSeq = new Map<string, number>();
  readonly latency = new LatencyRecorder();
  delivered = 0;
  duplicates = 0;
  outOfOrder = 0;
  strays = 0;
  unsigned = 0;
  verified = 0;
  badSignatures = 0;
  malformed = 0;
  connections = 0;
  firstAt = 0;
  lastAt = 0;
  /** Exact, unlike the recorder's percentiles, which stop at 1 s. */
  maxMs = 0;

  constructor(readonly prefix: string) {}

  report(): ReceiverReport {
    const { delivered, duplicates, outOfOrder, strays, unsigned, verified, badSignatures, malformed, connections, firstAt, lastAt, maxMs } = this;
    const l = this.latency;
    return { delivered, duplicates, outOfOrder, strays, unsigned, verified, badSignatures, malformed, connections, firstAt, lastAt, p50Ms: l.percentile(50), p99Ms: l.percentile(99), maxMs };
  }
}

let secret = "";
let verifyEvery = 10;
let tally = new Tally("none-");
let waiter: { count: number; timer: NodeJS.Timeout } | undefined;

function signedCorrectly(headers: http.IncomingHttpHeaders, raw: Buffer, id: string): boolean {
  const service = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  const ts = String(headers["webhook-timestamp"]);
  const standard = `v1,${createHmac("sha256", secret).update(`${id}.${ts}.`).update(raw).digest("base64")}`;
  return headers["x-service-signature"] === service && headers["webhook-signature"] === standard;
}

function receive(headers: http.IncomingHttpHeaders, raw: Buffer, at: number): void {
  let body: Body;
  try {
    body = JSON.parse(raw.toString("utf8")) as Body;
  } catch {
    tally.malformed++;
    return;
  }
  const t = tally;
  if (typeof body.room !== "string" || !body.room.startsWith(t.prefix)) {
    t.strays++;
    return;
  }
  const sentAt = Number(body.data.message);
  const seq = Number(body.data.from.slice("bench#".length));
  if (!Number.isFinite(sentAt) || !Number.isInteger(seq)) {
    t.malformed++;
    return;
  }
  if (t.ids.has(body.id)) {
    t.duplicates++;
    return;
  }
  t.ids.add(body.id);
  t.delivered++;
  if (t.firstAt === 0) t.firstAt = at;
  t.lastAt = at;
  t.latency.record(at - sentAt);
  if (at - sentAt > t.maxMs) t.maxMs = at - sentAt;
  if (seq <= (t.lastSeq.get(body.room) ?? -1)) t.outOfOrder++;
  else t.lastSeq.set(body.room, seq);
  if (headers["x-service-signature"] === undefined || headers["webhook-signature"] === undefined) t.unsigned++;
  else if (t.delivered % verifyEvery === 0) {
    if (signedCorrectly(headers, raw, body.id)) t.verified++;
    else t.badSignatures++;
  }
  if (waiter && t.delivered >= waiter.count) answerWaiter(false);
}

function answerWaiter(timedOut: boolean): void {
  if (!waiter) return;
  clearTimeout(waiter.timer);
  waiter = undefined;
  reply<ReceiverEvent>({ ev: "report", report: tally.report(), timedOut });
}

const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = epochMs();
    const only = chunks.length === 1 ? chunks[0] : undefined;
    receive(req.headers, only ?? Buffer.concat(chunks), at);
    res.writeHead(200, { "content-length": "0" });
    res.end();
  });
});

server.on("connection", () => tally.connections++);

process.on("message", (m) => {
  const c = m as ReceiverCommand;
  switch (c.cmd) {
    case "start":
      secret = c.secret;
      verifyEvery = c.verifyEvery;
      server.listen(0, "127.0.0.1", () => reply<ReceiverEvent>({ ev: "listening", port: (server.address() as AddressInfo).port }));
      return;
    case "reset":
      tally = new Tally(`${c.tag}-r`);
      return reply<ReceiverEvent>({ ev: "reset" });
    case "await":
      if (tally.delivered >= c.count) return reply<ReceiverEvent>({ ev: "report", report: tally.report(), timedOut: false });
      waiter = { count: c.count, timer: setTimeout(() => answerWaiter(true), c.timeoutMs) };
      return;
    case "report":
      return reply<ReceiverEvent>({ ev: "report", report: tally.report(), timedOut: false });
  }
});
stopOnlyWithTheBench();
process.on("disconnect", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
