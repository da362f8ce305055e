import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { problem, type Problem } from "./problem.ts";

const ENTRY = fileURLToPath(new URL("../../workers/ts-task.mjs", import.meta.url));

/** How a task ended, the `result` label of `service_pool_task_seconds`. */
export type TaskResult = "ok" | "error" | "timeout" | "rejected";

/** Where a pool reports its queue and its tasks (the metrics registry, see `src/core/pools.ts`). */
export interface PoolObserver {
  queueDepth(pool: string, depth: number): void;
  taskDone(pool: string, result: TaskResult, seconds: number): void;
}

/**
 * Thrown by `run` when the pool's threads are busy and its queue is full. A request that asked
 * for the task answers it as 503 `service_unavailable` with Retry-After (see `poolProblem`);
 * nothing waits in an unbounded queue.
 */
export class PoolFullError extends Error {
  constructor(
    readonly pool: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`the ${pool} pool is busy and its queue is full; retry in ${retryAfterSeconds} s`);
  }
}

/** Thrown by `run` when a task ran past its timeout: it was aborted (its thread terminated). */
export class PoolTimeoutError extends Error {
  constructor(
    readonly pool: string,
    readonly task: string,
    readonly timeoutMs: number,
  ) {
    super(`the ${pool} pool's ${task} task took longer than ${timeoutMs / 1000} s and was stopped`);
  }
}

/**
 * The answer to a request whose task the pool refused or stopped: 503 `service_unavailable`, with
 * Retry-After when the queue was full. Anything else is not a pool's failure (undefined).
 */
export function poolProblem(err: unknown): Problem | undefined {
  if (err instanceof PoolFullError) {
    return problem("service_unavailable", err.message, {
      details: { pool: err.pool },
      headers: { "retry-after": String(err.retryAfterSeconds) },
    });
  }
  if (err instanceof PoolTimeoutError) {
    return problem("service_unavailable", `${err.message}; retry later, and tell the operator if it keeps happening`, {
      details: { pool: err.pool, task: err.task },
    });
  }
  return undefined;
}

export interface TaskPoolOptions<Tasks> {
  /** The `pool` label of the metrics and the name in errors (`media`, `uploads`). */
  readonly name: string;
  readonly taskFile: URL;
  readonly maxThreads: number;
  /** Tasks that may wait for a thread; one more is refused with `PoolFullError`. */
  readonly maxQueue: number;
  /** A task running (or waiting) longer than this is aborted with `PoolTimeoutError`. */
  readonly timeoutMs: number;
  /** Per task, where one task of the file needs another limit than `timeoutMs`. */
  readonly taskTimeoutMs?: { readonly [K in keyof Tasks]?: number };
  /** What the 503 of a full queue tells the client to wait. */
  readonly retryAfterSeconds: number;
  readonly idleTimeoutMs?: number;
  readonly observer?: PoolObserver;
}

/**
 * A piscina pool over one TypeScript task file in `workers/`: CPU or blocking work (file checks,
 * probes, transcodes) off the event loop. Threads start on first use and exit when idle. Bounded
 * twice: at most `maxThreads + maxQueue` tasks are taken at once, and each is aborted after its
 * timeout, so neither a burst nor a stuck task can hold the service's memory or threads forever.
 */
export class TaskPool<Tasks extends Record<string, (input: never) => unknown>> {
  private readonly pool: Piscina;
  /** Tasks taken and not yet settled (running or queued). */
  private pending = 0;
  private closing: Promise<void> | undefined;

  constructor(private readonly o: TaskPoolOptions<Tasks>) {
    this.pool = new Piscina({
      filename: ENTRY,
      name: "run",
      minThreads: 0,
      maxThreads: o.maxThreads,
      idleTimeout: o.idleTimeoutMs ?? 30_000,
      workerData: { taskFile: o.taskFile.href },
    });
    o.observer?.queueDepth(o.name, 0);
  }

  get name(): string {
    return this.o.name;
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return Math.max(0, this.pending - this.o.maxThreads);
  }

  async run<K extends keyof Tasks & string>(task: K, input: Parameters<Tasks[K]>[0]): Promise<Awaited<ReturnType<Tasks[K]>>> {
    if (this.pending >= this.o.maxThreads + this.o.maxQueue) {
      this.o.observer?.taskDone(this.o.name, "rejected", 0);
      throw new PoolFullError(this.o.name, this.o.retryAfterSeconds);
    }
    const timeoutMs = this.o.taskTimeoutMs?.[task] ?? this.o.timeoutMs;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    const started = performance.now();
    let result: TaskResult = "error";
    this.settle(+1);
    try {
      const out = (await this.pool.run({ task, input }, { signal: abort.signal })) as Awaited<ReturnType<Tasks[K]>>;
      result = "ok";
      return out;
    } catch (err) {
      if (!abort.signal.aborted) throw err;
      result = "timeout";
      throw new PoolTimeoutError(this.o.name, task, timeoutMs);
    } finally {
      clearTimeout(timer);
      this.settle(-1);
      this.o.observer?.taskDone(this.o.name, result, (performance.now() - started) / 1000);
    }
  }

  /** Ends the threads (tasks still running are dropped); a second call waits for the first. */
  close(): Promise<void> {
    return (this.closing ??= this.pool.destroy());
  }

  private settle(delta: number): void {
    this.pending += delta;
    this.o.observer?.queueDepth(this.o.name, this.queued);
  }
}
