import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, it } from "node:test";
import pino from "pino";
import { PartPool } from "../../src/mjpeg/part.ts";
import { CameraRecorder } from "../../src/recording/camera-recorder.ts";
import { testJpeg } from "../helpers/mjpeg.ts";
import { tempDir } from "../helpers/server.ts";

const logger = pino({ level: "silent" });

/** What ffprobe reads of a finished file. */
function probe(file: string): { codec: string; width: number; height: number; duration: number; format: string } {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height:format=duration,format_name", "-of", "json", file], { encoding: "utf8" });
  const json = JSON.parse(out) as { streams: Array<{ codec_name: string; width: number; height: number }>; format: { duration: string; format_name: string } };
  const video = json.streams[0];
  assert.ok(video, "no video stream");
  return { codec: video.codec_name, width: video.width, height: video.height, duration: Number(json.format.duration), format: json.format.format_name };
}

describe("camera recorder (real ffmpeg)", () => {
  it("turns frames at an uneven rate into an H.264 MP4 as long as the recording, odd sizes rounded to even", async () => {
    const file = path.join(tempDir("rec-"), "out.mp4");
    const recorder = new CameraRecorder({ file, logger });
    const pool = new PartPool();
    // Made first: each is an ffmpeg run, which on a loaded machine took the loop below under 15 frames.
    const frames = ["red", "green", "blue", "yellow"].map((color) => testJpeg(color, 0, "161x121"));
    const started = Date.now();
    for (let seq = 1; Date.now() - started < 2000; seq++) {
      const part = pool.build(frames[seq % frames.length] as Buffer, seq, Date.now());
      part.hold();
      recorder.frame(part);
      part.release();
      // 8 to 15 fps, as a camera on a busy link would send.
      await new Promise((r) => setTimeout(r, 66 + (seq % 3) * 30));
    }
    const result = await recorder.stop();
    assert.equal(result.error, undefined);
    assert.ok(result.framesWritten >= 15, `${result.framesWritten} frames written`);
    assert.ok(result.bytes > 0);
    const info = probe(file);
    assert.equal(info.codec, "h264");
    assert.deepEqual([info.width, info.height], [160, 120]);
    assert.match(info.format, /mp4/);
    assert.ok(info.duration > 1.5 && info.duration < 2.6, `duration ${info.duration}`);
    // Stopping again answers the same result without a second ffmpeg finish.
    assert.deepEqual(await recorder.stop(), result);
  });

  it("reports a recording that never got a frame as failed, with no file to upload", async () => {
    const file = path.join(tempDir("rec-"), "empty.mp4");
    const recorder = new CameraRecorder({ file, logger });
    const result = await recorder.stop();
    assert.equal(result.framesWritten, 0);
    assert.equal(result.error, "no frame was recorded");
  });
});
