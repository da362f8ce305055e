/** The start-of-frame markers (baseline, progressive, lossless, arithmetic): the ones whose segment gives the picture's size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * A JPEG's picture size, read off its start-of-frame segment; undefined when the bytes end, or
 * the scan starts, before one (a camera's bytes: every length is checked against the buffer).
 */
export function jpegSize(jpeg: Uint8Array): { readonly width: number; readonly height: number } | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 3 < jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (restarts, TEM), carry no length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = ((jpeg[at + 2] ?? 0) << 8) | (jpeg[at + 3] ?? 0);
    if (length < 2) return undefined;
    if (SOF.has(marker)) {
      if (at + 9 > jpeg.length) return undefined;
      const height = ((jpeg[at + 5] ?? 0) << 8) | (jpeg[at + 6] ?? 0);
      const width = ((jpeg[at + 7] ?? 0) << 8) | (jpeg[at + 8] ?? 0);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    at += 2 + length;
  }
  return undefined;
}
