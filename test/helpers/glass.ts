import type { Page } from "playwright-core";

/**
 * Glass-to-glass latency read from the picture: test/fixtures/rtsp-camera.py draws the UTC
 * milliseconds of the day at capture into every frame as a strip of black and white blocks along
 * the bottom (its draw_time_code; the constants below must match its CODE_*), and a reader of a
 * frame (a page showing the camera, or a frame decoded in Node) reads them back and subtracts
 * them from its own clock. Both ends run on one machine, so they share the clock.
 */
const CELLS = 32;
const BITS = 28;
const MIN_ROWS = 16;
const ROWS_PER_HEIGHT = 10;
const MS_PER_DAY = 86_400_000;
/** Luma halfway between the fixture's black (16) and white (235), in either range. */
const MID_GREY = 128;

/** Where the time code lies in a frame of this size, and the part of each block that is read. */
export interface CodeStrip {
  readonly top: number;
  readonly rows: number;
  /** Per block, the columns read: its middle half, away from the edges an encoder smears. */
  readonly columns: ReadonlyArray<readonly [number, number]>;
  /** The rows read, in the strip's middle half. */
  readonly readRows: readonly [number, number];
}

export function codeStrip(width: number, height: number): CodeStrip {
  const cell = Math.floor(width / CELLS);
  const rows = Math.floor(Math.max(MIN_ROWS, Math.floor(height / ROWS_PER_HEIGHT)) / 2) * 2;
  const columns = Array.from({ length: CELLS }, (_, i) => [i * cell + Math.floor(cell / 4), i * cell + Math.ceil((3 * cell) / 4)] as const);
  return { top: height - rows, rows, columns, readRows: [Math.floor(rows / 4), Math.ceil((3 * rows) / 4)] };
}

/** The mean luma of each block's middle, from a frame's luma plane (`width` bytes a row). */
export function cellLumas(luma: Uint8Array, width: number, height: number): number[] {
  const strip = codeStrip(width, height);
  return strip.columns.map(([x0, x1]) => {
    let sum = 0;
    for (let y = strip.top + strip.readRows[0]; y < strip.top + strip.readRows[1]; y++) {
      for (let x = x0; x < x1; x++) sum += luma[y * width + x] ?? 0;
    }
    return sum / ((x1 - x0) * (strip.readRows[1] - strip.readRows[0]));
  });
}

/** The capture time (UTC milliseconds of the day) the blocks carry, or undefined when they are not a time code. */
export function decodeTimeCode(lumas: readonly number[]): number | undefined {
  if (lumas.length !== CELLS) return undefined;
  const bits = lumas.map((l) => (l > MID_GREY ? 1 : 0));
  const data = bits.slice(2, 2 + BITS);
  const ones = data.reduce<number>((n, b) => n + b, 0);
  if (bits[0] !== 1 || bits[1] !== 0 || bits[CELLS - 1] !== 1 || bits[CELLS - 2] !== (ones & 1)) return undefined;
  const ms = data.reduce<number>((n, b) => n * 2 + b, 0);
  return ms < MS_PER_DAY ? ms : undefined;
}

/** Milliseconds from a capture at `msOfDay` to the wall-clock time `atMs`, across midnight. */
export function sinceCapture(msOfDay: number, atMs: number): number {
  const delta = (((atMs % MS_PER_DAY) - msOfDay) % MS_PER_DAY + MS_PER_DAY) % MS_PER_DAY;
  return delta > MS_PER_DAY / 2 ? delta - MS_PER_DAY : delta;
}

/**
 * A page init script (`addInitScript`; a string, since the project compiles without DOM types)
 * that reads the time code of every frame a <video> of the page presents, for a camera of
 * `width` x `height`: requestVideoFrameCallback, the strip drawn to a canvas, each block's mean
 * luma kept with the wall-clock time the frame is expected on screen. `takeGlass` collects them.
 */
export function glassProbe(width: number, height: number): string {
  const strip = codeStrip(width, height);
  return `(() => {
  const W = ${width}, H = ${height}, strip = ${JSON.stringify(strip)};
  const taken = [];
  let wrongSize = 0;
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = strip.rows;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  const read = (video, at) => {
    if (video.videoWidth !== W || video.videoHeight !== H) return void wrongSize++;
    g.drawImage(video, 0, strip.top, W, strip.rows, 0, 0, W, strip.rows);
    const px = g.getImageData(0, 0, W, strip.rows).data;
    const [y0, y1] = strip.readRows;
    const lumas = strip.columns.map(([x0, x1]) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const i = (y * W + x) * 4;
        sum += 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
      }
      return sum / ((x1 - x0) * (y1 - y0));
    });
    taken.push({ at, lumas });
  };
  const watch = (video) => {
    if (video.__glass) return;
    video.__glass = true;
    const onFrame = (now, frame) => {
      // The frame reaches the glass at expectedDisplayTime (the callback's clock): on the wall clock, that far from now.
      read(video, Date.now() + (frame.expectedDisplayTime - now));
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => document.querySelectorAll("video").forEach(watch)).observe(document, { childList: true, subtree: true });
  window.__takeGlass = () => ({ frames: taken.splice(0), wrongSize });
})();`;
}

/** One presented frame whose time code was read. */
export interface GlassSample {
  /** Wall-clock milliseconds the frame was expected on screen. */
  readonly shownAt: number;
  /** UTC milliseconds of the day the camera captured it. */
  readonly capturedMsOfDay: number;
  readonly latencyMs: number;
}

export interface GlassReading {
  readonly samples: GlassSample[];
  /** Frames presented whose blocks were not a time code (a frame still being decoded, a picture without one). */
  readonly unreadable: number;
  /** Frames presented at another size than the probe was made for (counted since the page loaded). */
  readonly wrongSize: number;
}

/** The frames presented since the last call, decoded (the page forgets them). */
export async function takeGlass(page: Page): Promise<GlassReading> {
  const raw = await page.evaluate<{ frames: Array<{ at: number; lumas: number[] }>; wrongSize: number }>("window.__takeGlass()");
  const samples: GlassSample[] = [];
  let unreadable = 0;
  for (const { at, lumas } of raw.frames) {
    const captured = decodeTimeCode(lumas);
    if (captured === undefined) unreadable++;
    else samples.push({ shownAt: at, capturedMsOfDay: captured, latencyMs: sinceCapture(captured, at) });
  }
  return { samples, unreadable, wrongSize: raw.wrongSize };
}

/** The `p`th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
