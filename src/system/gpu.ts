import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";

/** No probe tool may take longer than this; a hung driver must not hang the route. */
const TOOL_TIMEOUT_MS = 5_000;
/** Re-probing more often than this answers the probe in progress or just finished. */
const MIN_PROBE_INTERVAL_MS = 10_000;

/** Acceleration kinds the service can use, as `service_gpu_available{type}` labels them. */
export const GPU_TYPES = ["nvidia", "vaapi", "qsv"] as const;
export type GpuType = (typeof GPU_TYPES)[number];

/** What running one tool said: it ran, it is not installed, or it failed (with why). */
export type ToolState = "ok" | "missing" | `failed: ${string}`;

export interface GpuStatus {
  /** True when any kind below is usable. */
  readonly available: boolean;
  readonly probedAt: string;
  readonly types: Readonly<Record<GpuType, boolean>>;
  readonly nvidia: { readonly tool: ToolState; readonly gpus: readonly string[] };
  readonly vaapi: { readonly renderNodes: readonly string[]; readonly tool: ToolState; readonly driver: string | null };
  /** Hardware encoders the installed ffmpeg was built with: usable only where a type above is. */
  readonly ffmpeg: { readonly tool: ToolState; readonly hardwareEncoders: readonly string[] };
}

const HARDWARE_ENCODER = /^\s*V\S*\s+(\S+_(?:nvenc|vaapi|qsv|amf|v4l2m2m|videotoolbox|mf))\s/;

function run(command: string, args: readonly string[]): Promise<{ state: ToolState; out: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (!err) return resolve({ state: "ok", out: `${stdout}${stderr}` });
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return resolve({ state: "missing", out: "" });
      const why = err.killed ? `timed out after ${TOOL_TIMEOUT_MS} ms` : `${String(stderr).trim().split("\n")[0] || err.message}`.slice(0, 200);
      resolve({ state: `failed: ${why}`, out: `${stdout}` });
    });
  });
}

async function renderNodes(): Promise<string[]> {
  try {
    return (await readdir("/dev/dri")).filter((n) => n.startsWith("renderD")).map((n) => `/dev/dri/${n}`);
  } catch {
    return [];
  }
}

async function probe(): Promise<GpuStatus> {
  const [smi, nodes, encoders] = await Promise.all([
    run("nvidia-smi", ["--query-gpu=name", "--format=csv,noheader"]),
    renderNodes(),
    run("ffmpeg", ["-hide_banner", "-encoders"]),
  ]);
  const vainfo = nodes.length > 0 ? await run("vainfo", ["--display", "drm", "--device", nodes[0] as string]) : { state: "missing" as ToolState, out: "" };
  const driver = /Driver version:\s*(.+)/.exec(vainfo.out)?.[1]?.trim() ?? null;
  const gpus = smi.state === "ok" ? smi.out.split("\n").map((l) => l.trim()).filter(Boolean) : [];
  const vaapi = nodes.length > 0 && vainfo.state === "ok";
  const types = { nvidia: gpus.length > 0, vaapi, qsv: vaapi && /intel/i.test(driver ?? "") };
  return {
    available: Object.values(types).some(Boolean),
    probedAt: new Date().toISOString(),
    types,
    nvidia: { tool: smi.state, gpus },
    vaapi: { renderNodes: nodes, tool: vainfo.state, driver },
    ffmpeg: { tool: encoders.state, hardwareEncoders: encoders.out.split("\n").flatMap((l) => HARDWARE_ENCODER.exec(l)?.[1] ?? []) },
  };
}

/**
 * Hardware acceleration as this machine has it: nvidia-smi for NVIDIA GPUs, /dev/dri render nodes
 * with vainfo for VA-API (and Quick Sync on Intel drivers), and which hardware encoders ffmpeg
 * lists. A missing tool is reported, never thrown; every tool has a timeout. The answer is kept
 * until a refresh, and refreshes closer together than 10 s share one probe.
 */
export class GpuProbe {
  private current: Promise<GpuStatus> | undefined;
  private startedAt = 0;

  constructor(private readonly onProbed: (status: GpuStatus) => void) {}

  status(refresh = false): Promise<GpuStatus> {
    if (!this.current || (refresh && Date.now() - this.startedAt >= MIN_PROBE_INTERVAL_MS)) {
      this.startedAt = Date.now();
      this.current = probe().then((status) => {
        this.onProbed(status);
        return status;
      });
    }
    return this.current;
  }
}
