import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A server the suite builds from source with `go install` (no release binaries reach this
 * machine), cached under `~/.cache/service-core/<name>/<version>/` between runs. `envVar` names a
 * ready binary instead, for machines that have one.
 */
export interface GoTool {
  readonly name: string;
  /** Its folder under the cache. */
  readonly cacheDir: string;
  /** `go install` package path, without `@version`. */
  readonly pkg: string;
  readonly version: string;
  /** The file `go install` writes (the package's last path element). */
  readonly installs: string;
  readonly envVar: string;
}

export const LIVEKIT: GoTool = {
  name: "livekit-server",
  cacheDir: "livekit",
  pkg: "github.com/livekit/livekit-server/cmd/server",
  version: "v1.13.5",
  installs: "server",
  envVar: "LIVEKIT_SERVER_BIN",
};

/**
 * MinIO's tags are not semver, so `go install` cannot name one; it is pinned to the pseudo-version
 * of the commit `latest` resolved to (2026-02-12), so every machine builds the same server.
 */
export const MINIO: GoTool = {
  name: "minio",
  cacheDir: "minio",
  pkg: "github.com/minio/minio",
  version: "v0.0.0-20260212201848-7aac2a2c5b7c",
  installs: "minio",
  envVar: "MINIO_BIN",
};

const cacheRoot = (): string => path.join(process.env["XDG_CACHE_HOME"] ?? path.join(os.homedir(), ".cache"), "service-core");

/** Where the tool's binary is, built or not. */
export function toolBinary(tool: GoTool): string {
  const given = process.env[tool.envVar];
  if (given) return given;
  return path.join(cacheRoot(), tool.cacheDir, tool.version, tool.name);
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs a Go build step (minutes the first time) and fails loudly when it does not produce `binary`. */
function goBuild(name: string, args: readonly string[], options: { cwd?: string; gobin?: string }, binary: string): void {
  const result = spawnSync("go", args, {
    cwd: options.cwd,
    env: { ...process.env, CGO_ENABLED: "0", ...(options.gobin ? { GOBIN: options.gobin } : {}) },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 30 * 60_000,
  });
  if (result.error) throw new Error(`go ${args[0]} of ${name} failed to run: ${result.error.message} (is Go installed?)`);
  if (result.status !== 0) throw new Error(`go ${args.join(" ")} (${name}) exited ${result.status}`);
  if (!executable(binary)) throw new Error(`go ${args[0]} of ${name} succeeded but ${binary} is missing`);
}

/** Builds the tool into the cache when it is not there yet (minutes the first time), else a no-op. */
export function ensureTool(tool: GoTool): string {
  const binary = toolBinary(tool);
  if (executable(binary)) return binary;
  if (process.env[tool.envVar]) throw new Error(`${tool.envVar}=${binary} is not an executable`);
  const dir = path.dirname(binary);
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`building ${tool.name} ${tool.version} with go install (first run only)...\n`);
  const installed = path.join(dir, tool.installs);
  goBuild(tool.name, ["install", `${tool.pkg}@${tool.version}`], { gobin: dir }, installed);
  if (tool.installs !== tool.name) renameSync(installed, binary);
  return binary;
}

/**
 * The suite's own Go programs standing in for LiveKit workers that cannot be built here, each in
 * test/<name> with its own go.mod, built against LiveKit's real Go modules.
 */
export type Standin = "egress-standin" | "ingress-standin";

const standinDir = (name: Standin): string => path.join(path.dirname(fileURLToPath(import.meta.url)), "..", name);

/** Where the stand-in built from its current sources is: a hash of them names the build, so a source change means a new one. */
export function standinBinary(name: Standin): string {
  const dir = standinDir(name);
  const hash = createHash("sha256");
  for (const file of readdirSync(dir).filter((f) => /\.go$|^go\.(mod|sum)$/.test(f)).sort()) {
    hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return path.join(cacheRoot(), name, hash.digest("hex").slice(0, 16), name);
}

/** Builds the stand-in (`go build` against the real LiveKit modules) unless cached. */
export function ensureStandin(name: Standin): string {
  const binary = standinBinary(name);
  if (executable(binary)) return binary;
  mkdirSync(path.dirname(binary), { recursive: true });
  process.stdout.write(`building the ${name} with go build (first run only)...\n`);
  goBuild(name, ["build", "-mod=readonly", "-o", binary, "."], { cwd: standinDir(name) }, binary);
  return binary;
}
