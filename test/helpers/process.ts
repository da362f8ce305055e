import assert from "node:assert/strict";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/**
 * Every service this test file started and has not seen exit: killed when the file's process
 * exits, whatever the test did. A test that failed before it could stop its service (a start that
 * timed out) left it running, and its pipes kept the file's process, and the whole run, waiting.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export interface ServiceProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout/stderr match of `pattern`, or rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or signal name) once the process ends. */
  exited(): Promise<number | string>;
}

/**
 * Runs `src/main.ts` as operators do, with the given environment and nothing else but the
 * response check (an answer its route does not declare becomes a 500 that names the field).
 */
export function spawnService(env: Record<string, string>, args: string[] = []): ServiceProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    env: { PATH: process.env["PATH"] ?? "", SERVICE_TEST_RESPONSE_CHECK: "on", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const poke = () => waiters.forEach((w) => w());
  child.stdout?.on("data", (c: Buffer) => ((out += c.toString()), poke()));
  child.stderr?.on("data", (c: Buffer) => ((err += c.toString()), poke()));
  const exit = once(child, "exit").then(([code, signal]) => (code ?? signal) as number | string);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited: () => exit,
    // A whole service starting under a loaded machine (the suite runs two files at once) can take well over 15 s.
    waitFor(pattern, ms = 45_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = (out + err).match(pattern);
          if (m) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; stdout:\n${out}\nstderr:\n${err}`));
        }, ms);
        waiters.add(check);
        void exit.then(() => setTimeout(check, 10));
        check();
      });
    },
  };
}

/** What the first start on an empty data dir prints: the seeded global token, shown once. */
export const FIRST_TOKEN = /Global API token, shown this once[^\n]*\n\n\s+(sk_\w+)/;

/** Starts of one service on one environment (a restart is a second `spawn`); `killAll` SIGKILLs every one. */
export function serviceProcesses(env: Record<string, string>): { spawn(): ServiceProcess; killAll(): void } {
  const started: ServiceProcess[] = [];
  return {
    spawn() {
      const svc = spawnService(env);
      started.push(svc);
      return svc;
    },
    killAll() {
      for (const svc of started) svc.child.kill("SIGKILL");
    },
  };
}

/**
 * How many of this test process's own children are ffmpegs whose command line holds every one of
 * `parts`: what an in-process test server runs (a decoder, an encoder). Only its own, since the
 * test file beside it may be running ffmpegs of the same kind.
 */
export function ffmpegChildren(...parts: string[]): number {
  const lines = execFileSync("ps", ["--ppid", String(process.pid), "-o", "args="]).toString().split("\n");
  return lines.filter((l) => l.includes("ffmpeg") && parts.every((p) => l.includes(p))).length;
}

/** Whether a process with this pid exists (signal 0 checks without signalling). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const LISTENING = /"port":(\d+),"msg":"listening"/;

/** Starts the service (with `SERVICE_LOG_STDOUT` on) and answers it once it listens, with its base URL. */
export async function startedService(env: Record<string, string>): Promise<{ svc: ServiceProcess; port: number; url: string }> {
  const svc = spawnService(env);
  // A start that fails leaves nothing running: the caller has no handle to stop it with.
  const [, port = ""] = await svc.waitFor(LISTENING).catch((err: unknown) => {
    svc.child.kill("SIGKILL");
    throw err;
  });
  return { svc, port: Number(port), url: `http://127.0.0.1:${port}` };
}

/** SIGTERM, and a clean exit 0 asserted; a failure shows the end of stderr and the error lines it logged. */
export async function stoppedCleanly(svc: ServiceProcess): Promise<void> {
  svc.child.kill("SIGTERM");
  const errors = svc.stdout().split("\n").filter((l) => /"level":(50|60)/.test(l)).join("\n");
  assert.equal(await svc.exited(), 0, `${svc.stderr().slice(-3000)}\n${errors.slice(-3000)}`);
}
