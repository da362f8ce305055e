import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { LIVEKIT, standinBinary, toolBinary, type Standin } from "../setup/go-tools.ts";
import { freePort, freeUdpPort, waitForPort } from "./ports.ts";
import { tempDir } from "./temp.ts";

export interface LiveKit {
  readonly url: string;
  readonly wsUrl: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  /** The SERVICE_LIVEKIT_* variables that point the service at this server. */
  readonly env: Record<string, string>;
  /** The egress stand-in registered on this server's Redis, when started with `egress`. */
  readonly egress: EgressStandin | undefined;
  /** The ingress stand-in registered on this server's Redis, when started with `ingress`. */
  readonly ingress: IngressStandin | undefined;
  stop(): Promise<void>;
}

/** The egress stand-in (test/egress-standin): stop it to make egress unavailable, start it again. */
export interface EgressStandin {
  /** What it logged last (its failures name the egress and why). */
  readonly log: () => string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The ingress stand-in (test/ingress-standin) and where it takes pushes: the server's
 * `ingress.rtmp_base_url` and `ingress.whip_base_url`, on loopback ports of its own.
 */
export interface IngressStandin {
  /** `rtmp://127.0.0.1:<port>/live`: push to `<url>/<streamKey>`. */
  readonly rtmpUrl: string;
  /** `http://127.0.0.1:<port>/w`: POST an SDP offer to `<url>/<streamKey>`. */
  readonly whipUrl: string;
  /** What it logged last (its refusals and failures name the ingress and why; ffmpeg's stderr). */
  readonly log: () => string;
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
export async function startLiveKit(options: { webhookUrl?: string; apiKey?: string; apiSecret?: string; egress?: boolean; ingress?: boolean } = {}): Promise<LiveKit> {
  const apiKey = options.apiKey ?? "service-core-test";
  const apiSecret = options.apiSecret ?? "a-test-secret-for-livekit-that-is-long-enough";
  // Ports are free when picked, not when bound: another test's client can take one in between.
  // A server that loses that race says so and exits, and is started again on new ports.
  let failure = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const started = await launchLiveKit(apiKey, apiSecret, options.webhookUrl, options.ingress === true);
    if ("port" in started) return running(started, apiKey, apiSecret, options.egress === true);
    failure = started.failure;
    if (!failure.includes("address already in use")) break;
  }
  throw new Error(`livekit-server did not start: ${failure}`);
}

interface Launched {
  readonly port: number;
  readonly redisPort: number;
  readonly server: ChildProcess;
  readonly redis: ChildProcess;
  readonly ingress: (IngressStandin & { stop(): Promise<void> }) | undefined;
}

async function launchLiveKit(apiKey: string, apiSecret: string, webhookUrl: string | undefined, withIngress: boolean): Promise<Launched | { failure: string }> {
  const dir = tempDir("livekit-");
  const [port, tcpPort, udpPort, redisPort] = await Promise.all([freePort(), freePort(), freeUdpPort(), freePort()]);
  const redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: "ignore",
  });
  await waitForPort(redisPort);
  // The ingress stand-in starts first, on ports it binds itself, since the server's config names them.
  const ingressArgs = ["-redis", `127.0.0.1:${redisPort}`, "-ws-url", `ws://127.0.0.1:${port}`, "-api-key", apiKey, "-api-secret", apiSecret];
  const ingress = withIngress
    ? await startIngress(ingressArgs).catch(async (err: unknown) => {
        await stopChild(redis);
        throw err;
      })
    : undefined;
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
    ...(webhookUrl ? ["webhook:", `  api_key: ${apiKey}`, "  urls:", `    - ${webhookUrl}`] : []),
    ...(ingress ? ["ingress:", `  rtmp_base_url: ${ingress.rtmpUrl}`, `  whip_base_url: ${ingress.whipUrl}`] : []),
  ].join("\n");
  const configFile = path.join(dir, "livekit.yaml");
  writeFileSync(configFile, `${config}\n`);
  const server = spawn(toolBinary(LIVEKIT), ["--config", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const out of [server.stdout, server.stderr]) out?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const exited = once(server, "exit").then(() => {
    throw new Error("it exited");
  });
  try {
    await Promise.race([waitForPort(port), exited]);
    exited.catch(() => undefined);
    return { port, redisPort, server, redis, ingress };
  } catch (err) {
    exited.catch(() => undefined);
    await stopChild(server);
    await ingress?.stop();
    await stopChild(redis);
    return { failure: `${(err as Error).message}\n${output}` };
  }
}

async function running({ port, redisPort, server, redis, ingress }: Launched, apiKey: string, apiSecret: string, withEgress: boolean): Promise<LiveKit> {
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}`;
  const egress = withEgress ? standin("egress-standin", ["-redis", `127.0.0.1:${redisPort}`, "-ws-url", wsUrl, "-api-key", apiKey, "-api-secret", apiSecret]) : undefined;
  await egress?.start();
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
    egress,
    ingress,
    async stop() {
      await egress?.stop();
      // Before the server: its sessions end (ENDPOINT_INACTIVE) while the server can still hear it.
      await ingress?.stop();
      await stopChild(server);
      await stopChild(redis);
    },
  };
}

/**
 * The ingress stand-in on loopback ports it picks (its ready line names them), so that no other
 * process can take them between a pick and its bind.
 */
async function startIngress(args: readonly string[]): Promise<IngressStandin & { stop(): Promise<void> }> {
  const child = standin("ingress-standin", [...args, "-rtmp", "127.0.0.1:0", "-whip", "127.0.0.1:0"]);
  await child.start();
  const ready = child.readyLine();
  const [, rtmp, whip] = /rtmp=(\S+) whip=(\S+)/.exec(ready) ?? [];
  if (!rtmp || !whip) throw new Error(`the ingress stand-in's ready line names no ports: ${ready}`);
  return { rtmpUrl: `rtmp://${rtmp}/live`, whipUrl: `http://${whip}/w`, log: child.log, stop: child.stop };
}

/**
 * A stand-in as a child process; `start` resolves once it has registered on the bus, which its
 * ready line (`<name>: ready ...`) says.
 */
function standin(name: Standin, args: readonly string[]): { log: () => string; readyLine: () => string; start(): Promise<void>; stop(): Promise<void> } {
  let child: ChildProcess | undefined;
  let log = "";
  let ready = "";
  const readyLine = new RegExp(`${name}: ready.*`);
  return {
    log: () => log,
    readyLine: () => ready,
    async start() {
      if (child) return;
      const started = spawn(standinBinary(name), args, { stdio: ["ignore", "ignore", "pipe"] });
      child = started;
      // Only this run's output can say it is ready: the log keeps an earlier run's ready line.
      let output = "";
      ready = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the ${name} did not get ready in 10 s:\n${log}`)), 10_000);
        started.stderr?.on("data", (c: Buffer) => {
          log = (log + c.toString()).slice(-8000);
          output += c.toString();
          const line = readyLine.exec(output);
          if (line) {
            clearTimeout(timer);
            output = "";
            resolve(line[0]);
          }
        });
        started.once("exit", (code) => {
          clearTimeout(timer);
          reject(new Error(`the ${name} exited with ${code}:\n${log}`));
        });
      });
    },
    async stop() {
      if (!child) return;
      const running = child;
      child = undefined;
      // SIGTERM lets it finish what runs (recordings, ingress sessions), as the real workers do.
      await stopChild(running);
    },
  };
}
