/**
 * Glass-to-glass latency of a pulled camera, from the time code its frames carry
 * (test/helpers/glass.ts), three ways over the same window:
 * - on the player page in Chromium, hls.js over the service's LL-HLS, every presented frame read
 *   back: what a viewer sees, and the figure the goal is about;
 * - a Node LL-HLS client taking each part the moment the service has it (blocking requests, as a
 *   player makes them) into an ffmpeg decoder: what the service delivers, before any player's
 *   hold-back, so a slow figure above can be told apart from a slow service;
 * - the baseline, a bare ffmpeg decoding the camera's RTSP directly: the least any viewer sees.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent, fetch } from "undici";
import { launchChromium } from "../../test/helpers/browser.ts";
import { cellLumas, decodeTimeCode, glassProbe, sinceCapture, takeGlass } from "../../test/helpers/glass.ts";

export interface Latencies {
  /** ms from capture to the glass, one per frame read. */
  readonly samples: readonly number[];
  /** Frames whose code could not be read. */
  readonly unreadable: number;
  /**
   * For the player, the seconds of video it held beyond the frame on screen at the end: a player
   * far behind with little ahead is fed late; one far behind with much ahead chose to stay back.
   */
  readonly aheadSeconds?: number;
}

/** A camera whose frames carry the time code, and the window to read it over. */
export interface GlassWindow {
  readonly width: number;
  readonly height: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** Reads the player page `url` over the window, after the warmup for hls.js to settle at its live edge. */
export async function playerLatency(url: string, w: GlassWindow): Promise<Latencies> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(glassProbe(w.width, w.height));
    const page = await context.newPage();
    await page.goto(url);
    await sleep(w.warmupSeconds * 1000);
    await takeGlass(page);
    await sleep(w.seconds * 1000);
    const read = await takeGlass(page);
    if (read.wrongSize > 0) throw new Error(`the page played the camera at another size than ${w.width}x${w.height}`);
    const aheadSeconds = await page.evaluate<number>(`(() => {
      const v = document.querySelector("video");
      return v && v.buffered.length > 0 ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0;
    })()`);
    return { samples: read.samples.map((s) => s.latencyMs), unreadable: read.unreadable, aheadSeconds };
  } finally {
    await browser.close();
  }
}

/**
 * An ffmpeg decoding `input` to raw grey frames, each frame's time code read the moment it comes
 * out; frames before the warmup's end are not counted. Low-delay decoding, so ffmpeg holds no
 * frames back for its threads.
 */
class CodeReader {
  readonly ffmpeg: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly samples: number[] = [];
  private unreadable = 0;
  private stderr = "";

  constructor(input: readonly string[], private readonly w: GlassWindow) {
    const args = ["-v", "error", "-fflags", "nobuffer", "-flags", "low_delay", ...input, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"];
    this.ffmpeg = spawn("ffmpeg", args, { stdio: ["pipe", "pipe", "pipe"] });
    this.ffmpeg.stdin.on("error", () => undefined);
    this.ffmpeg.stderr.on("data", (c: Buffer) => (this.stderr = (this.stderr + c.toString()).slice(-2000)));
    const frameBytes = w.width * w.height;
    const from = Date.now() + w.warmupSeconds * 1000;
    let pending = Buffer.alloc(0);
    this.ffmpeg.stdout.on("data", (chunk: Buffer) => {
      const at = Date.now();
      pending = Buffer.concat([pending, chunk]);
      for (; pending.length >= frameBytes; pending = pending.subarray(frameBytes)) {
        if (at < from) continue;
        const captured = decodeTimeCode(cellLumas(pending.subarray(0, frameBytes), w.width, w.height));
        if (captured === undefined) this.unreadable++;
        else this.samples.push(sinceCapture(captured, at));
      }
    });
  }

  /** Waits out the window, then stops ffmpeg; throws when it read nothing. */
  async finish(what: string): Promise<Latencies> {
    await sleep((this.w.warmupSeconds + this.w.seconds) * 1000);
    this.ffmpeg.kill("SIGKILL");
    if (this.samples.length === 0) throw new Error(`${what} read no frame: ${this.stderr.trim() || "ffmpeg said nothing"}`);
    return { samples: this.samples, unreadable: this.unreadable };
  }
}

/** The baseline: a bare ffmpeg decoding the camera's RTSP. */
export function bareDecodeLatency(rtspUrl: string, w: GlassWindow): Promise<Latencies> {
  return new CodeReader(["-rtsp_transport", "tcp", "-timeout", "5000000", "-i", rtspUrl], w).finish("the bare ffmpeg decode");
}

const HINT = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part(\d+)\.(\d+)\.m4s"/;
const MAP = /#EXT-X-MAP:URI="([^"]+)"/;

/**
 * The service's LL-HLS at the part level: the init section, then every part from the next
 * segment's first (a keyframe, so the decoder starts clean), each asked for before it exists
 * (the service holds the request until it does) and handed to ffmpeg as it arrives.
 */
export async function partLatency(mediaPlaylist: string, w: GlassWindow): Promise<Latencies> {
  const dir = mediaPlaylist.slice(0, mediaPlaylist.lastIndexOf("/") + 1);
  const agent = new Agent();
  const stop = new AbortController();
  const get = async (url: string) => {
    const res = await fetch(url, { dispatcher: agent, signal: AbortSignal.any([stop.signal, AbortSignal.timeout(15_000)]) });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };
  const reader = new CodeReader(["-probesize", "32", "-analyzeduration", "0", "-f", "mp4", "-i", "pipe:0"], w);
  const follow = async () => {
    const list = (await get(mediaPlaylist)).body.toString();
    const [, init] = MAP.exec(list) ?? [];
    const [, msn, index] = HINT.exec(list) ?? [];
    if (init === undefined || msn === undefined) throw new Error(`${mediaPlaylist} names no init section or preload hint`);
    reader.ffmpeg.stdin.write((await get(`${dir}${init}`)).body);
    for (let segment = Number(msn) + (index === "0" ? 0 : 1); ; segment++) {
      for (let part = 0; ; part++) {
        const { status, body } = await get(`${dir}part${segment}.${part}.m4s`);
        // The part after a segment's last is answered 404 once the next segment has begun.
        if (status === 404 && part > 0) break;
        if (status !== 200) throw new Error(`part ${segment}.${part} answered ${status}`);
        reader.ffmpeg.stdin.write(body);
      }
    }
  };
  let failure: unknown;
  const following = follow().catch((err: unknown) => {
    if (!stop.signal.aborted) failure = err;
  });
  try {
    const read = await reader.finish("the LL-HLS part client");
    if (failure !== undefined) throw failure;
    return read;
  } finally {
    stop.abort();
    await following;
    await agent.close();
  }
}
