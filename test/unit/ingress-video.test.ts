import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { VideoCodec } from "livekit-server-sdk";
import { appConfigSchema, type AppConfigInput } from "../../src/apps/config/schema.ts";
import { ingressVideo } from "../../src/ingest/video-options.ts";

/** The ingress video options for an app config, as [codec, [quality, width, height, bps]...]. */
function options(transcoding: AppConfigInput["transcoding"]) {
  const video = ingressVideo(appConfigSchema.parse({ transcoding }));
  const encoding = video.encodingOptions;
  assert.equal(encoding.case, "options");
  return { codec: VideoCodec[encoding.value.videoCodec], layers: encoding.value.layers.map((l) => [l.quality, l.width, l.height, l.bitrate]) };
}

describe("ingress video options from the app's ladder and encoding", () => {
  it("takes the first codec LiveKit's ingress can publish, whatever else the list names", () => {
    assert.equal(options({}).codec, "H264_BASELINE");
    assert.equal(options({ encoding: "h264+vp8" }).codec, "H264_BASELINE");
    assert.equal(options({ encoding: "av1+vp8" }).codec, "VP8");
    // Names that are properties of every object are not codecs.
    assert.equal(options({ encoding: "constructor+tostring" }).codec, "DEFAULT_VC");
  });

  it("sends the three highest distinct rungs, highest as HIGH, with even 16:9 dimensions", () => {
    const ladder = [145, 1081, 1080, 720, 360].map((height) => ({ height, bitrate_kbps: height * 4 }));
    assert.deepEqual(options({ layers: ladder }).layers, [
      [2, 1924, 1082, 4_324_000],
      [1, 1920, 1080, 4_320_000],
      [0, 1280, 720, 2_880_000],
    ]);
    assert.deepEqual(options({ layers: [{ height: 145, bitrate_kbps: 100 }] }).layers, [[2, 260, 146, 100_000]]);
    // 481 and 482 are both 482 once even: one layer, the first rung's bitrate.
    assert.deepEqual(options({ layers: [{ height: 481, bitrate_kbps: 1000 }, { height: 482, bitrate_kbps: 900 }] }).layers, [[2, 856, 482, 1_000_000]]);
  });
});
