import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ResponseScanner } from "../../src/pull/rtsp-guard.ts";

const OPTIONS = "RTSP/1.0 200 OK\r\nCSeq: 1\r\nPublic: OPTIONS, DESCRIBE, SETUP, PLAY\r\n\r\n";
const SDP = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=cam\r\nm=video 0 RTP/AVP 96\r\n";
const DESCRIBE = `RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Type: application/sdp\r\nContent-Length: ${SDP.length}\r\n\r\n${SDP}`;
const REDIRECT = "RTSP/1.0 302 Moved Temporarily\r\nCSeq: 3\r\nLocation: rtsp://10.0.0.5/cam\r\n\r\n";

/** Feeds `text` to a scanner in pieces of `size` bytes; answers the first finding. */
function scan(bytes: Buffer, size: number, scanner = new ResponseScanner()) {
  for (let at = 0; at < bytes.length; at += size) {
    const found = scanner.push(bytes.subarray(at, at + size));
    if (found !== undefined) return found;
  }
  return undefined;
}

describe("the RTSP guard's reading of a camera's answers", () => {
  it("finds a redirect after other answers and their bodies, however the bytes are split", () => {
    const bytes = Buffer.from(OPTIONS + DESCRIBE + REDIRECT);
    for (const size of [1, 7, 64, bytes.length]) assert.deepEqual(scan(bytes, size), { status: 302, location: "rtsp://10.0.0.5/cam" }, `in pieces of ${size}`);
  });

  it("does not take a body's text for an answer: a 3xx inside an SDP is data", () => {
    const body = "RTSP/1.0 301 Moved\r\nLocation: rtsp://10.0.0.5/\r\n\r\n";
    const bytes = Buffer.from(`RTSP/1.0 200 OK\r\nCSeq: 2\r\nContent-Length: ${body.length}\r\n\r\n${body}${OPTIONS}`);
    assert.equal(scan(bytes, 5), undefined);
  });

  it("stops reading once interleaved media flows: a redirect is only followed while a session is set up", () => {
    const frame = Buffer.from([0x24, 0, 0, 4, 1, 2, 3, 4]);
    const scanner = new ResponseScanner();
    assert.equal(scan(Buffer.concat([Buffer.from(OPTIONS), frame]), 3, scanner), undefined);
    assert.equal(scanner.done, true);
    assert.equal(scanner.push(Buffer.from(REDIRECT)), undefined);
  });

  it("answers a header that never ends as garbage, holding at most 64 KiB", () => {
    assert.equal(scan(Buffer.alloc(70 * 1024, "a"), 4096), "garbage");
  });
});
