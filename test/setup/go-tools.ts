import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, renameSync } from "node:fs";
import os from "node:os";
import path from "node:path";

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
 * MinIO has no tagged module versions that `go install` resolves better than `latest` (its tags
 * are not semver); the first build pins whatever `latest` was into the cache, later runs reuse it.
 */
export const MINIO: GoTool = {
  name: "minio",
  cacheDir: "minio",
  pkg: "github.com/minio/minio",
  version: "latest",
  installs: "minio",
  envVar: "MINIO_BIN",
};

/** Where the tool's binary is, built or not. */
export function toolBinary(tool: GoTool): string {
  const given = process.env[tool.envVar];
  if (given) return given;
  const cache = process.env["XDG_CACHE_HOME"] ?? path.join(os.homedir(), ".cache");
  return path.join(cache, "service-core", tool.cacheDir, tool.version, tool.name);
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Builds the tool into the cache when it is not there yet (minutes the first time), else a no-op. */
export function ensureTool(tool: GoTool): string {
  const binary = toolBinary(tool);
  if (executable(binary)) return binary;
  if (process.env[tool.envVar]) throw new Error(`${tool.envVar}=${binary} is not an executable`);
  const dir = path.dirname(binary);
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`building ${tool.name} ${tool.version} with go install (first run only)...\n`);
  const result = spawnSync("go", ["install", `${tool.pkg}@${tool.version}`], {
    env: { ...process.env, GOBIN: dir, CGO_ENABLED: "0" },
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 30 * 60_000,
  });
  if (result.error) throw new Error(`go install of ${tool.name} failed to run: ${result.error.message} (is Go installed?)`);
  if (result.status !== 0) throw new Error(`go install of ${tool.name} ${tool.version} exited ${result.status}`);
  if (tool.installs !== tool.name) renameSync(path.join(dir, tool.installs), binary);
  if (!executable(binary)) throw new Error(`go install succeeded but ${binary} is missing`);
  return binary;
}
