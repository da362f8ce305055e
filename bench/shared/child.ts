/**
 * The benches' child processes, seen from the bench: forked with tsx, talked to over IPC one
 * command at a time, each answered by one message, and never left behind (killed when the bench
 * exits, whatever the reason).
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DEFAULT_TIMEOUT_MS = 60_000;

/** Children still running, killed if the bench exits first (after a crash or a signal). */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});

/** A forked child (`script`: a URL, made with `new URL("./x.ts", import.meta.url)`) whose messages are `{ ev, ... }` objects. */
export class Child<Command, Event extends { ev: string }> {
  private readonly proc: ChildProcess;
  /** Messages not yet asked for, such as a server child's "listening". */
  private readonly inbox: Event[] = [];
  private waiter: { resolve: (m: Event) => void; reject: (e: Error) => void } | undefined;
  private exited: string | undefined;
  private readonly done: Promise<void>;

  constructor(private readonly name: string, script: URL, args: readonly string[] = []) {
    this.proc = fork(fileURLToPath(script), args, {
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
        this.waiter.resolve(m as Event);
        this.waiter = undefined;
      } else this.inbox.push(m as Event);
    });
  }

  get pid(): number {
    if (this.proc.pid === undefined) throw new Error(`${this.name} has no pid: it did not start`);
    return this.proc.pid;
  }

  /** The next message, which must be `ev` (anything else is a bench bug), waiting up to `timeoutMs`. */
  async next<K extends Event["ev"]>(ev: K, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Extract<Event, { ev: K }>> {
    const message = await this.receive(timeoutMs);
    if (message.ev !== ev) throw new Error(`expected "${ev}" from ${this.name}, got ${JSON.stringify(message)}`);
    return message as Extract<Event, { ev: K }>;
  }

  /** Sends a command and answers the reply it expects. */
  request<K extends Event["ev"]>(cmd: Command, ev: K, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Extract<Event, { ev: K }>> {
    if (this.exited === undefined) this.proc.send(cmd as object);
    return this.next(ev, timeoutMs);
  }

  /** Closes the IPC channel (the child exits on it), then kills it if it lingers. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.exited !== undefined) return;
    if (this.proc.connected) this.proc.disconnect();
    const timer = setTimeout(() => this.proc.kill("SIGKILL"), graceMs);
    await this.done;
    clearTimeout(timer);
  }

  private receive(timeoutMs: number): Promise<Event> {
    const queued = this.inbox.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.exited !== undefined) return Promise.reject(new Error(`${this.name} ${this.exited}`));
    if (this.waiter) return Promise.reject(new Error(`${this.name} was asked for a message before answering the previous one`));
    return new Promise<Event>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(new Error(`${this.name} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        resolve: (m) => (clearTimeout(timer), resolve(m)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
  }
}
