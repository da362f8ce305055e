import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ResponseScanner, type ScanResult } from "../../src/pull/rtsp-guard.ts";

const OPTIONS = "RTSP/1.0 200 OK\r\nCSeq: 1\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY\r\n\r\n";
const SDP = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=cam\r\nm=video 0 RTP/AVP 96\r\n";
const DESCRIBE = `RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Type: application/sdp\r\nContent-Length: ${SDP.length}\r\n\r\n${SDP}`;
const REDIRECT = "RTSP/1.0 302 Moved Temporarily\r\nCSeq: 3\r\nLocation: rtsp://10.0.0.5/cam\r\n\r\n";
const FRAME = Buffer.from([0x24, 0, 0, 4, 1, 2, 3, 4]);

/** Feeds `bytes` to a scanner in pieces of `size`; answers what it let through and what stopped it. */
function scan(bytes: Buffer, size: number, scanner = new ResponseScanner()): { through: Buffer; stopped?: Exclude<ScanResult, { forward: Buffer[] }> } {
  const through: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const found = scanner.push(bytes.subarray(at, at + size));
    if (!("forward" in found)) return { through: Buffer.concat(through), stopped: found };
    through.push(...found.forward);
  }
  return { through: Buffer.concat(through) };
}

describe("the RTSP guard's reading of a camera's answers", () => {
  it("finds a redirect after other answers and their bodies, however the bytes are split, and lets none of it through", () => {
    const bytes = Buffer.from(OPTIONS + DESCRIBE + REDIRECT);
    for (const size of [1, 7, 64, bytes.length]) {
      const { through, stopped } = scan(bytes, size);
      assert.deepEqual(stopped, { redirect: { status: 302, location: "rtsp://10.0.0.5/cam" } }, `in pieces of ${size}`);
      assert.ok((OPTIONS + DESCRIBE).startsWith(through.toString("latin1")), "at most the whole answers before it");
    }
  });

  it("holds back a message until it is whole: a redirect cut off by the camera is never passed on", () => {
    const { through, stopped } = scan(Buffer.from(OPTIONS + REDIRECT.slice(0, -2)), 5);
    assert.equal(stopped, undefined);
    assert.equal(through.toString("latin1"), OPTIONS);
  });

  it("reads a status as ffmpeg does: bare newlines, padded or odd status words, the last Content-Length", () => {
    for (const reply of ["RTSP/1.0 302 Found\nLocation: rtsp://10.0.0.5/\n\n", "RTSP/1  302 Found\r\n\r\n", "RTSP/1.0 0302 Found\r\n\r\n", "HTTP/1.1 301 Moved\r\n\r\n"]) {
      assert.ok(scan(Buffer.from(OPTIONS + reply), 3).stopped, JSON.stringify(reply));
    }
    const hidden = `RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Length: ${REDIRECT.length}\r\nContent-Length: 0\r\n\r\n${REDIRECT}`;
    assert.ok(scan(Buffer.from(hidden), 9).stopped, "a body the first Content-Length claims is read as ffmpeg reads it: as the next reply");
  });

  it("does not take a body's text for an answer: a 3xx inside an SDP is data", () => {
    const body = "RTSP/1.0 301 Moved\r\nLocation: rtsp://10.0.0.5/\r\n\r\n";
    const bytes = Buffer.from(`RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Length: ${body.length}\r\n\r\n${body}${OPTIONS}`);
    const { through, stopped } = scan(bytes, 5);
    assert.equal(stopped, undefined);
    assert.equal(through.length, bytes.length);
  });

  it("passes interleaved media on as it comes, and still refuses a redirect after it", () => {
    const scanner = new ResponseScanner();
    const first = scanner.push(Buffer.concat([Buffer.from(OPTIONS), FRAME.subarray(0, 6)]));
    assert.ok("forward" in first && first.media);
    assert.equal(Buffer.concat(first.forward).length, OPTIONS.length + 6, "a frame's bytes need not wait for its end");
    assert.ok(!("forward" in scanner.push(Buffer.concat([FRAME.subarray(6), Buffer.from(REDIRECT)]))));
  });

  it("answers a header that never ends as garbage, holding at most 64 KiB", () => {
    assert.ok(scan(Buffer.alloc(70 * 1024, "a"), 4096).stopped && "garbage" in (scan(Buffer.alloc(70 * 1024, "a"), 4096).stopped ?? {}));
  });
});
