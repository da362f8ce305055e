import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { GpuProbe } from "../../src/system/gpu.ts";

describe("GPU probe", () => {
  it("reports a missing tool and a hung one instead of throwing or hanging", async () => {
    const bin = mkdtempSync(path.join(os.tmpdir(), "gpu-probe-"));
    // An nvidia-smi that never answers, as a wedged driver does; ffmpeg and vainfo are absent.
    writeFileSync(path.join(bin, "nvidia-smi"), "#!/bin/sh\nexec /bin/sleep 30\n");
    chmodSync(path.join(bin, "nvidia-smi"), 0o755);
    const saved = process.env["PATH"];
    process.env["PATH"] = bin;
    try {
      const started = Date.now();
      let told = 0;
      const status = await new GpuProbe(() => told++).status();
      assert.ok(Date.now() - started < 8_000, `took ${Date.now() - started} ms`);
      assert.match(status.nvidia.tool, /^failed: timed out after 5000 ms$/);
      assert.equal(status.ffmpeg.tool, "missing");
      assert.deepEqual(status.ffmpeg.hardwareEncoders, []);
      assert.equal(status.available, false);
      assert.equal(told, 1);
    } finally {
      process.env["PATH"] = saved;
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
