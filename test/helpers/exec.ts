import { spawn, type ChildProcess } from "node:child_process";

export interface ToolResult {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

const running = new Set<ChildProcess>();

/**
 * Runs a command-line client (ffmpeg, ffprobe ...) without blocking the event loop, which the
 * in-process server needs to answer it. A client still running after `ms` is killed and the
 * promise rejects with what it printed, so a stuck client fails the test instead of hanging it.
 */
export function runTool(command: string, args: readonly string[], ms = 15_000): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args.join(" ")} still running after ${ms} ms; killed. stderr:\n${err}`));
    }, ms);
    child.on("error", (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

/** Kills every client `runTool` started that is still running (for `after` hooks). */
export function killTools(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}
