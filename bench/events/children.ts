/** The events bench's target service and webhook receiver, seen from the bench (each a `Child`, see child.ts). */
import { Child } from "../shared/child.ts";
import { kindLabel, type EmitPlan, type ReceiverCommand, type ReceiverEvent, type ReceiverReport, type TargetCommand, type TargetEvent, type TargetKind } from "./protocol.ts";

/** The target and the receiver finish their deliveries and I/O on stop: they get longer than the default. */
const STOP_GRACE_MS = 15_000;

/** The service with one app whose signed callbacks go to the receiver. */
export class Target {
  private constructor(
    private readonly child: Child<TargetCommand, TargetEvent>,
    readonly kind: TargetKind,
    /** The PostgreSQL database it keeps its state in, on PostgreSQL. */
    readonly databaseUrl: string | undefined,
  ) {}

  static async start(kind: TargetKind, receiverUrl: string, secret: string, postgres?: { databaseUrl: string; redisUrl: string }): Promise<Target> {
    const child = new Child<TargetCommand, TargetEvent>(`${kindLabel(kind)} target`, new URL("./target.ts", import.meta.url));
    try {
      await child.request({ cmd: "start", mode: kind.mode, receiverUrl, secret, postgres }, "started");
      return new Target(child, kind, postgres?.databaseUrl);
    } catch (err) {
      await child.stop(2_000);
      throw err;
    }
  }

  get pid(): number {
    return this.child.pid;
  }

  /** Resolves once every event of the plan is emitted (deliveries may still be under way). */
  emit(plan: EmitPlan, timeoutMs: number): Promise<Extract<TargetEvent, { ev: "emitted" }>> {
    return this.child.request({ cmd: "emit", plan }, "emitted", timeoutMs);
  }

  /** How long the service's event loop was held up since the last emit began, in ms, and the SQLite statements it ran meanwhile. */
  async loop(): Promise<{ p99Ms: number; maxMs: number; sqliteStatements: number }> {
    const { p99Ms, maxMs, sqliteStatements } = await this.child.request({ cmd: "loop" }, "loop");
    return { p99Ms, maxMs, sqliteStatements };
  }

  async profileStart(): Promise<void> {
    await this.child.request({ cmd: "profile-start" }, "profiling");
  }

  async profileStop(file: string): Promise<void> {
    await this.child.request({ cmd: "profile-stop", file }, "profiled");
  }

  stop(): Promise<void> {
    return this.child.stop(STOP_GRACE_MS);
  }
}

export class Receiver {
  private constructor(
    private readonly child: Child<ReceiverCommand, ReceiverEvent>,
    readonly port: number,
  ) {}

  static async start(secret: string, verifyEvery: number): Promise<Receiver> {
    const child = new Child<ReceiverCommand, ReceiverEvent>("receiver", new URL("./receiver.ts", import.meta.url));
    try {
      const { port } = await child.request({ cmd: "start", secret, verifyEvery }, "listening");
      return new Receiver(child, port);
    } catch (err) {
      await child.stop(2_000);
      throw err;
    }
  }

  get pid(): number {
    return this.child.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Starts counting a new scenario: only rooms named `<tag>-r<i>` count as its deliveries. */
  async reset(tag: string): Promise<void> {
    await this.child.request({ cmd: "reset", tag }, "reset");
  }

  /** Waits until `count` deliveries arrived, or `timeoutMs` passed. */
  async until(count: number, timeoutMs: number): Promise<{ report: ReceiverReport; timedOut: boolean }> {
    return this.child.request({ cmd: "await", count, timeoutMs }, "report", timeoutMs + 5_000);
  }

  async report(): Promise<ReceiverReport> {
    return (await this.child.request({ cmd: "report" }, "report")).report;
  }

  stop(): Promise<void> {
    return this.child.stop(STOP_GRACE_MS);
  }
}
