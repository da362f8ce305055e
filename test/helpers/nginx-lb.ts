import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stopChild } from "./livekit.ts";
import { freePort, waitForPort } from "./ports.ts";
import { nginxForeground } from "./rtmp.ts";
import { tempDir } from "./temp.ts";

/** One request nginx passed on: every upstream it tried, in order, and what each answered. */
export interface Proxied {
  readonly method: string;
  readonly uri: string;
  /** What the client got. */
  readonly status: number;
  /** `127.0.0.1:<port>` of each upstream tried (more than one when it went on to the next). */
  readonly upstreams: readonly string[];
  /** Each upstream's status, `502`/`504` style numbers, or NaN where nginx got none. */
  readonly upstreamStatuses: readonly number[];
}

/** A real nginx balancing HTTP (and WebSocket upgrades) over service nodes. */
export interface LoadBalancer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Every request passed on so far, from the access log. */
  proxied(): Proxied[];
  /** nginx's error log (connection refusals, upstreams marked down). */
  errorLog(): string;
  close(): Promise<void>;
}

/** Fields of the access log, tab-separated so that none can run into another. */
const LOG_FORMAT = "$request_method\\t$request_uri\\t$status\\t$upstream_addr\\t$upstream_status";

/**
 * The balancer's config. Round robin over `upstreams`; a request whose connection to a node fails
 * or times out goes to the next node (`proxy_next_upstream error timeout`, nginx's default, spelled
 * out), at most once per node, and that node sits out `fail_timeout`. nginx retries only what it has
 * not sent, or what is idempotent: a POST or PATCH already handed to a node that then dies is
 * answered 502 rather than sent again (no `non_idempotent`), since the node may have done it.
 * GET, PUT and DELETE are sent again; the service's PUTs replace whole documents and a repeated
 * DELETE answers 404, so a client must not read that 404 as "it was never there".
 */
function config(dir: string, port: number, upstreams: readonly string[]): string {
  return [
    ...nginxForeground(dir, 2048),
    "http {",
    `  log_format lb "${LOG_FORMAT}";`,
    `  access_log ${path.join(dir, "access.log")} lb;`,
    `  client_body_temp_path ${path.join(dir, "body")};`,
    `  proxy_temp_path ${path.join(dir, "proxy")};`,
    // A WebSocket upgrade is passed on as one; any other request keeps its upstream connection alive.
    "  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }",
    "  upstream nodes {",
    ...upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`),
    "    keepalive 32;",
    // Under uWS's 10 s idle timeout: a kept connection the node is closing as nginx reuses it
    // fails a POST with 502 (nginx sends a non-idempotent request to no other node).
    "    keepalive_timeout 4s;",
    "  }",
    "  server {",
    `    listen 127.0.0.1:${port};`,
    // The service sets its own body limits (and answers 413 itself); nginx adds none.
    "    client_max_body_size 0;",
    "    location / {",
    "      proxy_pass http://nodes;",
    "      proxy_http_version 1.1;",
    "      proxy_set_header Host $http_host;",
    "      proxy_set_header Upgrade $http_upgrade;",
    "      proxy_set_header Connection $connection_upgrade;",
    "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "      proxy_set_header X-Forwarded-Proto $scheme;",
    // MJPEG and other long answers stream through as they are written.
    "      proxy_buffering off;",
    "      proxy_connect_timeout 1s;",
    "      proxy_read_timeout 60s;",
    "      proxy_send_timeout 60s;",
    "      proxy_next_upstream error timeout;",
    `      proxy_next_upstream_tries ${upstreams.length};`,
    "      proxy_next_upstream_timeout 10s;",
    // Which node answered, for a test to tell what a node acknowledged before it died.
    "      add_header X-Upstream $upstream_addr always;",
    "    }",
    "  }",
    "}",
  ].join("\n");
}

/** `a, b : c` (nginx's list of tries, `:` after an internal redirect) as its parts. */
const parts = (field: string): string[] => field.split(/\s*[,:]\s+/).filter((p) => p !== "" && p !== "-");

/**
 * nginx on a free loopback port (or `port`) in front of `upstreams` (`127.0.0.1:<port>` each),
 * with its config, logs and temp files in a temp dir of its own, in the foreground without a
 * master process, so stopping the child stops it. Resolves once it accepts connections, within 10 s.
 */
export async function startLoadBalancer(upstreams: readonly string[], options: { port?: number } = {}): Promise<LoadBalancer> {
  const dir = tempDir("nginx-lb-");
  for (const sub of ["body", "proxy"]) mkdirSync(path.join(dir, sub));
  const port = options.port ?? (await freePort());
  const confFile = path.join(dir, "nginx.conf");
  writeFileSync(confFile, `${config(dir, port, upstreams)}\n`);
  const errorLog = () => (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "");
  const child: ChildProcess = spawn("nginx", ["-p", dir, "-e", path.join(dir, "error.log"), "-c", confFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  const spawned = new Promise<never>((_, reject) => {
    child.once("error", (err) => reject(new Error(`nginx did not start: ${err.message}`)));
    child.once("exit", (code) => reject(new Error(`nginx exited (${code}) before it listened: ${stderr}${errorLog()}`)));
  });
  spawned.catch(() => undefined);
  try {
    await Promise.race([waitForPort(port, 10_000), spawned]);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proxied() {
      const file = path.join(dir, "access.log");
      if (!existsSync(file)) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => {
          const [method = "", uri = "", status = "", addrs = "", statuses = ""] = line.split("\t");
          return { method, uri, status: Number(status), upstreams: parts(addrs), upstreamStatuses: parts(statuses).map(Number) };
        });
    },
    errorLog,
    close: () => stopChild(child),
  };
}
