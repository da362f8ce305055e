import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The LiveKit release the suite runs against. */
export const LIVEKIT_VERSION = "v1.13.5";

/** Where the built server is cached between runs, unless LIVEKIT_SERVER_BIN names one. */
export function livekitBinary(): string {
  const given = process.env["LIVEKIT_SERVER_BIN"];
  if (given) return given;
  const cache = process.env["XDG_CACHE_HOME"] ?? path.join(os.homedir(), ".cache");
  return path.join(cache, "service-core", "livekit", LIVEKIT_VERSION, "livekit-server");
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds livekit-server with `go install` into the cache when it is not there yet (a first build
 * takes a few minutes); later runs reuse it.
 */
export function ensureLivekit(): string {
  const binary = livekitBinary();
  if (executable(binary)) return binary;
  if (process.env["LIVEKIT_SERVER_BIN"]) throw new Error(`LIVEKIT_SERVER_BIN=${binary} is not an executable`);
  const dir = path.dirname(binary);
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`building livekit-server ${LIVEKIT_VERSION} with go install (first run only)...\n`);
  const result = spawnSync("go", ["install", `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_VERSION}`], {
    env: { ...process.env, GOBIN: dir, CGO_ENABLED: "0" },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 30 * 60_000,
  });
  if (result.error) throw new Error(`go install failed to run: ${result.error.message} (is Go installed?)`);
  if (result.status !== 0) throw new Error(`go install of livekit-server ${LIVEKIT_VERSION} exited ${result.status}`);
  spawnSync("mv", [path.join(dir, "server"), binary]);
  if (!executable(binary)) throw new Error(`go install succeeded but ${binary} is missing`);
  return binary;
}
