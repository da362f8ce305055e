import type { Logger } from "pino";
import type { CameraFeed, CameraWatcher, PulledCameras } from "../ingest/pulled.ts";
import { FMP4_OUTPUT, Fmp4Reader } from "./fmp4.ts";
import { LlHlsPackager } from "./llhls.ts";
import { OnDemandFfmpeg } from "./on-demand.ts";

/**
 * Bytes one camera's live window may hold: a 4 Mb/s camera's 12 s window and the segments kept
 * past it come to about 8 MB; a camera far above that has its segments cut short (llhls.ts).
 */
const CAMERA_MAX_BYTES = 24 * 1024 * 1024;
/**
 * The H.264 rendition of an H.265 camera, for browsers that cannot decode H.265 (Chromium on
 * Linux, most desktops without a hardware decoder): Main profile at level 4.1 (1080p30), a
 * keyframe every second so its segments are short, no larger than 1080p.
 */
const H264_ENCODE = [
  "-vf", "scale='min(1920,iw)':-2",
  "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-profile:v", "main", "-level:v", "4.1", "-pix_fmt", "yuv420p",
  "-force_key_frames", "expr:gte(t,n_forced*1)",
  ...FMP4_OUTPUT,
];
/** RFC 6381's name of that encode: avc1, Main (0x4d), no constraint flags, level 4.1 (0x29). */
export const H264_RENDITION_CODEC = "avc1.4d4029";
/** How long the encode runs on after its last request: a player asks every part (200 ms), so 30 s is long gone. */
const RENDITION_LINGER_MS = 30_000;

/** How long a camera's live window is kept after its last request: a player asks every part, a reload comes within seconds. */
const WINDOW_LINGER_MS = 30_000;
/**
 * Completed ring files a new window starts with, before the one being filmed: a player joining
 * finds a few seconds to start from at once (a 1 s GOP makes them 1 s each).
 */
const WINDOW_BACKFILL = 3;

const keyOf = (app: string, room: string): string => `${app}\u0000${room}`;

/** The H.264 rendition of one camera: an encode run only while a player reads it, packaged like the original. */
export class H264Rendition {
  packager = new LlHlsPackager({ maxBytes: CAMERA_MAX_BYTES });
  readonly encoder: OnDemandFfmpeg;
  private reader = new Fmp4Reader();

  constructor(tap: (feed: CameraFeed) => () => void, log: Logger) {
    this.encoder = new OnDemandFfmpeg({
      output: H264_ENCODE,
      // Each encode is a window of its own: one left idle holds nothing a later player should see.
      restarted: () => {
        this.reader = new Fmp4Reader();
        this.packager.end();
        this.packager = new LlHlsPackager({ maxBytes: CAMERA_MAX_BYTES });
      },
      tap,
      onOutput: (chunk) => {
        for (const item of this.reader.push(chunk)) {
          if (item.kind === "init") this.packager.start(item);
          else if (item.kind === "fragment") this.packager.append(item);
          else {
            log.warn({ error: item.message }, "the H.264 rendition's output could not be read; it stops");
            this.encoder.stop();
          }
        }
      },
      lingerMs: RENDITION_LINGER_MS,
      log,
      what: "an H.264 rendition of an H.265 camera",
    });
  }

  /** A player reads it: the encode runs (and starts when it was idle). */
  wanted(): void {
    this.encoder.wanted();
  }

  stop(): void {
    this.encoder.stop();
    this.packager.end();
  }
}

/** One camera's live window while players ask for it. */
interface CameraWindow {
  readonly packager: LlHlsPackager;
  readonly unsubscribe: () => void;
  askedAt: number;
}

const isH265 = (codec: string | undefined) => codec === "hevc";

/**
 * The LL-HLS windows of the cameras pulled on this node (issue 33), made only while players ask
 * for them: the first request makes a camera's packager, fed from its ring (segment-ring.ts)
 * from a few seconds back, so a player starts at once; the window goes on across reconnects (the
 * playlist goes on with a discontinuity) and goes WINDOW_LINGER_MS after the last request, or
 * when the camera stops here. No process and no decode of its own: a camera nobody watches has
 * no window and none of its video is read. An H.265 camera also has an H.264 rendition, encoded
 * only while a player reads it.
 */
export class CameraHls implements CameraWatcher {
  private readonly windows = new Map<string, CameraWindow>();
  private readonly renditions = new Map<string, H264Rendition>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly source: PulledCameras,
    private readonly log: Logger,
  ) {
    source.watch(this);
    this.sweeper = setInterval(() => this.sweep(), 5000).unref();
  }

  /** Nothing to do until a player asks. */
  pulled(): void {}

  gone(app: string, room: string): void {
    const key = keyOf(app, room);
    this.drop(key);
    this.renditions.get(key)?.stop();
    this.renditions.delete(key);
  }

  /** The room's window while its camera is pulled here; a request for it keeps it (and makes it when there was none). */
  of(app: string, room: string): LlHlsPackager | undefined {
    if (!this.source.pulledHere(app, room)) return undefined;
    const key = keyOf(app, room);
    let window = this.windows.get(key);
    if (!window) {
      const packager = new LlHlsPackager({ maxBytes: CAMERA_MAX_BYTES });
      const unsubscribe = this.source.subscribe(app, room, { started: (init) => packager.start(init), fragment: (f, at) => packager.append(f, at), ended: () => packager.end() }, { backfill: WINDOW_BACKFILL });
      window = { packager, unsubscribe, askedAt: 0 };
      this.windows.set(key, window);
    }
    window.askedAt = Date.now();
    return window.packager;
  }

  /** The room's H.264 rendition while its camera is pulled here and is H.265 now. */
  h264Of(app: string, room: string): H264Rendition | undefined {
    const key = keyOf(app, room);
    let rendition = this.renditions.get(key);
    if (!isH265(this.source.liveMedia(app, room)?.codec)) {
      // A camera that came back as H.264 needs no rendition: its encode stops.
      rendition?.stop();
      this.renditions.delete(key);
      return undefined;
    }
    if (!rendition) {
      rendition = new H264Rendition((feed) => this.source.subscribe(app, room, feed), this.log.child({ app, room }));
      this.renditions.set(key, rendition);
    }
    return rendition;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const key of [...this.windows.keys()]) this.drop(key);
    for (const r of this.renditions.values()) r.stop();
    this.renditions.clear();
  }

  private sweep(): void {
    for (const [key, window] of this.windows) if (Date.now() - window.askedAt > WINDOW_LINGER_MS) this.drop(key);
  }

  private drop(key: string): void {
    const window = this.windows.get(key);
    if (!window) return;
    this.windows.delete(key);
    window.unsubscribe();
    window.packager.end();
  }
}
