import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BOUNDARY, PartPool } from "../../src/mjpeg/part.ts";

const jpeg = (fill: number, size: number): Buffer => {
  const b = Buffer.alloc(size, fill);
  b[0] = 0xff;
  b[1] = 0xd8;
  b[size - 2] = 0xff;
  b[size - 1] = 0xd9;
  return b;
};

describe("PartPool", () => {
  it("frames a JPEG as one multipart part, headers to following boundary", () => {
    const frame = jpeg(1, 1000);
    const part = new PartPool().build(frame, 7, 123);
    const head = `Content-Type: image/jpeg\r\nContent-Length: 1000\r\n\r\n`;
    assert.equal(part.bytes.toString("latin1", 0, head.length), head);
    assert.deepEqual(part.jpeg, frame);
    assert.equal(part.bytes.toString("latin1", head.length + 1000), `\r\n--${BOUNDARY}\r\n`);
    assert.equal(part.bytes.length, head.length + 1000 + BOUNDARY.length + 6);
    assert.equal(part.seq, 7);
    assert.equal(part.at, 123);
  });

  it("reuses a buffer only once every holder let go, and never under a held part", () => {
    const pool = new PartPool();
    const first = pool.build(jpeg(1, 5000), 1, 0);
    first.hold(); // the relay
    first.hold(); // a viewer with it in flight
    first.release(); // the relay moves on
    const second = pool.build(jpeg(2, 5000), 2, 0);
    assert.deepEqual(first.jpeg, jpeg(1, 5000), "a held part is never written over");
    second.hold();
    first.release(); // the viewer finished: the buffer becomes the spare
    assert.ok(pool.spareBytes >= 5000);
    const third = pool.build(jpeg(3, 5000), 3, 0);
    assert.equal(pool.spareBytes, 0);
    assert.equal(third.bytes.buffer, first.bytes.buffer, "the third frame took the first one's buffer");
    assert.deepEqual(second.jpeg, jpeg(2, 5000));
    assert.deepEqual(third.jpeg, jpeg(3, 5000));
  });

  it("keeps one spare, big enough for the camera's frames, and allocates for a larger frame", () => {
    const pool = new PartPool();
    const small = pool.build(jpeg(1, 1000), 1, 0);
    const big = pool.build(jpeg(2, 50_000), 2, 0);
    small.hold();
    small.release();
    assert.equal(pool.spareBytes, 0, "smaller than the camera's last frame: left to the GC");
    big.hold();
    big.release();
    const spare = pool.spareBytes;
    assert.ok(spare >= 50_000);
    const other = pool.build(jpeg(3, 10_000), 3, 0);
    other.hold();
    other.release();
    assert.equal(pool.spareBytes, spare, "one spare at most");
    const bigger = pool.build(jpeg(4, spare + 1), 4, 0);
    assert.deepEqual(bigger.jpeg, jpeg(4, spare + 1));
  });
});
