import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadUws } from "../../src/http/uws.ts";
import { postgresBin } from "../helpers/postgres.ts";
import { ensureStandin, ensureTool, LIVEKIT, MINIO } from "./go-tools.ts";

/**
 * One thing the suite needs from the machine. `ensure` installs or builds it when missing
 * (idempotently, cached) and throws with a clear message when it cannot: the suite then fails
 * loudly instead of skipping.
 */
export interface Prerequisite {
  readonly name: string;
  ensure(): Promise<string>;
}

const require = createRequire(import.meta.url);

/** Debian's Chromium, which the browser tests drive through playwright-core (no browser download). */
export const CHROMIUM = "/usr/bin/chromium";
export const MOSQUITTO = "/usr/sbin/mosquitto";
export const MOSQUITTO_PASSWD = "/usr/bin/mosquitto_passwd";
/** Debian's python, which has python3-gi for the RTSP camera; a pyenv python3 earlier on PATH lacks it. */
export const DEBIAN_PYTHON = "/usr/bin/python3";

/** The first line `command args` prints, or undefined when it does not run or fails. */
function firstLine([command, ...args]: readonly string[]): string | undefined {
  if (command === undefined) return undefined;
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 30_000 });
  if (result.error || result.status !== 0) return undefined;
  const line = (result.stdout.trim() || result.stderr.trim()).split("\n")[0] ?? "";
  return line.replace(/ (Copyright|built on) .*/, "") || `${command} runs`;
}

/**
 * `apt-get install` of Debian packages in one call, non-interactive and idempotent (installed
 * packages are a no-op). The package lists are refreshed only when the first attempt fails, so a
 * machine with current lists installs without touching the network twice.
 */
export function aptInstall(...packages: string[]): void {
  const run = (args: string[]) =>
    spawnSync("apt-get", args, { encoding: "utf8", timeout: 15 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  // Another apt (a second `npm test`, or the machine's own) may hold dpkg's lock: wait for it rather than fail.
  const install = () => run(["-o", "DPkg::Lock::Timeout=600", "install", "-y", "--no-install-recommends", ...packages]);
  let result = install();
  let update: ReturnType<typeof run> | undefined;
  if (result.error || result.status !== 0) {
    update = run(["-o", "DPkg::Lock::Timeout=600", "update"]);
    result = install();
  }
  if (result.error || result.status !== 0) {
    const tail = (r: ReturnType<typeof run>) => r.error?.message ?? `${r.stderr}`.trim().split("\n").slice(-2).join(" / ");
    const updated = update && (update.error || update.status !== 0) ? `; apt-get update failed too: ${tail(update)}` : "";
    throw new Error(`apt-get install -y --no-install-recommends ${packages.join(" ")} failed: ${tail(result)}${updated}`);
  }
}

/** Binaries from a Debian package: each must run (`commands`), else the package is installed. */
export function debianTool(name: string, pkg: string, commands: ReadonlyArray<readonly string[]>): Prerequisite {
  const versions = () => commands.map(firstLine);
  return {
    name,
    async ensure() {
      let found = versions();
      if (found.some((v) => v === undefined)) {
        aptInstall(pkg);
        found = versions();
      }
      const missing = commands.filter((_, i) => found[i] === undefined).map((c) => c.join(" "));
      if (missing.length > 0) throw new Error(`${missing.join(", ")} still does not run after installing Debian package ${pkg}`);
      return found.join("; ");
    },
  };
}

/** The GStreamer elements test/fixtures/rtsp-camera.py builds its pipeline of. */
const RTSP_CAMERA_ELEMENTS = ["videotestsrc", "textoverlay", "x264enc", "x265enc", "rtph264pay", "rtph265pay", "multifilesrc", "h264parse", "identity"];
const RTSP_CAMERA_PACKAGES = [
  "python3-gi",
  "gir1.2-gst-rtsp-server-1.0",
  "gstreamer1.0-plugins-base",
  "gstreamer1.0-plugins-good",
  "gstreamer1.0-plugins-ugly",
  "gstreamer1.0-plugins-bad",
  "gstreamer1.0-x",
];
// Prints `GStreamer 1.22.0; videotestsrc 1.22.0, ...`, or fails naming what is missing.
const RTSP_CAMERA_CHECK = `
import gi
gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import Gst, GstRtspServer
Gst.init(None)
found = {name: Gst.ElementFactory.find(name) for name in ${JSON.stringify(RTSP_CAMERA_ELEMENTS)}}
missing = [name for name, factory in found.items() if factory is None]
assert not missing, "missing GStreamer elements: " + ", ".join(missing)
print(Gst.version_string() + "; " + ", ".join(f"{name} {factory.get_plugin().get_version()}" for name, factory in found.items()))
`;

/** Where Debian's nginx module packages put their modules. */
export const NGINX_RTMP_MODULE = "/usr/lib/nginx/modules/ngx_rtmp_module.so";
export const NGINX_STREAM_MODULE = "/usr/lib/nginx/modules/ngx_stream_module.so";

export const prerequisites: Prerequisite[] = [
  {
    name: "uWebSockets.js native binding",
    async ensure() {
      if (!loadUws().native) throw new Error("the native uWS binding does not load on this Node; run npm ci on Node 20");
      return `loaded for ABI ${process.versions.modules}`;
    },
  },
  {
    name: "better-sqlite3 native module",
    async ensure() {
      const Database = require("better-sqlite3") as typeof import("better-sqlite3");
      const db = new Database(":memory:");
      const version = db.prepare("SELECT sqlite_version()").pluck().get() as string;
      db.close();
      return `SQLite ${version}`;
    },
  },
  ...[LIVEKIT, MINIO].map((tool) => ({ name: `${tool.name} ${tool.version}`, ensure: async () => ensureTool(tool) })),
  { name: "egress stand-in (test/egress-standin, built against LiveKit's Go modules)", ensure: async () => ensureStandin("egress-standin") },
  { name: "ingress stand-in (test/ingress-standin, built against LiveKit's Go modules)", ensure: async () => ensureStandin("ingress-standin") },
  debianTool("ffmpeg and ffprobe (MJPEG test frames, real MJPEG clients)", "ffmpeg", [
    ["ffmpeg", "-version"],
    ["ffprobe", "-version"],
  ]),
  debianTool("headless Chromium (the MJPEG player in a real browser)", "chromium", [[CHROMIUM, "--version"]]),
  debianTool("promtool (lints a real /metrics scrape)", "prometheus", [["promtool", "--version"]]),
  debianTool("nginx (the RTMP receiver restream tests push to)", "nginx-light", [["nginx", "-v"]]),
  debianTool("nginx's RTMP module", "libnginx-mod-rtmp", [["test", "-f", NGINX_RTMP_MODULE]]),
  debianTool("nginx's stream module (the TLS terminator in front of the receiver, for rtmps://)", "libnginx-mod-stream", [["test", "-f", NGINX_STREAM_MODULE]]),
  debianTool("openssl (the receiver's self-signed certificate)", "openssl", [["openssl", "version"]]),
  {
    name: "mosquitto (MQTT tests start their own brokers)",
    async ensure() {
      // mosquitto has no --version and exits non-zero on -h, so presence is checked directly.
      if (!existsSync(MOSQUITTO) || !existsSync(MOSQUITTO_PASSWD)) aptInstall("mosquitto");
      if (!existsSync(MOSQUITTO) || !existsSync(MOSQUITTO_PASSWD)) throw new Error(`${MOSQUITTO} or ${MOSQUITTO_PASSWD} is still missing after installing Debian package mosquitto`);
      return spawnSync(MOSQUITTO, ["-h"], { encoding: "utf8" }).stdout.split("\n")[0] ?? "installed";
    },
  },
  {
    name: "GStreamer RTSP server (the RTSP cameras pulled cameras are tested against)",
    async ensure() {
      const check = () => firstLine([DEBIAN_PYTHON, "-c", RTSP_CAMERA_CHECK]);
      const found = check() ?? (aptInstall(...RTSP_CAMERA_PACKAGES), check());
      if (found !== undefined) return found;
      const why = spawnSync(DEBIAN_PYTHON, ["-c", RTSP_CAMERA_CHECK], { encoding: "utf8", timeout: 30_000 });
      throw new Error(`${DEBIAN_PYTHON} still cannot run the RTSP camera after installing ${RTSP_CAMERA_PACKAGES.join(" ")}: ${why.error?.message ?? why.stderr.trim().split("\n").pop()}`);
    },
  },
  debianTool("redis-server (each LiveKit test starts its own, for ingress)", "redis-server", [["redis-server", "--version"]]),
  {
    name: "PostgreSQL server binaries (store tests and the PostgreSQL suite start their own cluster)",
    async ensure() {
      // The binaries live under /usr/lib/postgresql/<major>/bin, named by whichever major is installed.
      const version = () => {
        try {
          return firstLine([path.join(postgresBin(), "postgres"), "--version"]);
        } catch {
          return undefined;
        }
      };
      const found = version() ?? (aptInstall("postgresql"), version());
      if (found === undefined) throw new Error("postgres --version still does not run after installing Debian package postgresql");
      return found;
    },
  },
];
