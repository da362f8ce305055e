import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import pino from "pino";
import type { Fragment, InitSection } from "../../src/pull/fmp4.ts";
import { SegmentFollower } from "../../src/pull/segment-follower.ts";
import { ringRoot, SegmentRing } from "../../src/pull/segment-ring.ts";
import { CopyRecorder } from "../../src/recording/copy-recorder.ts";
import { H264_ENCODE, probeVideo } from "../helpers/llhls.ts";
import { tempDir } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const logger = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The ring a pull writes (issue 33), with a real ffmpeg filming a test pattern live at 25 fps (a
 * keyframe a second, so a file a second): the files and their names, a follower reading them
 * live and back-filled on one clock, a keyframe for a snapshot, a recording by copy of its files.
 */
describe("segment ring (real ffmpeg, live)", { timeout: 60_000 }, () => {
  let ring: SegmentRing;
  let ffmpeg: ChildProcess;
  let init: Awaited<ReturnType<SegmentRing["firstInit"]>>;

  before(async () => {
    ring = await SegmentRing.open(ringRoot(tempDir("rings-")), "IN_test");
    const args = ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", ...H264_ENCODE, "-pix_fmt", "yuv420p", ...ring.output()];
    ffmpeg = spawn("ffmpeg", args, { stdio: ["ignore", "pipe", "inherit"] });
    ffmpeg.stdout?.on("data", (chunk: Buffer) => ring.list(chunk));
    init = await ring.firstInit(10_000);
  });
  after(() => {
    ffmpeg?.kill("SIGKILL");
    ring?.close();
  });

  it("begins with an init section and names each file it completes, one a second", async () => {
    assert.ok(init && "codec" in init && init.codec.startsWith("avc1."), JSON.stringify(init));
    await eventually(async () => ring.current >= 3, 10_000, "three completed files");
    assert.equal(ring.isComplete(ring.current), false);
    assert.ok(existsSync(ring.path(ring.current - 1)));
    assert.ok(ring.beganAt(ring.current) !== undefined && ring.beganAt(ring.current)! <= Date.now());
  });

  it("follows files back-filled and live on one clock, each fragment dated when it was filmed", async () => {
    const fragments: { f: Fragment; at: number; read: number }[] = [];
    const inits: InitSection[] = [];
    const errors: string[] = [];
    const follower = new SegmentFollower(ring, ring.current - 2, { started: (i) => inits.push(i), fragment: (f, at) => fragments.push({ f, at, read: Date.now() }) }, (m) => errors.push(m.message));
    const from = ring.current;
    await eventually(async () => ring.current >= from + 2, 10_000, "two more files");
    await sleep(300);
    follower.stop();
    assert.deepEqual(errors, []);
    assert.equal(inits.length, 1, "one init section: every file of a connection has the same");
    assert.ok(fragments.length >= 15, `${fragments.length} fragments`);
    for (let i = 1; i < fragments.length; i++) {
      const [a, b] = [fragments[i - 1]!, fragments[i]!];
      assert.equal(b.f.decodeTime, a.f.decodeTime + a.f.duration, `fragment ${i} goes on where the one before ended`);
      // Dated by when the service heard each file begin: a busy event loop hears one late.
      assert.ok(b.at >= a.at - 500, `dates go forward (${a.at} then ${b.at})`);
    }
    assert.equal(fragments[0]?.f.independent, true, "a file starts with a keyframe");
    // The back-filled files were read at once but filmed seconds before; the live ones within a part or two.
    const first = fragments[0]!;
    assert.ok(first.read - first.at >= 1500, `the first back-filled fragment was filmed ${first.read - first.at} ms before it was read`);
    const last = fragments.at(-1)!;
    assert.ok(Math.abs(last.read - last.at) < 2500, `a live fragment was read ${last.read - last.at} ms after it began`);
  });

  it("answers the newest keyframe with its init section", async () => {
    const picture = await ring.keyframe();
    assert.ok(picture && picture.length > 1000);
    assert.equal(picture.toString("latin1", 4, 8), "ftyp");
  });

  it("keeps a few completed files and deletes older ones, but none a reader holds", async () => {
    const hold = ring.hold(ring.current);
    const held = ring.current;
    await eventually(async () => ring.current >= held + 8, 15_000, "eight more files");
    assert.ok(existsSync(ring.path(held)), "a held file stays");
    hold.release();
    await eventually(async () => !existsSync(ring.path(held)), 2000, "the released file to go");
    // Six completed, the one being written, and one a second's completion may not have pruned yet.
    await eventually(async () => readdirSync(ring.dir).length <= 8, 3000, `a few files kept (${readdirSync(ring.dir).join(" ")})`);
  });

  it("records by copy from the next file to the one filmed at the stop: one H.264 MP4 as long as it recorded", async () => {
    const file = path.join(tempDir("copy-"), "rec.mp4");
    const recorder = new CopyRecorder({ file, ring, logger });
    const startedAt = Date.now();
    await sleep(2500);
    const result = await recorder.stop();
    const recordedS = (Date.now() - startedAt) / 1000;
    assert.equal(result.error, undefined);
    assert.ok(result.framesWritten >= 40, `${result.framesWritten} frames`);
    const video = await probeVideo(file);
    assert.deepEqual([video.codec_name, video.width, video.height], ["h264", 320, 240]);
    // From the file after the start to the end of the one filmed at the stop: a second either way.
    assert.ok(Math.abs(Number(video.nb_read_frames) / 25 - recordedS) <= 2, `${video.nb_read_frames} frames in ${recordedS} s`);
  });

  it("cuts a split where the next part begins: the parts meet without a gap or an overlap", async () => {
    const dir = tempDir("split-");
    const a = new CopyRecorder({ file: path.join(dir, "a.mp4"), ring, logger });
    await sleep(2200);
    const b = new CopyRecorder({ file: path.join(dir, "b.mp4"), ring, logger, first: a.cut() });
    const [ra] = await Promise.all([a.stop(), sleep(1500)]);
    const rb = await b.stop();
    assert.equal(ra.error ?? rb.error, undefined);
    assert.equal(ra.framesWritten % 25, 0, "a ends on a file's end");
    assert.ok(ra.framesWritten >= 25 && rb.framesWritten >= 25, `${ra.framesWritten} + ${rb.framesWritten}`);
  });

  it("goes, folder and all, once closed and no reader holds a file", async () => {
    const other = await SegmentRing.open(path.dirname(ring.dir), "IN_gone");
    const hold = other.hold(0);
    other.close();
    assert.ok(existsSync(other.dir), "a held ring stays");
    hold.release();
    await eventually(async () => !existsSync(other.dir), 2000, "the folder to go");
  });
});

describe("ring root", () => {
  it("is one folder per process, and removes the folders of processes gone a minute or more", () => {
    const base = tempDir("root-");
    const [stale, recent] = ["999999998", "999999999"].map((pid) => path.join(base, "service-core-rings", pid));
    for (const dir of [stale, recent]) mkdirSync(path.join(dir as string, "IN_x-1"), { recursive: true });
    const old = new Date(Date.now() - 120_000);
    for (const p of [path.join(stale as string, "IN_x-1"), stale as string]) utimesSync(p, old, old);
    assert.equal(path.basename(ringRoot(base)), String(process.pid));
    assert.equal(existsSync(stale as string), false, "a dead process's rings hold memory: they go");
    assert.equal(existsSync(recent as string), true, "rings that changed within a minute may be a live process's in another PID namespace");
  });
});
