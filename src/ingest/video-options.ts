import { IngressVideoEncodingOptions, IngressVideoOptions, TrackSource, VideoCodec } from "livekit-server-sdk";
import { effectiveLayers } from "../apps/transcoding/layers.ts";
import type { AppConfig } from "../apps/config/schema.ts";

/** VideoQuality of LiveKit's protocol (not exported by the server SDK): LOW 0, MEDIUM 1, HIGH 2. */
const QUALITIES = [2, 1, 0] as const;

/** The codecs LiveKit's ingress can publish, by the names `transcoding.encoding` uses (a Map: `constructor` is a valid name there). */
const CODECS: ReadonlyMap<string, VideoCodec> = new Map([
  ["h264", VideoCodec.H264_BASELINE],
  ["vp8", VideoCodec.VP8],
]);

/** Ingress transcodes at this rate, as LiveKit's own presets do. */
const FRAME_RATE = 30;

/** Encoders (and LiveKit's validation) need even dimensions. */
const even = (n: number) => Math.round(n / 2) * 2;

/**
 * The app's `transcoding.layers` and `encoding` as LiveKit ingress options (issue 29): the three
 * highest rungs become the HIGH, MEDIUM and LOW simulcast layers (LiveKit has no more qualities),
 * and the first codec the ingress can publish is its codec (LiveKit's default otherwise). Sent
 * only with ingresses LiveKit transcodes: a passthrough ingress refuses encoding options.
 */
export function ingressVideo(config: AppConfig): IngressVideoOptions {
  // Rungs that round to the same even height would be the same layer twice; the first one wins.
  const byHeight = new Map<number, number>();
  for (const r of effectiveLayers(config)) if (!byHeight.has(even(r.height))) byHeight.set(even(r.height), r.bitrateKbps);
  const rungs = [...byHeight].sort(([a], [b]) => b - a).slice(0, QUALITIES.length);
  const codec = config.transcoding.encoding
    .split("+")
    .map((name) => CODECS.get(name))
    .find((known) => known !== undefined);
  return new IngressVideoOptions({
    source: TrackSource.CAMERA,
    encodingOptions: {
      case: "options",
      value: new IngressVideoEncodingOptions({
        videoCodec: codec ?? VideoCodec.DEFAULT_VC,
        frameRate: FRAME_RATE,
        layers: rungs.map(([height, kbps], i) => ({ quality: QUALITIES[i], height, width: even((height * 16) / 9), bitrate: kbps * 1000 })),
      }),
    },
  });
}
