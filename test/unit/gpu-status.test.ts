import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { gpuStatusFrom, hardwareEncoders, nvidiaGpus, vaapiDriver, type ProbeOutputs, type ToolRun } from "../../src/system/gpu.ts";
import { h264Encoder } from "../../src/vods/encoders.ts";

/** What a tool printed on a real host of each kind (test/fixtures/gpu/, see its README). */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/gpu/${name}`, import.meta.url), "utf8");
const ran = (name: string): ToolRun => ({ state: "ok", out: fixture(name) });
const MISSING: ToolRun = { state: "missing", out: "" };
const AT = "2026-01-01T00:00:00.000Z";

/** A host with none of the tools and no render node, on which each case below adds what it has. */
const host = (o: Partial<ProbeOutputs>): ProbeOutputs => ({ nvidiaSmi: MISSING, renderNodes: [], vainfo: MISSING, ffmpegEncoders: MISSING, ...o });

describe("GPU detection from the tools' output", () => {
  it("reads GPU names, the VA-API driver and the hardware encoders out of real outputs", () => {
    assert.deepEqual(nvidiaGpus(fixture("nvidia-smi-h200.txt")), ["NVIDIA H200", "NVIDIA H200"]);
    assert.equal(vaapiDriver(fixture("vainfo-intel-ihd.txt")), "Intel iHD driver for Intel(R) Gen Graphics - 23.1.1 ()");
    assert.match(vaapiDriver(fixture("vainfo-amd-mesa.txt")) ?? "", /^Mesa Gallium driver 22\.3\.6 for AMD Radeon RX 6600/);
    assert.equal(vaapiDriver(""), null);
    const debian = hardwareEncoders(fixture("ffmpeg-encoders-debian.txt"));
    for (const codec of ["h264_nvenc", "h264_qsv", "h264_vaapi", "hevc_nvenc", "av1_vaapi", "vp8_v4l2m2m"]) assert.ok(debian.includes(codec), codec);
    // Software encoders and the table's legend ("V..... = Video") are not hardware encoders.
    assert.ok(!debian.some((c) => /^lib|^=|^mjpeg$/.test(c)), debian.join(" "));
    assert.deepEqual(hardwareEncoders(fixture("ffmpeg-encoders-software.txt")), []);
  });

  it("finds an NVIDIA host, and encodes its ladder with NVENC", () => {
    const status = gpuStatusFrom(host({ nvidiaSmi: ran("nvidia-smi-h200.txt"), ffmpegEncoders: ran("ffmpeg-encoders-debian.txt") }), AT);
    assert.deepEqual(status.types, { nvidia: true, vaapi: false, qsv: false });
    assert.equal(status.available, true);
    assert.deepEqual(status.nvidia, { tool: "ok", gpus: ["NVIDIA H200", "NVIDIA H200"] });
    assert.equal(status.probedAt, AT);
    assert.equal(h264Encoder(status).codec, "h264_nvenc");
  });

  it("finds Quick Sync on an Intel VA-API driver and plain VA-API on AMD's", () => {
    const intel = gpuStatusFrom(host({ renderNodes: ["/dev/dri/renderD128"], vainfo: ran("vainfo-intel-ihd.txt"), ffmpegEncoders: ran("ffmpeg-encoders-debian.txt") }), AT);
    assert.deepEqual(intel.types, { nvidia: false, vaapi: true, qsv: true });
    assert.equal(h264Encoder(intel).codec, "h264_qsv");
    const amd = gpuStatusFrom(host({ renderNodes: ["/dev/dri/renderD128"], vainfo: ran("vainfo-amd-mesa.txt"), ffmpegEncoders: ran("ffmpeg-encoders-debian.txt") }), AT);
    assert.deepEqual(amd.types, { nvidia: false, vaapi: true, qsv: false });
    assert.deepEqual([amd.vaapi.tool, amd.vaapi.renderNodes], ["ok", ["/dev/dri/renderD128"]]);
    assert.deepEqual(h264Encoder(amd).deviceArgs, ["-vaapi_device", "/dev/dri/renderD128"]);
  });

  it("finds nothing on a host without a GPU, though its ffmpeg lists hardware encoders", () => {
    const status = gpuStatusFrom(host({ ffmpegEncoders: ran("ffmpeg-encoders-debian.txt") }), AT);
    assert.deepEqual(status.types, { nvidia: false, vaapi: false, qsv: false });
    assert.equal(status.available, false);
    assert.ok(status.ffmpeg.hardwareEncoders.includes("h264_nvenc"));
    assert.equal(h264Encoder(status).codec, "libx264");
  });

  it("finds no GPU where the tool failed: nvidia-smi without its driver, vainfo that cannot open the node", () => {
    const noDriver = gpuStatusFrom(host({ nvidiaSmi: { state: "failed: exit code 9", out: fixture("nvidia-smi-no-driver.txt") } }), AT);
    assert.deepEqual(noDriver.nvidia, { tool: "failed: exit code 9", gpus: [] });
    assert.equal(noDriver.types.nvidia, false);
    const noVaapi = gpuStatusFrom(host({ renderNodes: ["/dev/dri/renderD128"], vainfo: { state: "failed: vaInitialize failed with error code -1 (unknown libva error)", out: "" } }), AT);
    assert.deepEqual(noVaapi.types, { nvidia: false, vaapi: false, qsv: false });
    // vainfo succeeding without a render node to open is no VA-API either.
    assert.equal(gpuStatusFrom(host({ vainfo: ran("vainfo-intel-ihd.txt") }), AT).types.vaapi, false);
  });
});
