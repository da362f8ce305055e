import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEBIAN_PYTHON } from "../setup/prerequisites.ts";
import { runTool } from "./exec.ts";
import { stopChild } from "./livekit.ts";
import { freePort } from "./ports.ts";
import { tempDir } from "./temp.ts";

const SCRIPT = fileURLToPath(new URL("../fixtures/rtsp-camera.py", import.meta.url));
const READY_MS = 20_000;

export interface RtspCameraOptions {
  readonly codec?: "h264" | "h265";
  /** `WxH`; 640x360 unless told, to keep the encoder light on a small test machine. */
  readonly size?: string;
  /** 15 unless told. */
  readonly fps?: number;
  /** Keyframe interval in frames; 2 s worth unless told. */
  readonly gop?: number;
  /**
   * An H.264 Annex-B file without B-frames (`ffmpeg ... -bf 0 -f h264`) served in a loop at its own
   * frame rate instead of a live encode, which `codec`, `size`, `fps` and `gop` then do not shape,
   * and which carries no time code (test/helpers/glass.ts) unless the file has one.
   */
  readonly file?: string;
  /** The RTP transports it offers: both unless told (a camera that does only UDP answers a TCP client 461). */
  readonly transport?: "tcp" | "udp";
  /** RTSPS: TLS on every connection, with a self-signed certificate made for it (as cameras have). */
  readonly tls?: boolean;
  /** With a user and password, a client without them (or with a wrong password) is refused with 401. */
  readonly credentials?: { readonly user: string; readonly password: string; readonly auth?: "basic" | "digest" };
}

/** A real RTSP camera (test/fixtures/rtsp-camera.py) on loopback, serving `/cam`. */
export interface RtspCamera {
  /** `rtsp://[user:password@]127.0.0.1:<port>/cam`, credentials URL-encoded. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Stops it and starts it again on the same port, as a camera reboots. */
  restart(): Promise<void>;
}

/** Starts a camera on a free loopback port; resolves once it listens, or rejects within 20 s with what it printed. */
export async function startRtspCamera(options: RtspCameraOptions = {}): Promise<RtspCamera> {
  const args = scriptArgs(options);
  // Ports are free when picked, not when bound: a camera that loses that race is started on another.
  let failure = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    try {
      return running(port, args, await launch(port, args), options.credentials);
    } catch (err) {
      failure = (err as Error).message;
      if (!failure.includes("cannot listen")) break;
    }
  }
  throw new Error(failure);
}

function scriptArgs({ codec = "h264", size = "640x360", fps = 15, gop, file, transport, tls, credentials }: RtspCameraOptions): string[] {
  const args = ["--codec", codec, "--size", size, "--fps", String(fps)];
  if (transport !== undefined) args.push("--transport", transport);
  if (tls) args.push(...certificateArgs());
  if (gop !== undefined) args.push("--gop", String(gop));
  if (file !== undefined) args.push("--file", file);
  if (credentials) args.push("--user", credentials.user, "--password", credentials.password, "--auth", credentials.auth ?? "digest");
  return args;
}

/** `--tls-cert` and `--tls-key` of a self-signed certificate for 127.0.0.1, made for this camera. */
function certificateArgs(): string[] {
  const dir = tempDir("rtsps-");
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", cert], { stdio: "ignore" });
  return ["--tls-cert", cert, "--tls-key", key];
}

function running(port: number, args: readonly string[], first: ChildProcess, credentials: RtspCameraOptions["credentials"]): RtspCamera {
  let child = first;
  const userinfo = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : "";
  return {
    url: `${args.includes("--tls-cert") ? "rtsps" : "rtsp"}://${userinfo}127.0.0.1:${port}/cam`,
    port,
    stop: () => stopChild(child),
    async restart() {
      await stopChild(child);
      child = await launch(port, args);
    },
  };
}

/** Spawns the script and waits for its `ready` line; a camera that exits or stays silent is killed and its stderr thrown. */
async function launch(port: number, args: readonly string[]): Promise<ChildProcess> {
  const child = spawn(DEBIAN_PYTHON, [SCRIPT, "--port", String(port), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const closed = new Promise((resolve) => child.once("close", resolve));
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/^ready rtsp:\/\//m.test(stdout)) resolve();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => reject(new Error(`rtsp-camera on port ${port} exited (${signal ?? code}) before it was ready`)));
    timer = setTimeout(() => reject(new Error(`rtsp-camera on port ${port} not ready after ${READY_MS} ms`)), READY_MS);
  });
  try {
    await ready;
  } catch (err) {
    await stopChild(child);
    // Its last words (a port taken, a missing element) may still be in the pipe when it exits.
    await closed;
    throw new Error(`${(err as Error).message}; stderr:\n${stderr.trim()}`);
  } finally {
    clearTimeout(timer);
  }
  return child;
}

export interface ClipOptions {
  /** `WxH`. */
  readonly size: string;
  readonly fps: number;
  readonly seconds: number;
  /** Keyframe interval in frames. */
  readonly gop: number;
  /** A constant bitrate such as `4M`, as cameras send; ffmpeg's default quality unless given. */
  readonly bitrate?: string;
}

/**
 * Encodes ffmpeg's moving test picture into `file` as a camera sends it, for
 * RtspCameraOptions.file: H.264 Annex-B without B-frames, a keyframe every `gop` frames.
 */
export async function encodeClip(file: string, { size, fps, seconds, gop, bitrate }: ClipOptions): Promise<void> {
  const rate = bitrate === undefined ? [] : ["-b:v", bitrate, "-maxrate", bitrate, "-bufsize", bitrate];
  const args = ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${fps}`, "-t", String(seconds),
    "-c:v", "libx264", "-preset", "veryfast", "-bf", "0", "-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", ...rate,
    "-pix_fmt", "yuv420p", "-f", "h264", file];
  const result = await runTool("ffmpeg", args, 120_000);
  if (result.code !== 0) throw new Error(`encoding ${file}: ${result.stderr}`);
}
