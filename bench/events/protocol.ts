/**
 * The messages between the events bench and its two children, the service (target) and the
 * webhook receiver. Every command gets exactly one reply, so the parent awaits them in turn. They
 * travel over the fork IPC channel as JSON between two halves of this bench, hence no runtime
 * validation: a mismatch is a bench bug that the next message exposes.
 */

/** outbox: the service as shipped. bypassed: `buildApp(config, { callbackOutbox: false })`. */
export type Mode = "outbox" | "bypassed";

/** Where the service keeps its state, the outbox included: SQLite files, or PostgreSQL (with Redis, as nodes sharing it run). */
export type Backend = "sqlite" | "postgres";

/** One service under test. */
export interface TargetKind {
  readonly mode: Mode;
  readonly backend: Backend;
}

/** A target's name in the bench's table and messages. */
export const kindLabel = (k: TargetKind): string => `${k.backend}/${k.mode}`;

/** What one scenario emits. Rooms are named `<tag>-r<i>`, so the receiver can tell scenarios (and rounds) apart. */
export interface EmitPlan {
  readonly tag: string;
  readonly events: number;
  readonly rooms: number;
  /** Events per second; 0 emits as fast as the loop allows, `chunk` per turn. */
  readonly rate: number;
  readonly chunk: number;
}

export type TargetCommand =
  | { readonly cmd: "start"; readonly mode: Mode; readonly receiverUrl: string; readonly secret: string; readonly postgres?: { readonly databaseUrl: string; readonly redisUrl: string } }
  | { readonly cmd: "emit"; readonly plan: EmitPlan }
  /** The event loop's delays since the last emit began (how long the service's loop was held up), and the SQLite statements it ran meanwhile. */
  | { readonly cmd: "loop" }
  | { readonly cmd: "profile-start" }
  | { readonly cmd: "profile-stop"; readonly file: string };

export type TargetEvent =
  | { readonly ev: "started"; readonly app: string; readonly port: number }
  /** Times in epoch ms (`epochMs()`); complaints: the service's warn+ log lines since the last emit, by message. */
  | { readonly ev: "emitted"; readonly events: number; readonly firstAt: number; readonly lastAt: number; readonly complaints: Readonly<Record<string, number>> }
  | { readonly ev: "loop"; readonly p99Ms: number; readonly maxMs: number; readonly sqliteStatements: number }
  | { readonly ev: "profiling" }
  | { readonly ev: "profiled"; readonly file: string };

/** What the receiver saw since its last reset. Latencies are emit → body fully received. */
export interface ReceiverReport {
  /** Deliveries of the current scenario's rooms. */
  readonly delivered: number;
  readonly duplicates: number;
  /** Deliveries that arrived before an earlier event of the same room. */
  readonly outOfOrder: number;
  /** Deliveries for rooms of another scenario (late or repeated ones). */
  readonly strays: number;
  readonly unsigned: number;
  readonly verified: number;
  readonly badSignatures: number;
  readonly malformed: number;
  /** TCP connections the service opened to the receiver since the reset (keep-alive makes this small). */
  readonly connections: number;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export type ReceiverCommand =
  | { readonly cmd: "start"; readonly secret: string; readonly verifyEvery: number }
  | { readonly cmd: "reset"; readonly tag: string }
  /** Replies once `count` deliveries arrived, or after `timeoutMs` with what did. */
  | { readonly cmd: "await"; readonly count: number; readonly timeoutMs: number }
  | { readonly cmd: "report" };

export type ReceiverEvent =
  | { readonly ev: "listening"; readonly port: number }
  | { readonly ev: "reset" }
  | { readonly ev: "report"; readonly report: ReceiverReport; readonly timedOut: boolean };

/**
 * Wall-clock milliseconds with sub-millisecond precision. `performance.timeOrigin` is taken from
 * the system clock at process start, so two processes on one machine agree closely enough for
 * millisecond latencies.
 */
export const epochMs = (): number => performance.timeOrigin + performance.now();

/**
 * Sends a reply over the IPC channel; a child started without one is a bench bug. After the
 * bench has gone (the channel closed) there is no one to answer, and the child is shutting down.
 */
export function reply<E>(message: E): void {
  if (!process.send) throw new Error("this script runs as a child of bench/events.ts, with an IPC channel");
  if (process.connected) process.send(message);
}

/**
 * Children stop when the bench's IPC channel closes, and clean up as they do. Ctrl-C reaches the
 * whole process group; ignoring it here leaves the shutdown to that path instead of dying mid-way
 * with a temporary data dir left behind.
 */
export function stopOnlyWithTheBench(): void {
  process.on("SIGINT", () => {});
}
