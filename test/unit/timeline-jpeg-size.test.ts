import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { jpegSize } from "../../src/timeline/jpeg-size.ts";
import { testJpeg } from "../helpers/mjpeg.ts";

/** The timeline's rows say what picture a WebSocket camera's segment holds, read off its first JPEG (a camera's bytes). */
describe("jpegSize", () => {
  it("reads the size of ffmpeg's JPEGs, past padding segments", () => {
    assert.deepEqual(jpegSize(testJpeg("red", 0, "640x480")), { width: 640, height: 480 });
    assert.deepEqual(jpegSize(testJpeg("green", 20_000, "64x48")), { width: 64, height: 48 });
  });

  it("reads odd sizes, which JPEG allows (ffmpeg's own frames are even: the header is set by hand)", () => {
    const jpeg = Buffer.from(testJpeg("blue", 0, "160x120"));
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(121, sof + 5);
    jpeg.writeUInt16BE(161, sof + 7);
    assert.deepEqual(jpegSize(jpeg), { width: 161, height: 121 });
  });

  it("answers undefined for bytes that end, or scan, before a frame header, whatever their lengths claim", () => {
    const jpeg = testJpeg("red", 0, "640x480");
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    assert.ok(sof > 2);
    assert.equal(jpegSize(jpeg.subarray(0, sof + 6)), undefined, "cut inside the frame header");
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff])), undefined, "a length past the end");
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0])), undefined, "a scan first");
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xc0])), undefined, "a length under 2");
    assert.equal(jpegSize(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00])), undefined, "no marker");
    assert.equal(jpegSize(Buffer.from("not a jpeg")), undefined);
    assert.equal(jpegSize(new Uint8Array(0)), undefined);
  });
});
