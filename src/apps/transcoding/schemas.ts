import { z } from "zod";

// What the transcoding routes answer (`data` of the envelope), as `TranscodingSettings` views it.
const rungs = z.array(z.strictObject({ height: z.number().int(), bitrateKbps: z.number().int() }));
const appliesTo = z.strictObject({ layers: z.string(), encoding: z.string() });
export const transcodingResponse = z.strictObject({
  transcodingEnabled: z.boolean(),
  encoding: z.string(),
  vodAdaptive: z.boolean(),
  vodRenditions: rungs,
  layers: rungs,
  distribution: z.enum(["edge", "cdn", "sfu"]),
  hlsSegmentSeconds: z.number().int(),
  hlsWindowSegments: z.number().int(),
  rtmpTranscode: z.boolean(),
  appliesTo,
});
export const layersResponse = z.strictObject({ layers: rungs, appliesTo: z.string() });
