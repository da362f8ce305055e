import type { Egresses } from "../egress/service.ts";
import { isProblem, type Problem } from "../lib/problem.ts";
import { PACED_FPS, PacedFfmpeg } from "../mjpeg/paced-ffmpeg.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { VideoEncoder } from "../vods/encoders.ts";

/** What a push reports to its destination's actor. */
export interface PushEvents {
  connected(): void;
  died(error: string): void;
  sourceEnded(): void;
  bitrate(kbps: number): void;
}

/** A running push; `halt` ends it and reports nothing more. */
export interface Push {
  readonly egressId: string;
  halt(): void;
}

/** The video bitrate a camera restream asks of the encoder (a 720p30 camera at a platform's usual rate). */
const CAMERA_KBPS = 2500;

/**
 * A camera room pushed by our own ffmpeg: the relay's newest JPEG at a constant rate, H.264 with a
 * keyframe every 2 s (platforms ask for at most 4) and a silent AAC track (several platforms
 * refuse video without audio), FLV to the destination. Connected once ffmpeg has written bytes
 * (`-progress` total_size), which it does only after the RTMP handshake; dead when ffmpeg exits.
 * Hardware encoders that need no device upload (NVENC, Quick Sync) are used when the GPU probe
 * found them; VA-API's upload chain is not wired here, so those machines encode in software.
 */
export function cameraPush(cameras: CameraRooms, app: string, room: string, url: string, encoder: VideoEncoder, egressId: string, on: PushEvents): Push | Problem | undefined {
  let halted = false;
  let connected = false;
  const hardware = encoder.accel !== "software" && encoder.deviceArgs.length === 0;
  const video = hardware ? ["-c:v", encoder.codec, ...encoder.options] : ["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"];
  const ffmpeg = new PacedFfmpeg({
    output: [
      "-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=44100",
      "-map", "0:v", "-map", "1:a",
      "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2",
      ...video, "-g", String(PACED_FPS * 2), "-b:v", `${CAMERA_KBPS}k`, "-maxrate", `${CAMERA_KBPS}k`, "-bufsize", `${CAMERA_KBPS * 2}k`,
      "-c:a", "aac", "-b:a", "64k", "-shortest",
      "-f", "flv", url,
    ],
    onCameraLeft: () => !halted && on.sourceEnded(),
    onExit: (exit) => !halted && on.died(exit.stderr.split("\n").at(-1) || `ffmpeg exited with ${exit.signal ?? `code ${exit.code}`}`),
    progress: (fields) => {
      if (halted) return;
      const bytes = Number(fields["total_size"]);
      if (!connected && bytes > 0) {
        connected = true;
        on.connected();
      }
      const kbps = Number.parseFloat(fields["bitrate"] ?? "");
      if (Number.isFinite(kbps)) on.bitrate(kbps);
    },
  });
  const untap = cameras.tap(app, room, ffmpeg);
  if (!untap) {
    void ffmpeg.stop();
    return undefined;
  }
  return {
    egressId,
    halt() {
      halted = true;
      untap();
      void ffmpeg.stop();
    },
  };
}

/**
 * A media-server room pushed by LiveKit's egress (a stream output); the egress's own events tell
 * its actor when it is active or ended, so this only starts and stops it.
 */
export async function egressPush(egresses: Egresses, app: string, room: string, url: string, layout: string): Promise<Push | Problem> {
  const info = await egresses.start(app, room, { kind: "room-composite", layout }, { streams: [url] });
  if (isProblem(info)) return info;
  return {
    egressId: info.egressId,
    halt() {
      void egresses.stop(app, info.egressId);
    },
  };
}
