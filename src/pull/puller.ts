import { spawn, type ChildProcess } from "node:child_process";
import type { RtspGuard } from "./rtsp-guard.ts";

/** What a pulled source carries, read off ffmpeg's description of its input. */
export interface PulledMedia {
  /** ffmpeg's codec name: `h264`, `hevc`, ... */
  readonly codec: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number | null;
}

/** Why a pull ended by itself: a drop (retrying may help) or a refusal (it cannot). */
export type PullEnd =
  | { readonly kind: "dropped"; readonly error: string }
  | { readonly kind: "refused"; readonly reason: Refusal; readonly error: string };

type Refusal = "unauthorized" | "not_found" | "unsupported" | "forbidden";

export interface PullOptions {
  /** The source, credentials included (they never appear in what a pull reports). */
  readonly url: string;
  /** RTSP's transport: TCP unless the camera only does UDP. */
  readonly transport?: "tcp" | "udp";
  /** For an http(s) source (HLS): the proxy every request ffmpeg makes for it goes through (source-proxy.ts). */
  readonly httpProxy?: string;
  /** For an `rtsp://` source: the relay ffmpeg connects through (rtsp-guard.ts), closed when the pull ends; `url` is then the relay's. */
  readonly guard?: RtspGuard;
  /** ffmpeg's output arguments for the copied video (live segments, a recording). */
  readonly output: readonly string[];
  /** What ffmpeg writes to its stdout (an output of `pipe:1`), as it comes. */
  readonly onOutput?: (chunk: Buffer) => void;
  /** A number that grows while the output does, for an output that is not stdout (a ring's files): the watchdog reads it. */
  readonly progress?: () => number;
  /** How long the source may send nothing before the pull counts as dropped. */
  readonly stallMs?: number;
  /** How long the pull may take to go live before it counts as dropped. */
  readonly connectMs?: number;
  /** Called once, when the source's media flows into the output. */
  readonly onLive: (media: PulledMedia) => void;
  /** Called once when the pull ends by itself; never after `stop`. */
  readonly onEnded: (end: PullEnd) => void;
}

/** Video ffmpeg can copy into fMP4 segments and MP4 recordings as it comes, without decoding. */
const COPYABLE = new Set(["h264", "hevc"]);
const STALL_MS = 5000;
/**
 * ffmpeg's own timeouts cover a silent connection, not a source that answers and never gives
 * video: an HLS playlist whose every segment fails is retried for ever. A probe takes a few
 * seconds; a pull not live after this long is dropped (and retried, then failed as unreachable).
 */
const CONNECT_MS = 20_000;
/** How long ffmpeg gets to close its output after `q` before it is killed. */
const FINISH_MS = 5000;

/** `rtsp://user:secret@host/...` as `rtsp://user:***@host/...`: for every message a pull reports. */
export function maskCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^/\s:@]*):[^@\s/]*@/gi, "$1:***@");
}

/** `Stream #0:0: Video: h264 (High), yuv420p(...), 1280x720 [SAR 1:1 DAR 16:9], 25 fps, ...` */
const VIDEO_STREAM = /Stream #0:\d+[^:]*: Video: ([a-z0-9_]+)[^\n]*?, (\d{2,5})x(\d{2,5})(?:[^\n]*?, ([\d.]+) fps)?/;

/**
 * One source pulled by ffmpeg with its video copied, never decoded, into `output` (issue 33): the
 * copy costs a remux, not an encode. ffmpeg's log says when the source answered and what it
 * carries (the pull is live once its video is mapped to the output), and why it ended: a 401 or
 * 404 from the source, or video that cannot be copied, is a refusal; anything else (refused
 * connection, a source silent for `stallMs`, an end of stream) is a drop. Every message has the
 * URL's credentials masked.
 */
export class Puller {
  private readonly child: ChildProcess;
  private log = "";
  private media: PulledMedia | undefined;
  private refusal: PullEnd | undefined;
  /** Why the watchdog ended it, when it did. */
  private drop: PullEnd | undefined;
  private stopping = false;
  private lastOutput = Date.now();
  private readonly exited: Promise<void>;

  constructor(private readonly o: PullOptions) {
    const scheme = new URL(o.url).protocol;
    const stallUs = String((o.stallMs ?? STALL_MS) * 1000);
    const input = scheme === "rtsp:" || scheme === "rtsps:" ? ["-rtsp_transport", o.transport ?? "tcp", "-timeout", stallUs] : ["-rw_timeout", stallUs];
    if (scheme === "http:" || scheme === "https:") {
      if (o.httpProxy === undefined) throw new Error("an HTTP pull needs the source proxy");
      // Read as HLS, and open nothing but what HLS over HTTP needs: any other protocol a
      // playlist names (rtp, udp, file) would connect around the proxy. HTTPS needs `httpproxy`
      // (its tunnel through the proxy), which a playlist could also name directly; see docs/security.md.
      const protocols = scheme === "http:" ? "http,tcp,crypto,data" : "https,http,tls,tcp,httpproxy,crypto,data";
      input.push("-http_proxy", o.httpProxy, "-protocol_whitelist", protocols, "-f", "hls");
    }
    const args = ["-hide_banner", "-nostats", "-loglevel", "info", ...input, "-i", o.url, "-map", "0:v:0", "-c", "copy", ...o.output];
    const onOutput = o.onOutput;
    // ffmpeg's HTTP skips the proxy for the hosts `no_proxy` names: it is not inherited.
    const { no_proxy: _a, NO_PROXY: _b, ...env } = process.env;
    this.child = spawn("ffmpeg", args, { stdio: ["pipe", onOutput ? "pipe" : "ignore", "pipe"], env });
    o.guard?.onRefused((why) => this.refuse("forbidden", why));
    if (onOutput) {
      this.child.stdout?.on("data", (chunk: Buffer) => {
        this.lastOutput = Date.now();
        onOutput(chunk);
      });
    }
    this.child.stderr?.on("data", (chunk: Buffer) => this.read(chunk.toString()));
    // A `q` written after ffmpeg died fails with EPIPE; its exit says what happened.
    this.child.stdin?.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (err) => {
        this.log += `\n${err.message}`;
        resolve();
      });
      this.child.once("exit", () => resolve());
    });
    const started = Date.now();
    const connectMs = o.connectMs ?? CONNECT_MS;
    const stallMs = o.stallMs ?? STALL_MS;
    let progress = o.progress?.();
    // Twice the stall: ffmpeg's own timeout says more, when it comes.
    const watchdog = setInterval(() => {
      // A stopping pull is closing its output: it is not killed for the quiet that brings.
      if (this.stopping) return;
      const now = o.progress?.();
      if (now !== progress) {
        progress = now;
        this.lastOutput = Date.now();
      }
      const watched = onOutput !== undefined || o.progress !== undefined;
      if (this.media === undefined && Date.now() - started > connectMs) this.dropNow(`no video came within ${connectMs / 1000} s (ffmpeg: ${this.lastLine()})`);
      else if (this.media !== undefined && watched && Date.now() - this.lastOutput > 2 * stallMs) this.dropNow(`the source sent no video for ${(2 * stallMs) / 1000} s`);
    }, 1000);
    watchdog.unref();
    void this.exited.then(() => {
      clearInterval(watchdog);
      o.guard?.close();
      if (!this.stopping) this.o.onEnded(this.refusal ?? this.drop ?? { kind: "dropped", error: o.guard?.upstreamError ?? this.lastLine() });
    });
  }

  /** The media of a pull that went live. */
  get live(): PulledMedia | undefined {
    return this.media;
  }

  /** Ends the pull: ffmpeg closes its output (its last segment, a recording's index), or is killed. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.stdin?.end("q");
      const killer = setTimeout(() => this.child.kill("SIGKILL"), FINISH_MS);
      await this.exited;
      clearTimeout(killer);
    }
  }

  private read(text: string): void {
    this.log = (this.log + text).slice(-4000);
    // Before the video flows, a 401 or 404 is the source's answer; after, a live HLS segment gone
    // missing is a drop like any other.
    if (this.refusal === undefined && this.media === undefined) {
      if (/401 Unauthorized/.test(text)) this.refuse("unauthorized", "the source refused the credentials (401 Unauthorized)");
      else if (/404 Not Found/.test(text)) this.refuse("not_found", "the source has no such stream (404 Not Found)");
    }
    if (this.media !== undefined || this.refusal !== undefined) return;
    const video = VIDEO_STREAM.exec(this.log);
    // Live once ffmpeg maps the video to the output: the source answered and its packets flow.
    if (!video || !/Stream #0:\d+ -> #0:0 \(copy\)/.test(this.log)) return;
    const codec = video[1] ?? "";
    if (!COPYABLE.has(codec)) {
      this.refuse("unsupported", `the source's video is ${codec}; only H.264 and H.265 are pulled (copied without re-encoding)`);
      return;
    }
    this.media = { codec, width: Number(video[2]), height: Number(video[3]), fps: video[4] === undefined ? null : Number(video[4]) };
    this.o.onLive(this.media);
  }

  private dropNow(error: string): void {
    if (this.drop !== undefined || this.refusal !== undefined) return;
    this.drop = { kind: "dropped", error };
    this.child.kill("SIGKILL");
  }

  private refuse(reason: Refusal, error: string): void {
    this.refusal = { kind: "refused", reason, error };
    this.child.kill("SIGKILL");
  }

  /** ffmpeg's last line that says something, masked. */
  private lastLine(): string {
    const lines = this.log.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("Press [q]"));
    return maskCredentials(lines.at(-1) ?? "ffmpeg ended without a word").slice(0, 300);
  }
}
