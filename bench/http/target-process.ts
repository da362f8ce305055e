import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const TARGET_KINDS = ["raw", "service"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

const readySchema = z.object({
  kind: z.enum(TARGET_KINDS),
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  native: z.boolean(),
  /** What the authenticated scenarios send: each target has its own. */
  credentials: z.object({ global: z.string(), team: z.string() }),
});

/** The one JSON line a target prints on stdout once it listens. */
export type TargetReady = z.infer<typeof readySchema>;

/** A server under test running in its own process. */
export interface RunningTarget extends TargetReady {
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

const TARGET_SCRIPT = fileURLToPath(new URL("./target.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where the service keeps its state: SQLite in its data dir when neither is set (docs/storage.md). */
export interface ServiceBackend {
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
}

/** The command line target.ts reads its backend from. */
const backendArgs = (b: ServiceBackend): string[] => [
  ...(b.databaseUrl === undefined ? [] : ["--database", b.databaseUrl]),
  ...(b.redisUrl === undefined ? [] : ["--redis", b.redisUrl]),
];

/** Spawns `target.ts <kind> [backend]` and resolves once it reports its port; rejects if it dies first. */
export async function startTarget(kind: TargetKind, backend: ServiceBackend = {}, timeoutMs = 60_000): Promise<RunningTarget> {
  const child = spawn(process.execPath, ["--import", "tsx", TARGET_SCRIPT, kind, ...backendArgs(backend)], {
    cwd: REPO_ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  // Settles on exit, or on a spawn error after which no exit may follow.
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });

  const stop = async (graceMs = 15_000) => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<TargetReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} target did not report a port within ${timeoutMs} ms`)), timeoutMs);
    let settled = false;
    lines.on("line", (line) => {
      const parsed = settled ? undefined : readySchema.safeParse(safeJson(line));
      if (parsed?.success === true) {
        settled = true;
        clearTimeout(timer);
        resolve(parsed.data);
      } else {
        process.stderr.write(`[${kind} target] ${line}\n`);
      }
    });
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${kind} target exited before listening (code ${String(code)}, signal ${String(signal)})`));
    });
  });

  try {
    return { ...(await ready), stop };
  } catch (err) {
    await stop(2_000);
    throw err;
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
