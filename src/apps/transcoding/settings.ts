import { z } from "zod";
import { isProblem, type Problem } from "../../lib/problem.ts";
import type { AppConfig } from "../config/schema.ts";
import { editsFrom, type AppConfigService } from "../config/service.ts";
import { APPLIES_TO, effectiveLayers, toApi } from "./layers.ts";

const rendition = z.strictObject({
  height: z.number().int().min(144).max(4320),
  bitrateKbps: z.number().int().min(64).max(100_000),
});

/** PATCH /apps/{app}/config: partial; a `layers` array replaces the whole ladder. */
export const transcodingBody = z.strictObject({
  transcodingEnabled: z.boolean().optional(),
  encoding: z.string().regex(/^[a-z0-9]+(\+[a-z0-9]+)*$/, "codecs joined by +, e.g. h264+vp8").max(64).optional(),
  vodAdaptive: z.boolean().optional(),
  vodRenditions: z.array(rendition).max(8).optional(),
  layers: z.array(rendition).min(1).max(8).optional(),
  distribution: z.enum(["edge", "cdn", "sfu"]).optional(),
  hlsSegmentSeconds: z.number().int().min(1).max(30).optional(),
  hlsWindowSegments: z.number().int().min(3).max(1000).optional(),
  rtmpTranscode: z.boolean().optional(),
});

const toYaml = (rungs: ReadonlyArray<{ height: number; bitrateKbps: number }>) =>
  rungs.map((r) => ({ height: r.height, bitrate_kbps: r.bitrateKbps }));

const view = (config: AppConfig) => ({
  transcodingEnabled: config.transcoding.enabled,
  encoding: config.transcoding.encoding,
  vodAdaptive: config.transcoding.vod_adaptive,
  vodRenditions: toApi(config.transcoding.vod_renditions),
  layers: effectiveLayers(config),
  distribution: config.transcoding.distribution,
  hlsSegmentSeconds: config.transcoding.hls_segment_seconds,
  hlsWindowSegments: config.transcoding.hls_window_segments,
  rtmpTranscode: config.rtmp.transcode,
  appliesTo: APPLIES_TO,
});

/** SPEC 4.15: the adaptive/transcoding slice of an app's config, shown and edited in part. */
export class TranscodingSettings {
  constructor(private readonly configs: AppConfigService) {}

  view(app: string): ReturnType<typeof view> {
    return view(this.configs.get(app));
  }

  /** The ladder the media server is asked for, with what it applies to. */
  layers(app: string): { layers: ReturnType<typeof effectiveLayers>; appliesTo: (typeof APPLIES_TO)["layers"] } {
    return { layers: effectiveLayers(this.configs.get(app)), appliesTo: APPLIES_TO.layers };
  }

  async update(app: string, b: z.infer<typeof transcodingBody>): Promise<ReturnType<typeof view> | Problem> {
    const edits = editsFrom([
      [["transcoding", "enabled"], b.transcodingEnabled],
      [["transcoding", "encoding"], b.encoding],
      [["transcoding", "vod_adaptive"], b.vodAdaptive],
      [["transcoding", "vod_renditions"], b.vodRenditions && toYaml(b.vodRenditions)],
      [["transcoding", "layers"], b.layers && toYaml(b.layers)],
      [["transcoding", "distribution"], b.distribution],
      [["transcoding", "hls_segment_seconds"], b.hlsSegmentSeconds],
      [["transcoding", "hls_window_segments"], b.hlsWindowSegments],
      [["rtmp", "transcode"], b.rtmpTranscode],
    ]);
    if (edits.length === 0) return this.view(app);
    const updated = await this.configs.update(app, edits);
    return isProblem(updated) ? updated : view(updated.after);
  }
}
