import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, describe, it } from "node:test";
import { maskCredentials, Puller, type PulledMedia, type PullEnd } from "../../src/pull/puller.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { tempDir } from "../helpers/temp.ts";
import { eventually } from "../helpers/wait.ts";

/** A pull of `url` into live fMP4 segments in a fresh folder, with what it reported. */
function pull(url: string) {
  const dir = tempDir("pull-");
  const seen: { live?: PulledMedia; ended?: PullEnd } = {};
  const output = ["-f", "hls", "-hls_segment_type", "fmp4", "-hls_time", "1", "-hls_list_size", "6", "-hls_flags", "delete_segments+independent_segments+omit_endlist", path.join(dir, "index.m3u8")];
  const puller = new Puller({ url, output, stallMs: 3000, onLive: (m) => (seen.live = m), onEnded: (e) => (seen.ended = e) });
  return { puller, seen, playlist: path.join(dir, "index.m3u8") };
}

/** The pulls of the real GStreamer RTSP camera (test/fixtures/rtsp-camera.py), by a real ffmpeg. */
describe("pulling an RTSP camera with its video copied", { timeout: 120_000 }, () => {
  const cameras: RtspCamera[] = [];
  const camera = async (options: Parameters<typeof startRtspCamera>[0]) => {
    const started = await startRtspCamera({ size: "320x180", fps: 10, ...options });
    cameras.push(started);
    return started;
  };
  after(async () => {
    for (const c of cameras) await c.stop();
  });

  for (const codec of ["h264", "h265"] as const) {
    it(`goes live with the ${codec} camera's own codec and size, writes segments, and reports nothing after its stop`, async () => {
      const cam = await camera({ codec, credentials: { user: "viewer", password: "s3cret pass" } });
      const { puller, seen, playlist } = pull(cam.url);
      await eventually(async () => seen.live !== undefined, 15_000, "the pull to go live");
      assert.deepEqual(seen.live, { codec: codec === "h264" ? "h264" : "hevc", width: 320, height: 180, fps: 10 });
      await eventually(async () => existsSync(playlist) && (readFileSync(playlist, "utf8").match(/\.m4s/g) ?? []).length >= 2, 15_000, "two segments");
      await puller.stop();
      assert.equal(seen.ended, undefined, "a stop is not an end");
    });
  }

  it("is refused, not retried, with a wrong password, and never says the password", async () => {
    const cam = await camera({ credentials: { user: "viewer", password: "right-one" } });
    const { seen } = pull(cam.url.replace("right-one", "wrong-one"));
    await eventually(async () => seen.ended !== undefined, 15_000, "the pull to end");
    assert.deepEqual(seen.ended, { kind: "refused", reason: "unauthorized", error: "the source refused the credentials (401 Unauthorized)" });
    assert.equal(seen.live, undefined);
  });

  it("is refused for a path the camera does not have", async () => {
    const cam = await camera({});
    const { seen } = pull(cam.url.replace("/cam", "/nope"));
    await eventually(async () => seen.ended !== undefined, 15_000, "the pull to end");
    assert.equal(seen.ended?.kind === "refused" && seen.ended.reason, "not_found");
  });

  it("drops, naming the refused connection with the password masked, when nothing listens", async () => {
    const { seen } = pull(`rtsp://viewer:hunter2@127.0.0.1:${await freePort()}/cam`);
    await eventually(async () => seen.ended !== undefined, 15_000, "the pull to end");
    assert.equal(seen.ended?.kind, "dropped");
    assert.match(seen.ended?.error ?? "", /Connection refused/);
    assert.doesNotMatch(seen.ended?.error ?? "", /hunter2/);
  });

  it("drops when the camera restarts under it, and a new pull goes live again", async () => {
    const cam = await camera({});
    const first = pull(cam.url);
    await eventually(async () => first.seen.live !== undefined, 15_000, "the first pull to go live");
    await cam.restart();
    await eventually(async () => first.seen.ended !== undefined, 15_000, "the first pull to drop");
    assert.equal(first.seen.ended?.kind, "dropped");
    const second = pull(cam.url);
    await eventually(async () => second.seen.live !== undefined, 15_000, "the second pull to go live");
    await second.puller.stop();
  });

  it("masks the credentials of any URL in a message", () => {
    assert.equal(maskCredentials("rtsp://admin:p4ss@10.0.0.9:554/h264: Connection refused"), "rtsp://admin:***@10.0.0.9:554/h264: Connection refused");
    assert.equal(maskCredentials("srt://host:9000 and rtsp://user@cam/x"), "srt://host:9000 and rtsp://user@cam/x");
  });
});
