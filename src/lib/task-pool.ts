import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

const ENTRY = fileURLToPath(new URL("../../workers/ts-task.mjs", import.meta.url));

/**
 * A piscina pool over one TypeScript task file in `workers/`: CPU or blocking work (file checks,
 * probes, transcodes) off the event loop. Threads start on first use and exit when idle.
 */
export class TaskPool<Tasks extends Record<string, (input: never) => unknown>> {
  private readonly pool: Piscina;

  constructor(options: { readonly taskFile: URL; readonly maxThreads: number; readonly idleTimeoutMs?: number }) {
    this.pool = new Piscina({
      filename: ENTRY,
      name: "run",
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      workerData: { taskFile: options.taskFile.href },
    });
  }

  run<K extends keyof Tasks & string>(task: K, input: Parameters<Tasks[K]>[0]): Promise<Awaited<ReturnType<Tasks[K]>>> {
    return this.pool.run({ task, input }) as Promise<Awaited<ReturnType<Tasks[K]>>>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
