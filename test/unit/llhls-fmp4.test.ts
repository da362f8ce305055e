import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { before, describe, it } from "node:test";
import { Fmp4Reader, type Fmp4Item } from "../../src/pull/fmp4.ts";
import { encodeFmp4, fmp4Stream, H264_ENCODE, H265_ENCODE, probeVideo, readFmp4 } from "../helpers/llhls.ts";
import { tempDir } from "../helpers/temp.ts";

/** A deterministic pseudo-random source (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The message of the error value that `items` must end with. */
function error(items: Fmp4Item[]): string {
  const last = items.at(-1);
  assert.equal(last?.kind, "error", `an error value, not ${JSON.stringify(items.map((i) => i.kind))}`);
  return last.message;
}

const dir = tempDir("llhls-fmp4-");
let h264: Buffer;
let h265: Buffer;

before(async () => {
  [h264, h265] = await Promise.all([encodeFmp4(H264_ENCODE), encodeFmp4(H265_ENCODE)]);
});

describe("Fmp4Reader over ffmpeg's fragmented MP4", () => {
  it("reads H.264's init section: avcC's codec string, the coded size, the timescale", async () => {
    const { init } = fmp4Stream(h264);
    const file = path.join(dir, "h264.mp4");
    writeFileSync(file, h264);
    const probed = await probeVideo(file);
    assert.equal(probed.profile, "High");
    assert.equal(init.codec, `avc1.6400${probed.level.toString(16).padStart(2, "0")}`);
    assert.deepEqual([init.width, init.height], [320, 240]);
    assert.ok(init.timescale > 0);
    assert.ok(h264.subarray(0, init.bytes.length).equals(init.bytes), "the init section is the stream's first bytes");
  });

  it("reads H.265's codec string from hvcC (profile, compatibility flags reversed, tier and level, constraint bytes)", async () => {
    const { init } = fmp4Stream(h265);
    const file = path.join(dir, "h265.mp4");
    writeFileSync(file, h265);
    const probed = await probeVideo(file);
    assert.equal(probed.profile, "Main");
    assert.match(init.codec, new RegExp(`^hvc1\\.1\\.6\\.L${probed.level}(\\.[0-9A-F]{2})*$`));
    assert.deepEqual([init.width, init.height], [320, 240]);
  });

  it("names H.265 hev1 hvc1 (for Apple's players) when its hvcC holds the parameter sets, marking their arrays complete", async () => {
    const hev1 = await encodeFmp4(H265_ENCODE.map((arg) => (arg === "hvc1" ? "hev1" : arg)));
    assert.notEqual(hev1.indexOf("hev1"), -1, "the encode is tagged hev1");
    const { init, fragments } = fmp4Stream(hev1);
    assert.match(init.codec, /^hvc1\.1\.6\.L\d+/);
    assert.equal(init.bytes.indexOf("hev1"), -1);
    const hvcC = init.bytes.indexOf("hvcC") + 4;
    const arrays: number[] = [];
    for (let at = hvcC + 23, n = init.bytes.readUInt8(hvcC + 22); n > 0; n--) {
      arrays.push(init.bytes.readUInt8(at));
      const count = init.bytes.readUInt16BE(at + 1);
      at += 3;
      for (let i = 0; i < count; i++) at += 2 + init.bytes.readUInt16BE(at);
    }
    assert.deepEqual(arrays.filter((b) => [32, 33, 34].includes(b & 0x3f)).map((b) => b >> 7), [1, 1, 1], "VPS, SPS and PPS arrays are complete");
    const file = path.join(dir, "hvc1.mp4");
    writeFileSync(file, Buffer.concat([init.bytes, ...fragments.map((f) => f.bytes)]));
    const probed = await probeVideo(file);
    assert.deepEqual([probed.codec_name, probed.nb_read_frames], ["hevc", "100"], "every frame still decodes");
  });

  it("hands out each moof+mdat with its decode time, duration and whether it starts on a keyframe", () => {
    const { init, fragments } = fmp4Stream(h264);
    assert.equal(fragments.length, 20, "4 s in 0.2 s fragments");
    let next = 0;
    for (const [i, f] of fragments.entries()) {
      assert.equal(f.decodeTime, next, `fragment ${i} starts where the last ended`);
      assert.equal(f.duration / init.timescale, 0.2);
      assert.equal(f.independent, i % 5 === 0, `fragment ${i}: keyframes are 1 s apart`);
      assert.equal(f.bytes.toString("latin1", 4, 8), "moof");
      next += f.duration;
    }
    // What it hands out is the stream itself, less the mfra ffmpeg writes last.
    const handed = Buffer.concat([init.bytes, ...fragments.map((f) => f.bytes)]);
    assert.ok(h264.subarray(0, handed.length).equals(handed));
    assert.equal(h264.toString("latin1", handed.length + 4, handed.length + 8), "mfra");
  });

  it("reads the same whatever the chunk boundaries", () => {
    const whole = readFmp4(h264);
    const next = random(33);
    const reader = new Fmp4Reader();
    const split: Fmp4Item[] = [];
    for (let at = 0; at < h264.length; ) {
      const size = next() < 0.2 ? 1 + Math.floor(next() * 16) : 1 + Math.floor(next() * 9000);
      split.push(...reader.push(h264.subarray(at, at + size)));
      at += size;
    }
    assert.deepEqual(split, whole);
    assert.deepEqual(readFmp4(h264, 1), whole, "one byte at a time");
  });

  it("answers a box over the size cap as an error as soon as its header arrives, and reads nothing after", () => {
    const { init } = fmp4Stream(h264);
    const reader = new Fmp4Reader();
    assert.equal(reader.push(init.bytes)[0]?.kind, "init");
    const huge = Buffer.from([0x7f, 0xff, 0xff, 0xff, ...Buffer.from("mdat")]);
    assert.match(error(reader.push(huge)), /mdat box of 2147483647 bytes is over the 16777216-byte limit/);
    assert.deepEqual(reader.push(Buffer.alloc(1 << 20)), [], "later bytes are dropped, not buffered");
    assert.equal(reader.failed?.kind, "error");
    // A 64-bit size, and a cap of the caller's.
    const large = Buffer.concat([Buffer.from([0, 0, 0, 1, ...Buffer.from("free")]), Buffer.from([0xff, 0, 0, 0, 0, 0, 0, 0])]);
    assert.match(error(new Fmp4Reader().push(large)), /free box of 18374686479671623680 bytes is over/);
    assert.match(error(new Fmp4Reader({ maxBoxBytes: 4096 }).push(h264)), /mdat box of \d+ bytes is over the 4096-byte limit/);
  });

  it("refuses anything but ftyp then moov first, and boxes it does not know later", () => {
    assert.match(error(new Fmp4Reader().push(Buffer.from("\x00\x00\x00\x10junkjunkjunk", "latin1"))), /expected ftyp first, got junk/);
    assert.match(error(new Fmp4Reader().push(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))), /not an MP4 box/);
    const { init, fragments } = fmp4Stream(h264);
    const ftyp = init.bytes.subarray(0, init.bytes.readUInt32BE(0));
    assert.match(error(new Fmp4Reader().push(Buffer.concat([ftyp, fragments[0]?.bytes ?? Buffer.alloc(0)]))), /expected moov after ftyp, got moof/);
    const moofOnly = fragments[0]?.bytes.subarray(0, fragments[0].bytes.readUInt32BE(0)) ?? Buffer.alloc(0);
    assert.match(error(readFmp4(Buffer.concat([init.bytes, moofOnly, moofOnly]))), /expected mdat after moof, got moof/);
    assert.match(error(readFmp4(Buffer.concat([init.bytes, Buffer.from("\x00\x00\x00\x08wide\x00\x00\x00\x08trak", "latin1")]))), /unexpected trak box after the init section/);
    assert.match(error(readFmp4(Buffer.concat([init.bytes, Buffer.from("\x00\x00\x00\x00mdat", "latin1")]))), /runs to the end of the stream/);
  });

  it("refuses a moov with audio beside the video, or video it cannot name a codec for", async () => {
    const withAudio = await encodeFmp4([...H264_ENCODE, "-c:a", "aac", "-shortest"], ["-f", "lavfi", "-i", "sine=frequency=440"]);
    assert.match(error(readFmp4(withAudio)), /expected one video track, the moov has 2/);
    const mpeg4 = await encodeFmp4(["-c:v", "mpeg4"]);
    assert.match(error(readFmp4(mpeg4)), /video is mp4v; only H.264/);
  });

  it("never throws, whatever bytes of a real stream are damaged, and stops at the first error", () => {
    const next = random(7);
    const junk = Buffer.from(Array.from({ length: 64 * 1024 }, () => Math.floor(next() * 256)));
    assert.equal(readFmp4(junk, 1000).length, 1);
    for (let round = 0; round < 300; round++) {
      const damaged = Buffer.from(h264);
      for (let n = 1 + Math.floor(next() * 8); n > 0; n--) damaged[Math.floor(next() * Math.min(damaged.length, 6000))] = Math.floor(next() * 256);
      const items = readFmp4(damaged, 1 + Math.floor(next() * 5000));
      const errors = items.filter((i) => i.kind === "error");
      assert.ok(errors.length <= 1 && (errors.length === 0 || items.at(-1) === errors[0]), `round ${round}: an error is the last item`);
      assert.ok(items.every((i) => i.kind !== "fragment" || (Number.isSafeInteger(i.duration) && Number.isSafeInteger(i.decodeTime))));
    }
  });
});
