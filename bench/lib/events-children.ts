/**
 * The events bench's child processes, seen from the bench: forked with tsx, sent one command at a
 * time over IPC, each answered by one message, and never left behind (killed when the bench
 * exits, whatever the reason).
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { EmitPlan, Mode, ReceiverCommand, ReceiverEvent, ReceiverReport, TargetCommand, TargetEvent } from "./events-protocol.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DEFAULT_TIMEOUT_MS = 60_000;

const alive = new Set<ChildProcess>();
process.on("exit", () => {
  for (const proc of alive) proc.kill("SIGKILL");
});

class Child<Command, Event extends { ev: string }> {
  private readonly proc: ChildProcess;
  private pending: { resolve: (m: Event) => void; reject: (e: Error) => void } | undefined;
  private exited: string | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly name: string, script: string) {
    this.proc = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      cwd: REPO_ROOT,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    alive.add(this.proc);
    this.done = new Promise((resolve) => {
      this.proc.once("exit", (code, signal) => {
        alive.delete(this.proc);
        this.exited = `exited (code ${String(code)}, signal ${String(signal)})`;
        this.pending?.reject(new Error(`${name} ${this.exited}`));
        this.pending = undefined;
        resolve();
      });
    });
    this.proc.on("message", (m) => {
      const pending = this.pending;
      this.pending = undefined;
      if (pending) pending.resolve(m as Event);
      else process.stderr.write(`${name} sent an unexpected message: ${JSON.stringify(m)}\n`);
    });
  }

  get pid(): number {
    if (this.proc.pid === undefined) throw new Error(`${this.name} has no pid: it did not start`);
    return this.proc.pid;
  }

  /** Sends a command and answers the reply it expects; anything else is a bench bug. */
  async request<K extends Event["ev"]>(cmd: Command, ev: K, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Extract<Event, { ev: K }>> {
    if (this.exited !== undefined) throw new Error(`${this.name} ${this.exited}`);
    if (this.pending) throw new Error(`${this.name} got a command before answering the previous one`);
    const reply = await new Promise<Event>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        reject(new Error(`${this.name} did not answer ${JSON.stringify(cmd)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending = {
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
      this.proc.send(cmd as object);
    });
    if (reply.ev !== ev) throw new Error(`expected "${ev}" from ${this.name}, got ${JSON.stringify(reply)}`);
    return reply as Extract<Event, { ev: K }>;
  }

  /** Closes the IPC channel (the child stops and exits on it), then kills it if it lingers. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.exited !== undefined) return;
    if (this.proc.connected) this.proc.disconnect();
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), graceMs);
    await this.done;
    clearTimeout(timer);
  }
}

/** The service with one app whose signed callbacks go to the receiver. */
export class Target {
  private constructor(private readonly child: Child<TargetCommand, TargetEvent>) {}

  static async start(mode: Mode, receiverUrl: string, secret: string): Promise<Target> {
    const child = new Child<TargetCommand, TargetEvent>(`${mode} target`, "./events-target.ts");
    try {
      await child.request({ cmd: "start", mode, receiverUrl, secret }, "started");
      return new Target(child);
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

  /** How long the service's event loop was held up since the last emit began, in ms. */
  async loop(): Promise<{ p99Ms: number; maxMs: number }> {
    const { p99Ms, maxMs } = await this.child.request({ cmd: "loop" }, "loop");
    return { p99Ms, maxMs };
  }

  async profileStart(): Promise<void> {
    await this.child.request({ cmd: "profile-start" }, "profiling");
  }

  async profileStop(file: string): Promise<void> {
    await this.child.request({ cmd: "profile-stop", file }, "profiled");
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}

export class Receiver {
  private constructor(
    private readonly child: Child<ReceiverCommand, ReceiverEvent>,
    readonly port: number,
  ) {}

  static async start(secret: string, verifyEvery: number): Promise<Receiver> {
    const child = new Child<ReceiverCommand, ReceiverEvent>("receiver", "./events-receiver.ts");
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
    return this.child.stop();
  }
}
