import { DEFAULT_LAYERS, type AppConfig } from "../config/schema.ts";

/** One rung of a ladder as the API shows it. */
export interface Rung {
  readonly height: number;
  readonly bitrateKbps: number;
}

export const toApi = (rungs: ReadonlyArray<{ height: number; bitrate_kbps: number }>): Rung[] =>
  rungs.map((r) => ({ height: r.height, bitrateKbps: r.bitrate_kbps }));

/** The WebRTC ladder in force: the app's own, or the default 720/480/240. */
export function effectiveLayers(config: AppConfig): Rung[] {
  return toApi(config.transcoding.layers ?? DEFAULT_LAYERS);
}

/**
 * Where `layers` and `encoding` take effect, for the config answer (issue 29): LiveKit's ingress
 * transcodes with them; a WebRTC publisher's client SDK chooses its own simulcast layers and
 * codec, so for join tokens they are advice the client may follow.
 */
export const APPLIES_TO = {
  layers:
    "ingress: every transcoded ingress (RTMP and URL always, WHIP with transcoding on) publishes the three highest rungs as its simulcast layers (16:9 widths); WebRTC publishers (join tokens): advisory, their client SDK chooses its own layers",
  encoding:
    "ingress: the first codec listed that LiveKit's ingress can publish (h264, vp8) is its video codec, LiveKit's default (H.264) otherwise; WebRTC publishers (join tokens): advisory, their client SDK chooses the codec",
} as const;
