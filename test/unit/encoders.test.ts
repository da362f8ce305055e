import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GpuStatus } from "../../src/system/gpu.ts";
import { h264Encoder, SOFTWARE } from "../../src/vods/encoders.ts";

function status(types: Partial<GpuStatus["types"]>, encoders: string[], nodes: string[] = []): GpuStatus {
  return {
    available: Object.values(types).some(Boolean),
    probedAt: new Date(0).toISOString(),
    types: { nvidia: false, vaapi: false, qsv: false, ...types },
    nvidia: { tool: "ok", gpus: [] },
    vaapi: { renderNodes: nodes, tool: "ok", driver: null },
    ffmpeg: { tool: "ok", hardwareEncoders: encoders },
  };
}

describe("the ladder's H.264 encoder", () => {
  it("is x264 without a GPU, before the first probe, and when ffmpeg lacks the GPU's encoder", () => {
    assert.equal(h264Encoder(undefined), SOFTWARE);
    assert.equal(h264Encoder(status({}, ["h264_nvenc"])), SOFTWARE);
    assert.equal(h264Encoder(status({ nvidia: true }, [])), SOFTWARE);
  });

  it("is NVENC on an NVIDIA GPU, Quick Sync on Intel, VA-API on another render node", () => {
    assert.equal(h264Encoder(status({ nvidia: true }, ["h264_nvenc"])).codec, "h264_nvenc");
    assert.equal(h264Encoder(status({ vaapi: true, qsv: true }, ["h264_qsv", "h264_vaapi"], ["/dev/dri/renderD128"])).codec, "h264_qsv");
    const vaapi = h264Encoder(status({ vaapi: true }, ["h264_vaapi"], ["/dev/dri/renderD128"]));
    assert.deepEqual([vaapi.accel, vaapi.codec, vaapi.deviceArgs], ["vaapi", "h264_vaapi", ["-vaapi_device", "/dev/dri/renderD128"]]);
    assert.match(vaapi.upload, /hwupload/);
  });
});
