import type { DropReason } from "./camera.ts";

/**
 * Per-app MJPEG totals, kept as plain numbers because the fan-out bumps them for every part sent
 * to every viewer; metrics read them at scrape time.
 */
export interface MjpegCounters {
  framesIn: number;
  bytesIn: number;
  framesOut: number;
  bytesOut: number;
  framesSkipped: number;
  viewersEvicted: number;
  readonly dropped: Record<DropReason, number>;
}

export function newCounters(): MjpegCounters {
  return { framesIn: 0, bytesIn: 0, framesOut: 0, bytesOut: 0, framesSkipped: 0, viewersEvicted: 0, dropped: { invalid: 0, too_large: 0, rate: 0 } };
}
