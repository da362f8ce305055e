// Piscina's entry for our TypeScript task files. Node 20 does not apply `--import tsx` to worker
// threads, so tsx is registered here, in the worker, before the task file (workerData.taskFile)
// is imported; `run` calls one of its named exports.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const tasks = await import(workerData.taskFile);

export function run({ task, input }) {
  return tasks[task](input);
}
