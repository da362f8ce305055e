import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, describe, it } from "node:test";
import { FMP4_OUTPUT, Fmp4Reader, type Fmp4Error, type InitSection } from "../../src/pull/fmp4.ts";
import { LlHlsPackager } from "../../src/pull/llhls.ts";
import { killTools } from "../helpers/exec.ts";
import { stopChild } from "../helpers/livekit.ts";
import { checkLlHlsPlaylist, probeVideo, type LlHlsPlaylist } from "../helpers/llhls.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { tempDir } from "../helpers/temp.ts";
import { eventually } from "../helpers/wait.ts";

const dir = tempDir("llhls-live-");
const children: ChildProcess[] = [];

/** A pull as the camera actor runs it: ffmpeg copies the camera's video into fMP4 on stdout, read into `packager`. */
function pull(url: string, packager: LlHlsPackager) {
  const args = ["-hide_banner", "-nostats", "-loglevel", "error", "-rtsp_transport", "tcp", "-i", url, "-map", "0:v:0", "-c", "copy", ...FMP4_OUTPUT];
  const child = spawn("ffmpeg", args, { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const reader = new Fmp4Reader();
  const seen = { init: undefined as InitSection | undefined, arrivals: [] as number[], errors: [] as Fmp4Error[], stderr: "" };
  child.stderr.on("data", (chunk: Buffer) => (seen.stderr = (seen.stderr + chunk.toString()).slice(-2000)));
  child.stdout.on("data", (chunk: Buffer) => {
    for (const item of reader.push(chunk)) {
      if (item.kind === "init") {
        seen.init = item;
        packager.start(item);
      } else if (item.kind === "fragment") {
        seen.arrivals.push(Date.now());
        packager.append(item);
      } else seen.errors.push(item);
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve())).then(() => packager.end());
  return { seen, exited, stop: () => stopChild(child) };
}

async function playlist(packager: LlHlsPackager, req: Parameters<LlHlsPackager["playlist"]>[0] = {}): Promise<LlHlsPlaylist> {
  const text = await packager.playlist(req);
  assert.equal(typeof text, "string", JSON.stringify(text));
  return checkLlHlsPlaylist(text as string);
}

const closed = (list: LlHlsPlaylist) => list.segments.filter((s) => s.uri !== undefined);

/** The real GStreamer RTSP camera (test/fixtures/rtsp-camera.py), pulled by a real ffmpeg into the packager. */
describe("LL-HLS of a pulled RTSP camera", { timeout: 120_000 }, () => {
  const cameras: RtspCamera[] = [];
  const camera = async (codec: "h264" | "h265") => {
    // A 2 s GOP, the fixture's default: segments are 2 s, the parts 0.2 s (three frames at 15 fps).
    const started = await startRtspCamera({ codec, size: "320x180", fps: 15 });
    cameras.push(started);
    return started;
  };
  after(async () => {
    killTools();
    await Promise.all(children.map((c) => stopChild(c)));
    await Promise.all(cameras.map((c) => c.stop()));
  });

  for (const codec of ["h264", "h265"] as const) {
    it(`packages the ${codec} camera: a part every 200 ms, segments on keyframes, blocking reload, bytes ffprobe reads`, async (t) => {
      const cam = await camera(codec);
      const packager = new LlHlsPackager();
      const { seen, stop } = pull(cam.url, packager);
      await eventually(async () => seen.arrivals.length > 0 && closed(await playlist(packager)).length >= 3, 30_000, "three segments");
      assert.deepEqual(seen.errors, []);

      // ffmpeg hands over what it buffered while probing the camera at once; from then on, a part per 200 ms.
      const steady = seen.arrivals.filter((at) => at >= (seen.arrivals[0] ?? 0) + 1000);
      const gaps = steady.slice(1).map((at, i) => at - (steady[i] ?? at)).sort((a, b) => a - b);
      assert.ok(gaps.length >= 10, `${gaps.length} gaps measured`);
      const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
      assert.ok(median >= 150 && median <= 250, `median part interval ${median} ms (${gaps.join(" ")})`);
      assert.ok(gaps.filter((g) => g < 50).length <= gaps.length / 5, `parts are not bunched: ${gaps.join(" ")}`);
      t.diagnostic(`part interval over ${gaps.length} parts: median ${median} ms, min ${gaps[0]} ms, max ${gaps.at(-1)} ms`);

      const list = await playlist(packager);
      assert.equal(list.targetDuration, 2);
      assert.equal(list.partTarget, 0.2);
      const init = packager.init(0);
      assert.ok(init && seen.init);
      assert.match(seen.init.codec, codec === "h264" ? /^avc1\.[0-9a-f]{6}$/ : /^hvc1\.1\.6\.L\d+(\.[0-9A-F]{2})*$/);
      for (const s of closed(list)) {
        const bytes = packager.segment(s.msn);
        assert.ok(bytes, `seg${s.msn} is served`);
        const items = new Fmp4Reader().push(Buffer.concat([init, bytes]));
        assert.equal(items[1]?.kind === "fragment" && items[1].independent, true, `seg${s.msn} starts on a keyframe`);
        assert.ok(items.every((i) => i.kind !== "error"));
        if (s.parts.length > 0) assert.equal(s.parts[0]?.independent, true, `seg${s.msn}'s first part is INDEPENDENT=YES`);
      }
      // Only the first segment may be short: the camera's first GOP starts when ffmpeg joins.
      for (const s of closed(list).slice(1)) assert.ok(Math.abs((s.seconds ?? 0) - 2) < 0.01, `seg${s.msn} lasts ${s.seconds} s`);

      // A blocking reload for the hinted part, and the hinted part itself, answer once it is written.
      const hint = /^part(\d+)\.(\d+)\.m4s$/.exec(list.hint);
      assert.ok(hint);
      const [msn, part] = [Number(hint[1]), Number(hint[2])];
      const asked = Date.now();
      const [reloaded, bytes] = await Promise.all([playlist(packager, { msn, part }), packager.part(msn, part)]);
      const answeredMs = Date.now() - asked;
      assert.ok(answeredMs < 1000, `answered in ${answeredMs} ms`);
      t.diagnostic(`blocking reload for ${list.hint} answered after ${answeredMs} ms`);
      assert.ok(reloaded.segments.some((s) => s.parts.some((p) => p.uri === list.hint)), `the reload lists ${list.hint}`);
      assert.ok(bytes && bytes.length > 0, `${list.hint} is served`);

      const last = closed(list).at(-1);
      assert.ok(last);
      const file = path.join(dir, `${codec}.mp4`);
      writeFileSync(file, Buffer.concat([init, packager.segment(last.msn) ?? Buffer.alloc(0)]));
      const probed = await probeVideo(file);
      assert.deepEqual([probed.codec_name, probed.width, probed.height], [codec === "h264" ? "h264" : "hevc", 320, 180]);
      assert.equal(probed.nb_read_frames, "30", "a 2 s segment at 15 fps decodes whole");
      await stop();
    });
  }

  it("keeps the playlist going when the camera drops and is pulled again: the sequence goes on after a discontinuity", async () => {
    const cam = await camera("h264");
    const packager = new LlHlsPackager();
    const first = pull(cam.url, packager);
    await eventually(async () => first.seen.arrivals.length > 0 && closed(await playlist(packager)).length >= 1, 30_000, "a segment");
    await cam.restart();
    await first.exited;
    const before = await playlist(packager);
    const lastMsn = before.segments.at(-1)?.msn ?? -1;
    const second = pull(cam.url, packager);
    await eventually(async () => second.seen.arrivals.length > 0 && (await playlist(packager)).segments.some((s) => s.discontinuity && s.uri !== undefined), 30_000, "a segment after the reconnect");
    const after = await playlist(packager);
    const resumed = after.segments.find((s) => s.discontinuity);
    assert.ok(resumed);
    assert.equal(resumed.msn, lastMsn + 1, "sequence numbers go on");
    assert.equal(resumed.map, "init1.mp4");
    assert.ok(after.segments.filter((s) => s.msn <= lastMsn).every((s) => s.map === "init0.mp4" && !s.discontinuity));
    assert.ok(packager.init(0) && packager.init(1));
    await second.stop();
  });
});
