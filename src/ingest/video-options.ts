import { IngressVideoEncodingOptions, IngressVideoOptions, TrackSource, VideoCodec } from "livekit-server-sdk";
import { effectiveLayers } from "../apps/transcoding/layers.ts";
import type { AppConfig } from "../apps/config/schema.ts";

/** VideoQuality of LiveKit's protocol (not exported by the server SDK): LOW 0, MEDIUM 1, HIGH 2. */
const QUALITIES = [2, 1, 0] as const;

/** The codecs LiveKit's ingress can publish, by the names `transcoding.encoding` uses. */
const CODECS: Readonly<Record<string, VideoCodec>> = { h264: VideoCodec.H264_BASELINE, vp8: VideoCodec.VP8 };

/** Ingress transcodes at this rate, as LiveKit's own presets do. */
const FRAME_RATE = 30;

/** A 16:9 width for a height, even as encoders need it. */
const widthFor = (height: number) => Math.round((height * 16) / 9 / 2) * 2;

/**
 * The app's `transcoding.layers` and `encoding` as LiveKit ingress options (issue 29): the three
 * highest rungs become the HIGH, MEDIUM and LOW simulcast layers (LiveKit has no more qualities),
 * and the first codec the ingress can publish is its codec (LiveKit's default otherwise). Sent
 * only with ingresses LiveKit transcodes: a passthrough ingress refuses encoding options.
 */
export function ingressVideo(config: AppConfig): IngressVideoOptions {
  const byHeight = new Map(effectiveLayers(config).map((r) => [r.height, r]));
  const rungs = [...byHeight.values()].sort((a, b) => b.height - a.height).slice(0, QUALITIES.length);
  const codec = config.transcoding.encoding.split("+").find((c) => CODECS[c] !== undefined);
  return new IngressVideoOptions({
    source: TrackSource.CAMERA,
    encodingOptions: {
      case: "options",
      value: new IngressVideoEncodingOptions({
        videoCodec: codec === undefined ? VideoCodec.DEFAULT_VC : CODECS[codec],
        frameRate: FRAME_RATE,
        layers: rungs.map((r, i) => ({ quality: QUALITIES[i], height: r.height, width: widthFor(r.height), bitrate: r.bitrateKbps * 1000 })),
      }),
    },
  });
}
