import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { before, describe, it } from "node:test";
import type { Fragment } from "../../src/pull/fmp4.ts";
import { LlHlsPackager, parseLlHlsFile, type LlHlsOptions } from "../../src/pull/llhls.ts";
import { isProblem } from "../../src/lib/problem.ts";
import { checkLlHlsPlaylist, encodeFmp4, fmp4Stream, H264_ENCODE, H265_ENCODE, probeVideo } from "../helpers/llhls.ts";
import { tempDir } from "../helpers/temp.ts";

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const dir = tempDir("llhls-");
let h264: Buffer;
let h265: Buffer;

before(async () => {
  [h264, h265] = await Promise.all([encodeFmp4(H264_ENCODE), encodeFmp4(H265_ENCODE)]);
});

describe("LlHlsPackager", () => {
  /** A packager fed the whole fixture, one fragment every 200 ms of a fake wall clock. */
  function packaged(bytes: Buffer, options: LlHlsOptions = {}) {
    let clock = Date.parse("2026-01-02T03:04:05.000Z");
    const packager = new LlHlsPackager({ now: () => clock, ...options });
    const { init, fragments } = fmp4Stream(bytes);
    const append = (f: Fragment) => {
      packager.append(f);
      clock += 200;
    };
    packager.start(init);
    return { packager, init, fragments, append };
  }
  const text = async (answer: Promise<string | unknown>) => {
    const value = await answer;
    assert.equal(typeof value, "string", JSON.stringify(value));
    return value as string;
  };

  it("lists 1 s segments of five 0.2 s parts, each starting on a keyframe, with the LL-HLS tags", async () => {
    const { packager, fragments, append } = packaged(h264);
    fragments.slice(0, 17).forEach(append);
    const body = await text(packager.playlist());
    const list = checkLlHlsPlaylist(body);
    assert.deepEqual([list.targetDuration, list.partTarget, list.partHoldBack, list.mediaSequence], [1, 0.2, 0.6, 0]);
    assert.match(body, /^#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=6\.0,PART-HOLD-BACK=0\.600$/m);
    assert.deepEqual(list.segments.map((s) => [s.uri, s.seconds, s.parts.length]), [["seg0.m4s", 1, 5], ["seg1.m4s", 1, 5], ["seg2.m4s", 1, 5], [undefined, undefined, 2]]);
    for (const s of list.segments) {
      assert.deepEqual(s.parts.map((p) => p.independent), [true, false, false, false, false].slice(0, s.parts.length));
      assert.equal(s.map, "init0.mp4");
    }
    assert.deepEqual(list.segments.map((s) => new Date(s.programDateTime).toISOString().slice(11)), ["03:04:05.000Z", "03:04:06.000Z", "03:04:07.000Z", "03:04:08.000Z"]);
    assert.equal(list.hint, "part3.2.m4s");
    assert.equal((body.match(/#EXT-X-MAP/g) ?? []).length, 1);
  });

  it("dates segments by their durations through a burst, and by the wall clock again after a stall, never going back", async () => {
    let clock = Date.parse("2026-01-02T03:04:05.000Z");
    const packager = new LlHlsPackager({ now: () => clock });
    const { init, fragments } = fmp4Stream(h264);
    packager.start(init);
    fragments.slice(0, 11).forEach((f) => packager.append(f)); // three seconds handed over at once
    clock += 5000; // then nothing for 5 s
    fragments.slice(11, 16).forEach((f) => packager.append(f));
    const dates = checkLlHlsPlaylist(await text(packager.playlist())).segments.map((s) => new Date(s.programDateTime).toISOString().slice(11));
    assert.deepEqual(dates, ["03:04:05.000Z", "03:04:06.000Z", "03:04:07.000Z", "03:04:10.000Z"]);
  });

  it("ends segments only on keyframes: a 2 s GOP makes 2 s segments and a target duration of 2", async () => {
    const { packager, init, fragments, append } = packaged(h265);
    assert.deepEqual(fragments.flatMap((f, i) => (f.independent ? [i] : [])), [0, 10]);
    fragments.forEach(append);
    const list = checkLlHlsPlaylist(await text(packager.playlist()));
    assert.equal(list.targetDuration, 2);
    const first = fragments.slice(0, 10).reduce((sum, f) => sum + f.duration, 0) / init.timescale;
    assert.ok(first > 1.9 && first <= 2);
    assert.deepEqual(list.segments.map((s) => [s.seconds, s.parts.length, s.parts[0]?.independent]), [[Number(first.toFixed(3)), 10, true], [undefined, fragments.length - 10, true]]);
  });

  for (const codec of ["h264", "hevc"] as const) {
    it(`serves ${codec} bytes a decoder reads: init + segment, and each part as it came`, async () => {
      const { packager, fragments, append } = packaged(codec === "h264" ? h264 : h265);
      fragments.forEach(append);
      const segment = packager.segment(0);
      assert.ok(segment);
      const parts = await Promise.all(Array.from({ length: codec === "h264" ? 5 : 10 }, (_, i) => packager.part(0, i)));
      assert.ok(Buffer.concat(parts.map((p) => p ?? Buffer.alloc(0))).equals(segment), "a segment is its parts");
      assert.ok(parts[1]?.equals(fragments[1]?.bytes ?? Buffer.alloc(0)));
      const file = path.join(dir, `seg-${codec}.mp4`);
      writeFileSync(file, Buffer.concat([packager.init(0) ?? Buffer.alloc(0), segment]));
      const probed = await probeVideo(file);
      assert.deepEqual([probed.codec_name, probed.width, probed.height], [codec, 320, 240]);
      assert.equal(probed.nb_read_frames, codec === "h264" ? "25" : "50", "every frame of the GOP decodes");
      const open = checkLlHlsPlaylist(await text(packager.playlist())).segments.at(-1);
      assert.ok(open && open.uri === undefined);
      assert.equal(packager.segment(open.msn), undefined, "the open segment is not served whole");
      assert.equal(packager.init(1), undefined);
    });
  }

  it("names the media playlist in a multivariant playlist with BANDWIDTH, CODECS and RESOLUTION", async () => {
    const { packager, init, fragments, append } = packaged(h265);
    fragments.forEach(append);
    const body = await text(packager.multivariant("media.m3u8"));
    const [head, inf, uri] = body.split("\n");
    assert.equal(head, "#EXTM3U");
    assert.match(inf ?? "", new RegExp(`^#EXT-X-STREAM-INF:BANDWIDTH=\\d{5,},CODECS="${init.codec.replace(/\./g, "\\.")}",RESOLUTION=320x240$`));
    assert.equal(uri, "media.m3u8");
  });

  it("holds a blocking reload until the part, the segment, or the next segment's first part exists", async () => {
    const { packager, fragments, append } = packaged(h264);
    fragments.slice(0, 7).forEach(append); // seg0 closed; seg1 has parts 0 and 1
    const part = packager.playlist({ msn: 1, part: 3 });
    const segment = packager.playlist({ msn: 1 });
    const pastLast = packager.playlist({ msn: 1, part: 5 }); // seg1 ends with 5 parts: means part 2.0
    assert.ok(await settled(packager.playlist({ msn: 1, part: 1 })), "a part that exists answers at once");
    assert.ok(await settled(packager.playlist({ msn: 0 })), "a closed segment answers at once");
    assert.equal(await settled(part), false);
    append(fragments[7] as Fragment);
    assert.equal(await settled(part), false);
    append(fragments[8] as Fragment);
    assert.match(await text(part), /part1\.3\.m4s/);
    append(fragments[9] as Fragment);
    assert.equal(await settled(segment), false);
    assert.equal(await settled(pastLast), false);
    append(fragments[10] as Fragment);
    assert.match(await text(segment), /^seg1\.m4s$/m);
    assert.match(await text(pastLast), /part2\.0\.m4s/);
  });

  it("answers a held reload as it stands after three target durations, or at once when the source ends", async () => {
    const { packager, fragments, append } = packaged(h264);
    fragments.slice(0, 3).forEach(append);
    const started = Date.now();
    // Held requests' timers are unref'd (a server's listening socket keeps the process up): so here.
    const up = setInterval(() => undefined, 1000);
    const held = await text(packager.playlist({ msn: 0, part: 4 }));
    clearInterval(up);
    const waited = Date.now() - started;
    assert.ok(waited >= 2900 && waited < 4500, `held ${waited} ms, three 1 s target durations`);
    assert.match(held, /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part0\.3\.m4s"/);
    const again = packager.playlist({ msn: 0, part: 4 });
    assert.equal(await settled(again), false);
    packager.end();
    assert.ok(await settled(again), "end() answers held requests");
    assert.match(await text(again), /^seg0\.m4s$/m);
  });

  it("refuses, as values, what RFC 8216bis 6.2.5.2 refuses, and says so while there is no video", async () => {
    const { packager, fragments, append } = packaged(h264);
    const early = packager.playlist();
    packager.end();
    const none = await early;
    assert.ok(isProblem(none) && none.code === "service_unavailable", "no video yet");
    packager.start(fmp4Stream(h264).init);
    fragments.slice(0, 7).forEach(append); // seg0 closed, seg1 in progress
    const refused = async (req: Parameters<LlHlsPackager["playlist"]>[0], why: RegExp) => {
      const answer = await packager.playlist(req);
      assert.ok(isProblem(answer) && answer.code === "bad_request", `${JSON.stringify(req)} is refused`);
      assert.match(answer.message, why);
    };
    await refused({ part: 1 }, /needs _HLS_msn/);
    await refused({ msn: 3 }, /more than two segments past/);
    await refused({ msn: 1, part: 17 }, /more than 15 parts past/);
    await refused({ msn: 2, part: 15 }, /more than 15 parts past/);
    await refused({ msn: -1 }, /whole numbers/);
    await refused({ msn: 1, part: 1.5 }, /whole numbers/);
    for (const ok of [{ msn: 2, part: 14 }, { msn: 1, part: 16 }, { msn: 2 }]) assert.equal(await settled(packager.playlist(ok)), false, `${JSON.stringify(ok)} is held`);
    packager.end();
  });

  it("holds a request for the hinted part until it is written, and answers 404 for a hint that did not come true", async () => {
    const { packager, fragments, append } = packaged(h264);
    fragments.slice(0, 5).forEach(append);
    // seg0 is 1 s long and no GOP has been seen yet: the hint says the segment goes on.
    assert.match(await text(packager.playlist()), /URI="part0\.5\.m4s"$/m);
    const wrong = packager.part(0, 5);
    const right = packager.part(1, 0);
    assert.equal(await packager.part(1, 1), undefined, "a part past the next is not held");
    assert.equal(await packager.part(0, 7), undefined);
    append(fragments[5] as Fragment);
    assert.equal(await wrong, undefined);
    assert.ok((await right)?.equals(fragments[5]?.bytes ?? Buffer.alloc(0)));
    // A steady 1 s GOP: once seg1 is as long as seg0 was, the hint is seg2's first part, and it comes true.
    fragments.slice(6, 10).forEach(append);
    assert.match(await text(packager.playlist()), /URI="part2\.0\.m4s"$/m);
    const hinted = packager.part(2, 0);
    assert.equal(await settled(hinted), false);
    append(fragments[10] as Fragment);
    assert.ok((await hinted)?.equals(fragments[10]?.bytes ?? Buffer.alloc(0)));
  });

  it("rolls over: lists 12 s, keeps three segments more, drops older ones and their parts, and skips on request", async () => {
    const { packager, fragments, append } = packaged(h264);
    for (let loop = 0; loop < 10; loop++) fragments.forEach(append); // 40 segments
    const list = checkLlHlsPlaylist(await text(packager.playlist()));
    assert.equal(list.mediaSequence, 27);
    assert.deepEqual(list.segments.map((s) => s.msn), Array.from({ length: 13 }, (_, i) => 27 + i));
    assert.deepEqual(list.segments.map((s) => s.parts.length), [...Array<number>(9).fill(0), 5, 5, 5, 5], "parts for the last three target durations");
    const kept = Array.from({ length: 40 }, (_, msn) => packager.segment(msn) !== undefined);
    assert.deepEqual(kept, Array.from({ length: 40 }, (_, msn) => msn >= 24 && msn < 39));
    assert.equal(await packager.part(20, 0), undefined);
    assert.ok(await packager.part(24, 0), "a kept segment's parts stay served");
    const delta = checkLlHlsPlaylist(await text(packager.playlist({ skip: true })));
    assert.equal(delta.mediaSequence, 27);
    assert.equal(delta.skipped, 6, "segments more than 6 s (CAN-SKIP-UNTIL) from the end");
    assert.deepEqual(delta.segments.map((s) => s.msn), list.segments.slice(6).map((s) => s.msn));
    assert.equal(delta.segments[0]?.map, "init0.mp4");
  });

  it("keeps within maxBytes", async () => {
    const maxBytes = 400_000;
    const { packager, fragments, append } = packaged(h264, { maxBytes });
    for (let loop = 0; loop < 5; loop++) fragments.forEach(append);
    let held = packager.init(0)?.length ?? 0;
    for (let msn = 0; msn < 20; msn++) held += packager.segment(msn)?.length ?? 0;
    for (let i = 0; i < 5; i++) held += (await packager.part(19, i))?.length ?? 0;
    assert.ok(held <= maxBytes, `${held} bytes held`);
    assert.ok(packager.segment(18), "the newest segments stay");
    assert.equal(packager.segment(8), undefined, "fewer than the window's twelve are kept: the bytes decide");
    checkLlHlsPlaylist(await text(packager.playlist()));
  });

  it("goes on after a reconnect: sequence numbers continue, with EXT-X-DISCONTINUITY and the new init section", async () => {
    const { packager, init, fragments, append } = packaged(h264);
    fragments.slice(0, 8).forEach(append);
    packager.end();
    packager.end();
    const held = packager.playlist({ msn: 2, part: 0 });
    packager.start(fmp4Stream(h265).init);
    const second = fmp4Stream(h265).fragments;
    second.slice(0, 12).forEach(append);
    assert.match(await text(held), /part2\.0\.m4s/);
    const list = checkLlHlsPlaylist(await text(packager.playlist()));
    assert.deepEqual(list.segments.map((s) => [s.msn, s.seconds, s.discontinuity, s.map]), [
      [0, 1, false, "init0.mp4"],
      [1, 0.6, false, "init0.mp4"],
      [2, 2, true, "init1.mp4"],
      [3, undefined, false, "init1.mp4"],
    ]);
    assert.ok(packager.init(0)?.equals(init.bytes));
    assert.ok(packager.init(1));
    for (let loop = 0; loop < 10; loop++) second.forEach(append);
    const later = checkLlHlsPlaylist(await text(packager.playlist()));
    assert.equal(later.discontinuitySequence, 1, "the discontinuity slid out of the playlist");
    assert.equal(packager.init(0), undefined, "an init section no kept segment needs is dropped");
    assert.match(await text(packager.multivariant("m.m3u8")), /CODECS="hvc1\./);
  });

  it("cuts a segment with no keyframe for 10 s anyway", async () => {
    const { packager, fragments, append } = packaged(h264);
    append(fragments[0] as Fragment);
    const inBetween = fragments.filter((f) => !f.independent);
    for (let n = 0; n < 60; n++) append(inBetween[n % inBetween.length] as Fragment);
    const list = checkLlHlsPlaylist(await text(packager.playlist()));
    assert.equal(list.targetDuration, 10);
    assert.deepEqual(list.segments.map((s) => [s.seconds, s.parts[0]?.independent]), [[10, true], [undefined, false]]);
  });

  it("holds at most 1000 requests; the next ones answer at once", async () => {
    const { packager, fragments, append } = packaged(h264);
    append(fragments[0] as Fragment);
    const held = Array.from({ length: 1000 }, () => packager.playlist({ msn: 0, part: 1 }));
    assert.equal(await settled(Promise.race(held)), false);
    assert.ok(await settled(packager.playlist({ msn: 0, part: 1 })));
    assert.ok(await settled(packager.part(0, 1)));
    append(fragments[1] as Fragment);
    assert.ok(await settled(Promise.all(held)));
  });

  it("maps only its own file names to files, with bounded numbers", () => {
    assert.deepEqual(parseLlHlsFile("init0.mp4"), { kind: "init", run: 0 });
    assert.deepEqual(parseLlHlsFile("seg123456789.m4s"), { kind: "segment", msn: 123456789 });
    assert.deepEqual(parseLlHlsFile("part42.999.m4s"), { kind: "part", msn: 42, index: 999 });
    const refused = ["", "init.mp4", "seg.m4s", "seg01.m4s", "seg-1.m4s", "seg+1.m4s", "seg1.5.m4s", "seg1234567890.m4s", "part1.1000.m4s", "part1.01.m4s",
      "part1.m4s", "SEG1.m4s", "seg1.mp4", "seg1.m4s\n", " seg1.m4s", "../seg1.m4s", "seg1.m4s?x", "seg1e3.m4s", "seg0x1.m4s", "index.m3u8", "seg１.m4s"];
    for (const name of refused) assert.equal(parseLlHlsFile(name), undefined, JSON.stringify(name));
  });
});
