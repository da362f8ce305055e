import type { AppConfigInput } from "../config/schema.ts";

/** A built-in preset: what it is for, and the config it deep-merges over the current one. */
export interface Preset {
  readonly id: string;
  readonly description: string;
  readonly patch: AppConfigInput;
}

const ladder = (...rungs: Array<[number, number]>) => rungs.map(([height, bitrate_kbps]) => ({ height, bitrate_kbps }));

/** SPEC 2.12's three presets. */
export const PRESETS: readonly Preset[] = [
  {
    id: "low-latency",
    description: "WebRTC first: passthrough (no transcoding), a simulcast ladder, edge distribution",
    patch: {
      transcoding: { enabled: false, layers: ladder([720, 2500], [480, 1000], [240, 300]), distribution: "edge" },
      rtmp: { transcode: false },
    },
  },
  {
    id: "high-quality-recording",
    description: "Transcoding on, H.264 with a VP8/WebM alternate, room-composite recording, adaptive HLS VOD ladder 1080/720/480",
    patch: {
      transcoding: {
        enabled: true,
        encoding: "h264+vp8",
        vod_adaptive: true,
        vod_renditions: ladder([1080, 5000], [720, 2800], [480, 1200]),
      },
      recording: { enabled: true, mode: "room-composite" },
    },
  },
  {
    id: "mass-audience-HLS",
    description: "Transcoded HLS ladder 720/480/360, CDN distribution, a longer segment window",
    patch: {
      transcoding: {
        enabled: true,
        layers: ladder([720, 2800], [480, 1200], [360, 700]),
        distribution: "cdn",
        hls_segment_seconds: 6,
        hls_window_segments: 30,
      },
      rtmp: { transcode: true },
    },
  },
];

/** Keys a preset may never change, whatever its patch says (SPEC 2.12). */
const STRIPPED = ["s3", "callbacks", "name", "display_name", "room_prefix"];

export function stripPresetPatch(patch: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(patch).filter(([key]) => !STRIPPED.includes(key)));
}

/**
 * The leaf writes a deep merge of `patch` makes: objects merge key by key, anything else
 * (arrays included) replaces what is there.
 */
export function mergeEdits(patch: Record<string, unknown>, prefix: string[] = []): Array<{ path: string[]; value: unknown }> {
  return Object.entries(patch).flatMap(([key, value]) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? mergeEdits(value as Record<string, unknown>, [...prefix, key])
      : [{ path: [...prefix, key], value }],
  );
}
