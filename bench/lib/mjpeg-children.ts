/**
 * The bench's child processes, seen from the bench: forked with tsx, talked to over IPC one
 * command at a time, and never left behind (killed when the bench exits, whatever the reason).
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { CameraCommand, CameraEvent, CameraReport } from "./mjpeg-protocol.ts";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DEFAULT_TIMEOUT_MS = 60_000;

/** Children still running, killed if the bench exits first (after a crash or a signal). */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});

/** A forked child that answers each command with one message. */
export class Child<Command, Event> {
  private readonly proc: ChildProcess;
  private readonly inbox: unknown[] = [];
  private waiter: { resolve: (m: unknown) => void; reject: (e: Error) => void } | undefined;
  private exited: string | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly name: string, script: string, args: readonly string[] = []) {
    this.proc = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
      cwd: REPO_ROOT,
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    running.add(this.proc);
    this.done = new Promise((resolve) => {
      this.proc.once("exit", (code, signal) => {
        running.delete(this.proc);
        this.exited = `exited (code ${String(code)}, signal ${String(signal)})`;
        this.waiter?.reject(new Error(`${name} ${this.exited}`));
        this.waiter = undefined;
        resolve();
      });
    });
    this.proc.on("message", (m) => {
      if (this.waiter) {
        this.waiter.resolve(m);
        this.waiter = undefined;
      } else this.inbox.push(m);
    });
  }

  get pid(): number {
    if (this.proc.pid === undefined) throw new Error(`${this.name} has no pid: it did not start`);
    return this.proc.pid;
  }

  /** The next message from the child, waiting up to `timeoutMs`. */
  next(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Event> {
    const queued = this.inbox.shift();
    if (queued !== undefined) return Promise.resolve(queued as Event);
    if (this.exited !== undefined) return Promise.reject(new Error(`${this.name} ${this.exited}`));
    return new Promise<Event>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`${this.name} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        resolve: (m) => (clearTimeout(timer), resolve(m as Event)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }

  request(cmd: Command, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Event> {
    this.proc.send(cmd as object);
    return this.next(timeoutMs);
  }

  /** Closes the IPC channel (the child exits on it), then kills it if it lingers. */
  async stop(): Promise<void> {
    if (this.exited !== undefined) return;
    if (this.proc.connected) this.proc.disconnect();
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), 5_000);
    await this.done;
    clearTimeout(timer);
  }
}

/** Narrows a reply to the event a command expects; anything else is a bench bug. */
export function expectEvent<E extends { ev: string }, K extends E["ev"]>(event: E, ev: K): Extract<E, { ev: K }> {
  if (event.ev !== ev) throw new Error(`expected a "${ev}" message from a child, got ${JSON.stringify(event)}`);
  return event as Extract<E, { ev: K }>;
}

export class Camera {
  private constructor(private readonly child: Child<CameraCommand, CameraEvent>) {}

  /** Starts a camera process and resolves once its first frame is sent. */
  static async start(options: Omit<Extract<CameraCommand, { cmd: "start" }>, "cmd">): Promise<Camera> {
    const child = new Child<CameraCommand, CameraEvent>("camera", "./mjpeg-camera.ts");
    try {
      expectEvent(await child.request({ cmd: "start", ...options }), "started");
      return new Camera(child);
    } catch (err) {
      await child.stop();
      throw err;
    }
  }

  get pid(): number {
    return this.child.pid;
  }

  async mark(): Promise<void> {
    expectEvent(await this.child.request({ cmd: "mark" }), "marked");
  }

  async report(): Promise<CameraReport> {
    return expectEvent(await this.child.request({ cmd: "report" }), "report").report;
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}
