import { fork, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { FromWorker, ToWorker } from "../../workers/plugins/protocol.ts";

/** How long a worker has to exit after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 5000;
/** A worker's JavaScript heap; its model lives outside it (WASM memory), bounded by the model. */
const HEAP_MB = 384;
/** Output lines longer than this are cut: one runaway line must not fill the ring. */
const LINE_MAX = 2000;

export interface WorkerProcessOptions {
  /** The worker's entry file in `workers/plugins/`. */
  readonly entry: URL;
  readonly onLine: (stream: "stdout" | "stderr", line: string) => void;
  readonly onMessage: (message: FromWorker) => void;
  /** Once, when the process is gone (or never started: then `error` says why). */
  readonly onExit: (exit: { exitCode: number | null; signal: string | null; error?: string }) => void;
}

/**
 * The service's environment for a worker, without inspector flags in NODE_OPTIONS: with
 * `--inspect=<port>` every worker would try to open that same port and fail to start.
 */
function workerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const options = env["NODE_OPTIONS"]?.split(/\s+/).filter((o) => o !== "" && !/^--inspect(-brk|-port|-wait)?(=|$)/.test(o));
  return { ...env, NODE_OPTIONS: options?.join(" ") };
}

/**
 * One plugin worker as a child process, not a thread: a model that crashes natively takes only
 * itself down. It runs TypeScript through tsx like the service, talks over IPC, and exits on
 * its own when the IPC channel closes, so a service that is SIGKILLed leaves no worker behind.
 */
export class WorkerProcess {
  private readonly child: ChildProcess;
  private exited = false;
  private stopping: Promise<void> | undefined;
  private readonly gone: Promise<void>;

  constructor(o: WorkerProcessOptions) {
    this.child = fork(fileURLToPath(o.entry), [], {
      execArgv: ["--import", "tsx", `--max-old-space-size=${HEAP_MB}`],
      serialization: "advanced",
      env: workerEnv(process.env),
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    for (const stream of ["stdout", "stderr"] as const) {
      const readable = this.child[stream];
      if (readable) createInterface({ input: readable, crlfDelay: Infinity }).on("line", (line) => o.onLine(stream, line.slice(0, LINE_MAX)));
    }
    this.child.on("message", (message) => o.onMessage(message as FromWorker));
    this.gone = new Promise((resolve) => {
      const done = (exit: { exitCode: number | null; signal: string | null; error?: string }) => {
        if (this.exited) return;
        this.exited = true;
        resolve();
        o.onExit(exit);
      };
      this.child.on("exit", (exitCode, signal) => done({ exitCode, signal }));
      // A spawn that failed emits `error` and no `exit`.
      this.child.on("error", (err) => {
        if (this.child.pid === undefined) done({ exitCode: null, signal: null, error: err.message });
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: ToWorker): void {
    if (this.exited || !this.child.connected) return;
    // A worker that died between the check and the write: its exit is reported anyway.
    this.child.send(message, (err) => void err);
  }

  /** SIGTERM, then SIGKILL after the grace period; idempotent, resolves once the process is gone. */
  stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (this.exited) return Promise.resolve();
    this.stopping ??= (async () => {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
      await this.gone;
      clearTimeout(timer);
    })();
    return this.stopping;
  }
}
