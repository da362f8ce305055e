import { spawn } from "node:child_process";
import { stopChild } from "./livekit.ts";
import { freePort, waitForPort } from "./ports.ts";
import { tempDir } from "./temp.ts";

export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** A throwaway redis-server of the test's own on a free loopback port (or `port`, to start one again), nothing persisted. */
export async function startRedis(port?: number): Promise<TestRedis> {
  port ??= await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", tempDir("redis-")], { stdio: "ignore" });
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopChild(child) };
}
