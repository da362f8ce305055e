import assert from "node:assert/strict";
import path from "node:path";
import { after, describe, it } from "node:test";
import { killTools, runTool } from "../helpers/exec.ts";
import { cellLumas, decodeTimeCode, sinceCapture } from "../helpers/glass.ts";
import { probeVideo } from "../helpers/llhls.ts";
import { encodeClip, startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { tempDir } from "../helpers/temp.ts";

interface Probe {
  readonly ok: boolean;
  readonly stream?: { codec_name: string; width: number; height: number };
  readonly stderr: string;
}

/** What ffprobe, a real RTSP client, reads from `url` over TCP; a refused or silent camera is a failed probe within 10 s. */
async function probe(url: string): Promise<Probe> {
  const args = ["-v", "error", "-rtsp_transport", "tcp", "-timeout", "5000000", "-show_entries", "stream=codec_name,width,height", "-of", "json", url];
  const result = await runTool("ffprobe", args, 10_000);
  if (result.code !== 0) return { ok: false, stderr: result.stderr };
  const { streams } = JSON.parse(result.stdout.toString("utf8")) as { streams: Array<NonNullable<Probe["stream"]>> };
  return { ok: true, stream: streams[0], stderr: result.stderr };
}

/**
 * The RTSP camera fixture the pulled-camera tests stand on (test/fixtures/rtsp-camera.py): each
 * codec is what a real client reads, every frame carries its capture time as a time code, a
 * password is enforced, a restart brings the camera back on the same address, and a file is
 * served in a loop at its own pace.
 */
describe("RTSP camera fixture", () => {
  const cameras: RtspCamera[] = [];
  const start = async (options: Parameters<typeof startRtspCamera>[0]) => {
    const camera = await startRtspCamera(options);
    cameras.push(camera);
    return camera;
  };
  after(async () => {
    killTools();
    await Promise.all(cameras.map((camera) => camera.stop()));
  });

  it("serves H.264 at the size asked", async () => {
    const camera = await start({ codec: "h264", size: "320x180" });
    assert.match(camera.url, /^rtsp:\/\/127\.0\.0\.1:\d+\/cam$/);
    const read = await probe(camera.url);
    assert.ok(read.ok, read.stderr);
    assert.deepEqual(read.stream, { codec_name: "h264", width: 320, height: 180 });
  });

  it("serves H.265", async () => {
    const camera = await start({ codec: "h265" });
    const read = await probe(camera.url);
    assert.ok(read.ok, read.stderr);
    assert.deepEqual(read.stream, { codec_name: "hevc", width: 640, height: 360 });
  });

  it("burns each frame's capture time into it as a time code a reader decodes, in step with the frame rate", async () => {
    const camera = await start({ codec: "h264", size: "320x180", fps: 15 });
    const args = ["-v", "error", "-rtsp_transport", "tcp", "-i", camera.url, "-frames:v", "15", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"];
    const read = await runTool("ffmpeg", args);
    const readAt = Date.now();
    assert.equal(read.code, 0, read.stderr);
    const frameBytes = 320 * 180;
    assert.equal(read.stdout.length, 15 * frameBytes);
    const codes = Array.from({ length: 15 }, (_, i) => decodeTimeCode(cellLumas(read.stdout.subarray(i * frameBytes, (i + 1) * frameBytes), 320, 180)));
    assert.ok(codes.every((c) => c !== undefined), `every frame carries a time code: ${codes.join(", ")}`);
    const steps = codes.slice(1).map((c, i) => sinceCapture(codes[i] as number, c as number));
    // 15 fps is 66.7 ms a frame; the source stamps each when its probe runs, so a late stamp is
    // followed by a short step (123 then 8 ms seen on a loaded machine): in order, and a frame's time on average.
    const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
    assert.ok(steps.every((s) => s > 0 && s < 300) && mean > 50 && mean < 85, `the codes advance a frame's time at a time: ${steps.join(", ")}`);
    const age = sinceCapture(codes.at(-1) as number, readAt);
    assert.ok(age >= 0 && age < 3000, `the last frame was captured ${age} ms before ffmpeg handed it over`);
  });

  it("serves an H.264 file in a loop at the file's own frame rate", async () => {
    const clip = path.join(tempDir("rtsp-clip-"), "clip.h264");
    await encodeClip(clip, { size: "320x180", fps: 25, seconds: 2, gop: 25 });
    const camera = await start({ file: clip });
    const copy = path.join(path.dirname(clip), "copy.mp4");
    const started = Date.now();
    const read = await runTool("ffmpeg", ["-v", "error", "-rtsp_transport", "tcp", "-i", camera.url, "-t", "4", "-c", "copy", "-f", "mp4", copy]);
    const took = Date.now() - started;
    assert.equal(read.code, 0, read.stderr);
    const probed = await probeVideo(copy);
    assert.deepEqual([probed.codec_name, probed.width, probed.height], ["h264", 320, 180]);
    // Four seconds of a two-second clip is its loop; read in real time, not as fast as the file reads.
    const frames = Number(probed.nb_read_frames);
    assert.ok(frames >= 90 && frames <= 110, `${frames} frames in 4 s at 25 fps`);
    assert.ok(took >= 3500, `4 s of video arrived in ${took} ms`);
  });

  for (const auth of ["digest", "basic"] as const) {
    it(`with a password (${auth}), serves the right one and refuses a wrong one or none with 401`, async () => {
      const camera = await start({ credentials: { user: "viewer", password: "p@ss word", auth } });
      assert.equal(camera.url, `rtsp://viewer:p%40ss%20word@127.0.0.1:${camera.port}/cam`);
      const right = await probe(camera.url);
      assert.ok(right.ok, right.stderr);
      assert.equal(right.stream?.codec_name, "h264");
      for (const url of [`rtsp://viewer:wrong@127.0.0.1:${camera.port}/cam`, `rtsp://127.0.0.1:${camera.port}/cam`]) {
        const refused = await probe(url);
        assert.equal(refused.ok, false, `${url} was served`);
        assert.match(refused.stderr, /401 Unauthorized/);
      }
    });
  }

  it("is read again on the same address after restart(), and refuses connections once stopped", async () => {
    const camera = await start({});
    assert.ok((await probe(camera.url)).ok);
    await camera.restart();
    const again = await probe(camera.url);
    assert.ok(again.ok, again.stderr);
    assert.equal(again.stream?.codec_name, "h264");
    await camera.stop();
    const stopped = await probe(camera.url);
    assert.equal(stopped.ok, false);
    assert.match(stopped.stderr, /Connection refused/);
  });
});
