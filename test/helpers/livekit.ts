import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { LIVEKIT, toolBinary } from "../setup/go-tools.ts";
import { freePort, waitForPort } from "./ports.ts";
import { tempDir } from "./server.ts";

export interface LiveKit {
  readonly url: string;
  readonly wsUrl: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  /** The SERVICE_LIVEKIT_* variables that point the service at this server. */
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the child is gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await once(child, "exit");
  clearTimeout(timer);
}

/**
 * A real LiveKit server on free loopback ports with its own Redis (for ingress), keys of our
 * choosing, and its webhook pointed at `webhookUrl` when given.
 */
export async function startLiveKit(options: { webhookUrl?: string; apiKey?: string; apiSecret?: string } = {}): Promise<LiveKit> {
  const dir = tempDir("livekit-");
  const [port, tcpPort, udpPort, redisPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: "ignore",
  });
  await waitForPort(redisPort);
  const apiKey = options.apiKey ?? "service-core-test";
  const apiSecret = options.apiSecret ?? "a-test-secret-for-livekit-that-is-long-enough";
  const config = [
    `port: ${port}`,
    "bind_addresses: [127.0.0.1]",
    "rtc:",
    `  tcp_port: ${tcpPort}`,
    `  udp_port: ${udpPort}`,
    "  use_external_ip: false",
    "  node_ip: 127.0.0.1",
    "redis:",
    `  address: 127.0.0.1:${redisPort}`,
    "keys:",
    `  ${apiKey}: ${apiSecret}`,
    "logging:",
    "  level: warn",
    ...(options.webhookUrl ? ["webhook:", `  api_key: ${apiKey}`, "  urls:", `    - ${options.webhookUrl}`] : []),
  ].join("\n");
  const configFile = path.join(dir, "livekit.yaml");
  writeFileSync(configFile, `${config}\n`);
  const server = spawn(toolBinary(LIVEKIT), ["--config", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr?.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  try {
    await waitForPort(port);
  } catch (err) {
    await stopChild(server);
    await stopChild(redis);
    throw new Error(`livekit-server did not start: ${(err as Error).message}\n${stderr}`);
  }
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;
  return {
    url,
    wsUrl,
    apiKey,
    apiSecret,
    env: {
      SERVICE_LIVEKIT_URL: url,
      SERVICE_LIVEKIT_WS_URL: wsUrl,
      SERVICE_LIVEKIT_API_KEY: apiKey,
      SERVICE_LIVEKIT_API_SECRET: apiSecret,
    },
    async stop() {
      await stopChild(server);
      await stopChild(redis);
    },
  };
}
