/**
 * A viewer fleet: one child process holding many MJPEG viewers (or the ceiling's raw readers) on
 * plain `net` sockets, driven by the bench over IPC (see `FleetCommand`). It has to be cheap, or
 * it measures itself: every socket reads into one shared buffer (`onread`, no Buffer per chunk)
 * and parses in place; only a part's stamp is ever copied.
 */
import net from "node:net";
import { LatencyRecorder } from "../shared/latency.ts";
import { wallMs } from "./jpeg.ts";
import type { MultipartParser } from "../../test/helpers/multipart.ts";
import { stampParser, type StampSink } from "./parser.ts";
import type { ChurnReport, FleetCommand, FleetEvent, KindReport, Target, ViewerKind } from "./protocol.ts";

/** Large reads: loopback queues far more than one 64 KiB segment while a viewer waits its turn. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);
const OPEN_BATCH = 100;
const READY_TIMEOUT_MS = 15_000;
const MAX_SAMPLES = 5;

/** Counters and samples shared by the viewers of one kind. */
class Group {
  readonly viewers: Viewer[] = [];
  latency = new LatencyRecorder();
  readonly closedByServerMs: number[] = [];
  errors = 0;
  readonly errorSamples: string[] = [];

  constructor(readonly kind: ViewerKind) {}

  error(why: string): void {
    this.errors++;
    if (this.errorSamples.length < MAX_SAMPLES && !this.errorSamples.includes(why)) this.errorSamples.push(why);
  }
}

class Viewer implements StampSink {
  readonly socket: net.Socket;
  private readonly parser: MultipartParser | undefined;
  private readonly openedAt = performance.now();
  parts = 0;
  frames = 0;
  bytes = 0;
  gaps = 0;
  repeats = 0;
  private lastSeq = -1;
  /** ms from connecting to the first whole part. */
  firstPartMs: number | undefined;
  /** Open when the window started, so its fps covers the whole window. */
  inWindow = false;
  closed = false;
  /** We are closing it: what follows is not the server's doing. */
  private leaving = false;
  private settle: ((ok: boolean) => void) | undefined;
  readonly ready: Promise<boolean>;

  constructor(
    readonly group: Group,
    target: Target,
    bytesPerSecond: number,
  ) {
    this.ready = new Promise((resolve) => (this.settle = resolve));
    const kind = group.kind;
    this.parser = kind === "normal" || kind === "throttled" ? stampParser(this) : undefined;
    const onread = { buffer: READ_BUFFER, callback: (n: number) => this.read(n, bytesPerSecond) };
    this.socket = net.connect({ host: target.host, port: target.port, noDelay: true, ...(kind === "stalled" ? {} : { onread }) });
    // Paused before connecting, a socket never starts reading: all it is sent stays in the kernel.
    if (kind === "stalled") this.socket.pause();
    if (target.path !== undefined) {
      this.socket.write(`GET ${target.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nUser-Agent: mjpeg-bench\r\n\r\n`);
    }
    this.socket.once("connect", () => {
      if (!this.parser) this.resolve(true);
    });
    this.socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!this.leaving && err.code !== "ECONNRESET" && err.code !== "EPIPE") group.error(`socket: ${err.message}`);
    });
    this.socket.on("close", () => {
      this.closed = true;
      this.resolve(false);
      if (!this.leaving) group.closedByServerMs.push(performance.now() - this.openedAt);
    });
  }

  private resolve(ok: boolean): void {
    this.settle?.(ok);
    this.settle = undefined;
  }

  /** The `onread` callback: the bytes are in READ_BUFFER until it returns. */
  private read(n: number, bytesPerSecond: number): boolean {
    this.bytes += n;
    if (this.parser && !this.parser.push(READ_BUFFER, n)) {
      this.group.error(`stream: ${this.parser.error ?? "unknown"}`);
      this.leave();
    } else if (bytesPerSecond > 0) {
      this.socket.pause();
      setTimeout(() => this.socket.resume(), (n / bytesPerSecond) * 1000);
    }
    return true;
  }

  part(seq: number, sentAt: number): void {
    this.parts++;
    if (seq > this.lastSeq) {
      if (this.lastSeq >= 0) this.gaps += seq - this.lastSeq - 1;
      this.lastSeq = seq;
      this.frames++;
      this.group.latency.record(wallMs() - sentAt);
    } else if (seq === this.lastSeq) {
      this.repeats++;
    } else {
      this.group.error(`frame ${seq} after frame ${this.lastSeq}`);
    }
    this.firstPartMs ??= performance.now() - this.openedAt;
    this.resolve(true);
  }

  resetWindow(): void {
    this.parts = this.frames = this.bytes = this.gaps = this.repeats = 0;
    this.inWindow = !this.closed;
  }

  leave(): void {
    this.leaving = true;
    this.socket.destroy();
  }
}

const groups = new Map<ViewerKind, Group>();
let windowStart = performance.now();

async function open(cmd: Extract<FleetCommand, { cmd: "open" }>): Promise<FleetEvent> {
  let group = groups.get(cmd.kind);
  if (!group) groups.set(cmd.kind, (group = new Group(cmd.kind)));
  let ready = 0;
  const ports: number[] = [];
  // In batches, so the server's accept queue never overflows into SYN retries.
  for (let done = 0; done < cmd.count; done += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, cmd.count - done) }, () => new Viewer(group, cmd.target, cmd.bytesPerSecond ?? 0));
    group.viewers.push(...batch);
    const outcomes = await Promise.all(batch.map((v) => withTimeout(v.ready, READY_TIMEOUT_MS)));
    ready += outcomes.filter(Boolean).length;
    for (const v of batch) if (v.socket.localPort !== undefined) ports.push(v.socket.localPort);
  }
  return { ev: "opened", ready, failed: cmd.count - ready, ports, errorSamples: group.errorSamples };
}

function withTimeout(p: Promise<boolean>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void p.then((ok) => {
      clearTimeout(timer);
      resolve(ok);
    });
  });
}

function mark(): FleetEvent {
  windowStart = performance.now();
  for (const group of groups.values()) {
    group.latency = new LatencyRecorder();
    for (const v of group.viewers) v.resetWindow();
  }
  return { ev: "marked" };
}

function report(): FleetEvent {
  const windowMs = performance.now() - windowStart;
  const kinds = [...groups.values()].map((g): KindReport => {
    const sum = (pick: (v: Viewer) => number) => g.viewers.reduce((s, v) => s + pick(v), 0);
    const whole = g.viewers.filter((v) => v.inWindow && !v.closed);
    return {
      kind: g.kind,
      viewers: g.viewers.length,
      parts: sum((v) => v.parts),
      frames: sum((v) => v.frames),
      bytes: sum((v) => v.bytes),
      gaps: sum((v) => v.gaps),
      repeats: sum((v) => v.repeats),
      fps: whole.map((v) => v.frames / (windowMs / 1000)),
      viewerGaps: whole.map((v) => v.gaps),
      latency: g.latency.toSparse(),
      closedByServerMs: g.closedByServerMs,
      errors: g.errors,
      errorSamples: g.errorSamples,
    };
  });
  return { ev: "report", windowMs, kinds };
}

/** Opens `perSecond` short-lived viewers a second, each leaving after `lifetimeMs`, for `seconds`. */
async function churn(cmd: Extract<FleetCommand, { cmd: "churn" }>): Promise<FleetEvent> {
  const group = new Group("normal");
  const firstPart = new LatencyRecorder();
  let connects = 0;
  let completed = 0;
  let parts = 0;
  let bytes = 0;
  const lives: Array<Promise<void>> = [];
  const started = performance.now();
  const total = Math.round(cmd.perSecond * cmd.seconds);
  for (let i = 0; i < total; i++) {
    // Paced against the start, not the previous tick, so timer lateness does not lower the rate.
    const due = started + (i * 1000) / cmd.perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const viewer = new Viewer(group, cmd.target, 0);
    connects++;
    lives.push(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          parts += viewer.parts;
          bytes += viewer.bytes;
          if (viewer.firstPartMs !== undefined) firstPart.record(viewer.firstPartMs);
          if (viewer.parts > 0) completed++;
          else if (!viewer.closed) group.error("no whole frame within its lifetime");
          viewer.leave();
          resolve();
        }, cmd.lifetimeMs),
      ),
    );
  }
  await Promise.all(lives);
  const closedEarly = group.closedByServerMs.length;
  const churned: ChurnReport = {
    connects,
    parts,
    bytes,
    completed,
    firstPart: firstPart.toSparse(),
    errors: group.errors + closedEarly,
    errorSamples: closedEarly > 0 ? [...group.errorSamples, `${closedEarly} closed by the server before leaving`] : group.errorSamples,
  };
  return { ev: "churned", churn: churned };
}

async function handle(cmd: FleetCommand): Promise<FleetEvent> {
  switch (cmd.cmd) {
    case "open":
      return open(cmd);
    case "mark":
      return mark();
    case "report":
      return report();
    case "churn":
      return churn(cmd);
  }
}

process.on("message", (msg) => {
  handle(msg as FleetCommand).then(
    (event) => process.send?.(event),
    (err: unknown) => {
      process.stderr.write(`viewer fleet: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
});
// The bench is gone (or done): nothing to report to any more.
process.on("disconnect", () => process.exit(0));
