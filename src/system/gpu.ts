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

/** One tool's run: how it ended and what it printed. */
export interface ToolRun {
  readonly state: ToolState;
  readonly out: string;
}

/** Everything the status is decided from: what the tools printed, and the render nodes found. */
export interface ProbeOutputs {
  /** `nvidia-smi --query-gpu=name --format=csv,noheader` */
  readonly nvidiaSmi: ToolRun;
  readonly renderNodes: readonly string[];
  /** `vainfo` on the first render node (missing when there is none). */
  readonly vainfo: ToolRun;
  /** `ffmpeg -hide_banner -encoders` */
  readonly ffmpegEncoders: ToolRun;
}

/** The GPU names `nvidia-smi --query-gpu=name --format=csv,noheader` printed, one per line. */
export function nvidiaGpus(out: string): string[] {
  return out
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The driver `vainfo` names on its `Driver version:` line, or null. */
export function vaapiDriver(out: string): string | null {
  return /Driver version:\s*(.+)/.exec(out)?.[1]?.trim() ?? null;
}

/** The hardware video encoders in `ffmpeg -encoders`' table (software ones are left out). */
export function hardwareEncoders(out: string): string[] {
  return out.split("\n").flatMap((l) => HARDWARE_ENCODER.exec(l)?.[1] ?? []);
}

/**
 * What the tools' outputs mean, decided without running anything (so it is tested on recorded
 * outputs of GPU hosts): NVIDIA when nvidia-smi ran and named a GPU, VA-API when a render node
 * exists and vainfo opened it, Quick Sync when that driver is Intel's.
 */
export function gpuStatusFrom(o: ProbeOutputs, probedAt: string): GpuStatus {
  const gpus = o.nvidiaSmi.state === "ok" ? nvidiaGpus(o.nvidiaSmi.out) : [];
  const driver = vaapiDriver(o.vainfo.out);
  const vaapi = o.renderNodes.length > 0 && o.vainfo.state === "ok";
  const types = { nvidia: gpus.length > 0, vaapi, qsv: vaapi && /intel/i.test(driver ?? "") };
  return {
    available: Object.values(types).some(Boolean),
    probedAt,
    types,
    nvidia: { tool: o.nvidiaSmi.state, gpus },
    vaapi: { renderNodes: o.renderNodes, tool: o.vainfo.state, driver },
    ffmpeg: { tool: o.ffmpegEncoders.state, hardwareEncoders: o.ffmpegEncoders.state === "ok" ? hardwareEncoders(o.ffmpegEncoders.out) : [] },
  };
}

function run(command: string, args: readonly string[]): Promise<ToolRun> {
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
  const [nvidiaSmi, nodes, ffmpegEncoders] = await Promise.all([
    run("nvidia-smi", ["--query-gpu=name", "--format=csv,noheader"]),
    renderNodes(),
    run("ffmpeg", ["-hide_banner", "-encoders"]),
  ]);
  const [node] = nodes;
  const vainfo: ToolRun = node === undefined ? { state: "missing", out: "" } : await run("vainfo", ["--display", "drm", "--device", node]);
  return gpuStatusFrom({ nvidiaSmi, renderNodes: nodes, vainfo, ffmpegEncoders }, new Date().toISOString());
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
