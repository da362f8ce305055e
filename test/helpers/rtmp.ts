import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NGINX_RTMP_MODULE, NGINX_STREAM_MODULE } from "../setup/prerequisites.ts";
import { stopChild } from "./livekit.ts";
import { freePort, waitForPort } from "./ports.ts";
import { tempDir } from "./temp.ts";

/** A real RTMP server (nginx with Debian's RTMP module) that records whatever is pushed to it. */
export interface RtmpReceiver {
  /** `rtmp://127.0.0.1:<port>/live`: push to `<url>/<key>`. */
  readonly url: string;
  /** `rtmps://127.0.0.1:<port>/live` through a TLS terminator (self-signed), when started with `tls`. */
  readonly tlsUrl: string | undefined;
  /** The FLV recorded for a stream key (complete once the push ended, or the receiver stopped). */
  recording(key: string): string;
  /** Whether a recording for the key exists yet. */
  received(key: string): boolean;
  /** nginx's error log (why a push was refused or dropped). */
  errorLog(): string;
  /** Stops nginx (pushes to it fail); `start` brings it back on the same ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made once per receiver. */
/**
 * The top of a test nginx's config: in the foreground, one process (its child is the one to stop),
 * its pid and error log in `dir`, `connections` per worker.
 */
export function nginxForeground(dir: string, connections: number): string[] {
  return [
    "daemon off;",
    "master_process off;",
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    `events { worker_connections ${connections}; }`,
  ];
}

function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert], { stdio: "ignore" });
  return { cert, key };
}

/**
 * nginx on free loopback ports with its own config, run in the foreground (no daemon, no master):
 * an `rtmp` server whose `live` application records every published stream to
 * `<dir>/rec/<key>.flv`, and with `tls` a `stream` server terminating TLS in front of it.
 */
export async function startRtmpReceiver(options: { tls?: boolean } = {}): Promise<RtmpReceiver> {
  const dir = tempDir("rtmp-");
  const recordings = path.join(dir, "rec");
  mkdirSync(recordings);
  const [port, tlsPort] = await Promise.all([freePort(), freePort()]);
  const tls = options.tls ? selfSigned(dir) : undefined;
  const conf = [
    `load_module ${NGINX_RTMP_MODULE};`,
    ...(tls ? [`load_module ${NGINX_STREAM_MODULE};`] : []),
    ...nginxForeground(dir, 256),
    "rtmp {",
    "  server {",
    `    listen 127.0.0.1:${port};`,
    "    chunk_size 4096;",
    "    application live {",
    "      live on;",
    "      record all;",
    `      record_path ${recordings};`,
    "      allow publish 127.0.0.1;",
    "      deny publish all;",
    "    }",
    "  }",
    "}",
    ...(tls
      ? ["stream {", "  server {", `    listen 127.0.0.1:${tlsPort} ssl;`, `    ssl_certificate ${tls.cert};`, `    ssl_certificate_key ${tls.key};`, `    proxy_pass 127.0.0.1:${port};`, "  }", "}"]
      : []),
  ].join("\n");
  const confFile = path.join(dir, "nginx.conf");
  writeFileSync(confFile, `${conf}\n`);
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    child = spawn("nginx", ["-p", dir, "-e", path.join(dir, "error.log"), "-c", confFile], { stdio: "ignore" });
    await waitForPort(port);
    if (tls) await waitForPort(tlsPort);
  };
  const stop = async () => {
    if (!child) return;
    const running = child;
    child = undefined;
    await stopChild(running);
  };
  await start();
  return {
    url: `rtmp://127.0.0.1:${port}/live`,
    tlsUrl: tls ? `rtmps://127.0.0.1:${tlsPort}/live` : undefined,
    recording: (key) => path.join(recordings, `${key}.flv`),
    received: (key) => existsSync(path.join(recordings, `${key}.flv`)),
    errorLog: () => (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : ""),
    stop,
    start,
    close: stop,
  };
}
