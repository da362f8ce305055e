/**
 * The motion detector's arithmetic (issue 34; docs/timeline.md), pure so the pool task and the
 * unit tests share it: two small greyscale pictures of a camera, compared pixel by pixel outside
 * the masked regions. A pixel moved when its brightness changed by `threshold` or more; the
 * picture moved when the share of its unmasked pixels that moved is `minArea` or more.
 */

/** [x, y, width, height] as fractions of the picture. */
export type Region = readonly [number, number, number, number];

export interface Grey {
  readonly pixels: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface MotionSettings {
  readonly threshold: number;
  readonly minArea: number;
  readonly masks: readonly Region[];
}

export interface Moved {
  /** The share of the unmasked picture that moved (0 to 1). */
  readonly area: number;
  readonly motion: boolean;
  /** The bounding box of what moved, as fractions of the picture; null when nothing did. */
  readonly box: Region | null;
}

/** Which pixels of a picture this size are looked at: 1 outside every mask, 0 inside one. */
export function lookedAt(width: number, height: number, masks: readonly Region[]): Uint8Array {
  const seen = new Uint8Array(width * height).fill(1);
  for (const [x, y, w, h] of masks) {
    const [x0, y0] = [Math.floor(x * width), Math.floor(y * height)];
    const [x1, y1] = [Math.min(width, Math.ceil((x + w) * width)), Math.min(height, Math.ceil((y + h) * height))];
    for (let row = y0; row < y1; row++) seen.fill(0, row * width + x0, row * width + x1);
  }
  return seen;
}

export function compare(before: Grey, now: Grey, s: MotionSettings): Moved {
  if (before.width !== now.width || before.height !== now.height) return { area: 0, motion: false, box: null };
  const { width, height } = now;
  const seen = lookedAt(width, height, s.masks);
  let counted = 0;
  let moved = 0;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (seen[i] === 0) continue;
      counted++;
      if (Math.abs((now.pixels[i] ?? 0) - (before.pixels[i] ?? 0)) < s.threshold) continue;
      moved++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  const area = counted === 0 ? 0 : moved / counted;
  const box: Region | null = moved === 0 ? null : [left / width, top / height, (right - left + 1) / width, (bottom - top + 1) / height];
  return { area, motion: counted > 0 && area >= s.minArea, box };
}
