import type { Logger } from "pino";
import type { CameraWatcher, PulledCameras } from "../ingest/pulled.ts";
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

const keyOf = (app: string, room: string): string => `${app}\u0000${room}`;

/** The H.264 rendition of one camera: an encode run only while a player reads it, packaged like the original. */
export class H264Rendition {
  readonly packager = new LlHlsPackager({ maxBytes: CAMERA_MAX_BYTES });
  readonly encoder: OnDemandFfmpeg;
  private reader = new Fmp4Reader();

  constructor(log: Logger) {
    this.encoder = new OnDemandFfmpeg({
      output: H264_ENCODE,
      restarted: () => (this.reader = new Fmp4Reader()),
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
}

/** What the window of one camera holds: its packager, and its rendition while the camera is H.265. */
interface CameraWindow {
  readonly packager: LlHlsPackager;
  h264: H264Rendition | undefined;
  unsubscribe: () => void;
}

const isH265 = (codec: string) => codec.startsWith("hvc1") || codec.startsWith("hev1");

/**
 * The LL-HLS window of every camera pulled on this node (issue 33): one packager per camera, fed
 * with the fragments its pull already copies (no process and no decode of its own), kept across
 * reconnects (the playlist goes on with a discontinuity), dropped when the camera stops here. An
 * H.265 camera also has an H.264 rendition, encoded only while a player reads it; it is made when
 * the camera's init section says H.265, so an H.264 camera holds no second window.
 */
export class CameraHls implements CameraWatcher {
  private readonly cameras = new Map<string, CameraWindow>();

  constructor(
    private readonly source: PulledCameras,
    private readonly log: Logger,
  ) {
    source.watch(this);
  }

  pulled(app: string, room: string): void {
    const key = keyOf(app, room);
    if (this.cameras.has(key)) return;
    const packager = new LlHlsPackager({ maxBytes: CAMERA_MAX_BYTES });
    // Made before subscribing: a camera already live hands its init section over at once.
    const camera: CameraWindow = { packager, h264: undefined, unsubscribe: () => undefined };
    this.cameras.set(key, camera);
    camera.unsubscribe = this.source.subscribe(app, room, {
      started: (init) => {
        packager.start(init);
        if (!isH265(init.codec)) this.dropRendition(camera);
        else camera.h264 ??= new H264Rendition(this.log.child({ app, room }));
        camera.h264?.encoder.started(init);
      },
      fragment: (fragment) => {
        packager.append(fragment);
        camera.h264?.encoder.fragment(fragment);
      },
      ended: () => {
        packager.end();
        camera.h264?.encoder.ended();
        camera.h264?.packager.end();
      },
    });
  }

  gone(app: string, room: string): void {
    const key = keyOf(app, room);
    const camera = this.cameras.get(key);
    if (!camera) return;
    this.cameras.delete(key);
    camera.unsubscribe();
    camera.packager.end();
    this.dropRendition(camera);
  }

  /** The room's packager while its camera is pulled here. */
  of(app: string, room: string): LlHlsPackager | undefined {
    return this.cameras.get(keyOf(app, room))?.packager;
  }

  /** The room's H.264 rendition while its camera is pulled here and is H.265. */
  h264Of(app: string, room: string): H264Rendition | undefined {
    return this.cameras.get(keyOf(app, room))?.h264;
  }

  /** A camera that came back as H.264 (or went) needs no rendition: its encode stops. */
  private dropRendition(camera: CameraWindow): void {
    camera.h264?.encoder.ended();
    camera.h264?.packager.end();
    camera.h264 = undefined;
  }
}
