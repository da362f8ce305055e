/**
 * The service under test, run as operators run it (`src/main.ts` in its own process, a fresh data
 * dir, a seeded global token), and the API calls that set up an app for the MJPEG bench: public
 * playback on, WebSocket-ingest limits lifted, one camera key per room. It also listens for the
 * inspector on loopback, so that the bench can force a full GC before reading its RSS.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { WebSocket } from "undici";
import { z } from "zod";
import { LOG_FILE } from "../../src/logging.ts";
import { spawnService, type ServiceProcess } from "../../test/helpers/process.ts";
import { freePort, waitForPort } from "../../test/helpers/ports.ts";
import type { Target } from "./protocol.ts";
import { residentBytes } from "../shared/proc-cpu.ts";

export const APP = "bench";

/** Lifts the per-app limits above what any scenario needs, so the bench measures the relay. */
const APP_CONFIG = `features:
  publicPlayback: true
ws_ingest:
  max_frame_bytes: 4194304
  max_fps: 120
  max_viewers: 10000
`;

/** What Node prints on stderr about its inspector: not a complaint of the service's. */
const INSPECTOR_CHATTER = /^(Debugger (listening|attached|ending)|For help, see: |Waiting for the debugger)/;

const cameraKeySchema = z.object({
  data: z.object({ streamKey: z.string(), room: z.string(), wsUrl: z.string(), mjpegUrl: z.string() }),
});

/** A minted camera key and where its camera and viewers connect. */
export interface CameraEndpoint {
  readonly room: string;
  readonly wsUrl: string;
  readonly key: string;
  readonly viewers: Target;
}

export class BenchService {
  private constructor(
    private readonly proc: ServiceProcess,
    private readonly dataDir: string,
    readonly port: number,
    private readonly token: string,
    private readonly inspectorUrl: string,
  ) {}

  /** Seeds a token into a fresh data dir, then starts the service and waits until it accepts connections. */
  /** `extraEnv` adds to or overrides the service's environment (the soak allows its local webhook receiver). */
  static async start(extraEnv: Readonly<Record<string, string>> = {}): Promise<BenchService> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-mjpeg-"));
    const port = await freePort();
    const env = {
      SERVICE_DATA_DIR: dataDir,
      SERVICE_HOST: "127.0.0.1",
      SERVICE_PORT: String(port),
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
      SERVICE_LOG_STDOUT: "off",
      // As in bench:http: the bench measures the relay, not per-request info logging.
      SERVICE_LOG_LEVEL: "warn",
      SERVICE_SHUTDOWN_GRACE_MS: "2000",
      // Given, so the service does not warn that it generated them: its log is read for complaints.
      SERVICE_JWT_SECRET: randomBytes(32).toString("hex"),
      SERVICE_MASTER_KEY: randomBytes(32).toString("hex"),
      ...extraEnv,
    };
    const seed = spawnService(env, ["seed-token"]);
    const seeded = await seed.exited();
    const token = seed.stdout().trim();
    if (seeded !== 0 || token === "") throw new Error(`seed-token failed (${seeded}): ${seed.stderr()}`);
    const proc = spawnService({ ...env, NODE_OPTIONS: "--inspect=127.0.0.1:0" });
    const kill = () => proc.child.kill("SIGKILL");
    process.on("exit", kill);
    void proc.exited().then(() => process.off("exit", kill));
    const [, inspectorUrl = ""] = await proc.waitFor(/Debugger listening on (ws:\/\/\S+)/);
    await waitForPort(port);
    return new BenchService(proc, dataDir, port, token, inspectorUrl);
  }

  /**
   * The server's RSS after a full garbage collection. Without it, RSS swings by tens of MB with
   * the GC's timing and says nothing about what the server retains. The GC pauses the server for
   * tens of ms: call it outside measured windows.
   */
  async settledRss(): Promise<number> {
    const inspector = new WebSocket(this.inspectorUrl);
    try {
      await new Promise((resolve, reject) => {
        inspector.addEventListener("open", resolve);
        inspector.addEventListener("error", () => reject(new Error(`cannot reach the service's inspector at ${this.inspectorUrl}`)));
      });
      const answered = new Promise((resolve) => inspector.addEventListener("message", resolve));
      inspector.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" }));
      await answered;
      return residentBytes(this.pid);
    } finally {
      inspector.close();
    }
  }

  get pid(): number {
    const pid = this.proc.child.pid;
    if (pid === undefined) throw new Error("the service process has no pid");
    return pid;
  }

  /** An API call with the service's global token; throws on any status but 2xx, answers undefined for an empty body (204). */
  async api(method: string, route: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`http://127.0.0.1:${this.port}${route}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
    return text === "" ? undefined : (JSON.parse(text) as unknown);
  }

  /** Creates the bench app and writes its config; answers a warning if the config was refused. */
  async createApp(): Promise<string | undefined> {
    await this.api("POST", "/api/v1/apps", { name: APP });
    try {
      await this.api("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml: APP_CONFIG });
      return undefined;
    } catch (err) {
      // Without the ws_ingest block the defaults apply; public playback is still needed.
      await this.api("PATCH", `/api/v1/apps/${APP}`, { features: { publicPlayback: true } });
      return `the app config with ws_ingest limits was refused, running with the defaults: ${(err as Error).message}`;
    }
  }

  async mintCamera(room: string): Promise<CameraEndpoint> {
    const { data } = cameraKeySchema.parse(await this.api("POST", `/api/v1/apps/${APP}/ws-ingest`, { room }));
    const url = new URL(data.mjpegUrl);
    return {
      room: data.room,
      wsUrl: data.wsUrl,
      key: data.streamKey,
      viewers: { host: url.hostname, port: Number(url.port), path: url.pathname + url.search },
    };
  }

  /** The service's warnings and errors so far: its log file, and anything on stderr. */
  complaints(): string[] {
    const file = path.join(this.dataDir, LOG_FILE);
    const logged = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "") : [];
    const stderr = this.proc.stderr().split("\n").filter((l) => l.trim() !== "" && !INSPECTOR_CHATTER.test(l));
    return [...logged, ...stderr];
  }

  async stop(): Promise<void> {
    if (this.proc.child.exitCode === null && this.proc.child.signalCode === null) {
      this.proc.child.kill("SIGTERM");
      const timer = setTimeout(() => this.proc.child.kill("SIGKILL"), 10_000);
      await this.proc.exited();
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
