import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compare, lookedAt, type Grey } from "../../src/timeline/motion-diff.ts";

const picture = (width: number, height: number, paint: (x: number, y: number) => number): Grey => {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = paint(x, y);
  return { pixels, width, height };
};

describe("the motion detector's comparison", () => {
  const still = picture(10, 10, () => 100);
  const settings = { threshold: 25, minArea: 0.05, masks: [] as const };

  it("finds no motion in the same picture, nor in changes under the threshold", () => {
    assert.deepEqual(compare(still, still, settings), { area: 0, motion: false, box: null });
    assert.equal(compare(still, picture(10, 10, () => 120), settings).motion, false);
  });

  it("measures the share that moved and bounds it", () => {
    // A 3x2 block moved at x 2..4, y 5..6: 6 of 100 pixels.
    const moved = picture(10, 10, (x, y) => (x >= 2 && x <= 4 && y >= 5 && y <= 6 ? 200 : 100));
    const m = compare(still, moved, settings);
    assert.equal(m.area, 0.06);
    assert.equal(m.motion, true);
    assert.deepEqual(m.box, [0.2, 0.5, 0.3, 0.2]);
    assert.equal(compare(still, moved, { ...settings, minArea: 0.1 }).motion, false, "under min_area");
  });

  it("does not look inside masks, and counts the share of what it looks at", () => {
    const moved = picture(10, 10, (x) => (x < 5 ? 200 : 100));
    assert.equal(compare(still, moved, { ...settings, masks: [[0, 0, 0.5, 1]] }).motion, false);
    // Half masked, the other half's left fifth moved: a fifth of what is looked at.
    const right = picture(10, 10, (x) => (x === 5 ? 200 : 100));
    assert.equal(compare(still, right, { ...settings, masks: [[0, 0, 0.5, 1]] }).area, 0.2);
    assert.equal(compare(still, moved, { ...settings, masks: [[0, 0, 1, 1]] }).area, 0, "all masked: nothing to see");
    assert.equal(lookedAt(4, 2, [[0.5, 0.5, 0.5, 0.5]]).join(""), "11111100");
  });

  it("answers no motion for pictures of two sizes (the camera changed resolution)", () => {
    assert.equal(compare(still, picture(20, 10, () => 0), settings).motion, false);
  });
});
