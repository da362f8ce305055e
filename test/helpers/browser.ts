import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { CHROMIUM } from "../setup/prerequisites.ts";

/** Debian's headless Chromium, driven by playwright-core (no browser download), with extra command-line `args`. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

/** When an <img> was given its src and when its first frame was ready to paint (page clock, ms). */
export interface FirstFrame {
  readonly src: string;
  readonly setAt: number;
  readonly shownAt: number;
}

/**
 * Installed before any page script runs (`page.addInitScript`), in every frame: it wraps the
 * `src` setter of <img> and, from that moment, checks `naturalWidth` on every animation frame, so
 * the first frame's latency is measured in the page, from the assignment the page itself makes.
 * The code is a string because the project compiles without DOM types; DevTools runs it outside
 * the page's CSP.
 */
export const FIRST_FRAME_PROBE = `(() => {
  const setter = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  const shown = [];
  const waiters = [];
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true,
    enumerable: setter.enumerable,
    get() { return setter.get.call(this); },
    set(value) {
      const setAt = performance.now();
      setter.set.call(this, value);
      const src = setter.get.call(this);
      const poll = () => {
        if (setter.get.call(this) !== src) return;
        if (this.naturalWidth > 0) {
          shown.push({ src, setAt, shownAt: performance.now() });
          for (const wake of waiters.splice(0)) wake();
        } else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
  });
  window.__firstFrames = (ms) => new Promise((resolve, reject) => {
    if (shown.length > 0) return resolve(shown);
    const timer = setTimeout(() => reject(new Error("no <img> showed a frame within " + ms + " ms")), ms);
    waiters.push(() => (clearTimeout(timer), resolve(shown)));
  });
})();`;

type Context = Page | Frame;

/** The first <img> frame the probe saw in this page or frame; rejects after `ms`. */
export async function firstFrame(where: Context, ms = 5000): Promise<FirstFrame> {
  const shown = await where.evaluate<FirstFrame[]>(`window.__firstFrames(${ms})`);
  const first = shown[0];
  if (!first) throw new Error("the probe resolved without a frame");
  return first;
}

/** An image's size and the RGB of its centre pixel, read by drawing it to a canvas (same origin). */
export function centrePixel(where: Context, selector: string): Promise<{ width: number; height: number; rgb: [number, number, number] }> {
  return where.evaluate(`((selector) => {
    const img = document.querySelector(selector);
    if (!img || img.naturalWidth === 0) throw new Error(selector + " shows nothing");
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0);
    const [r, gr, b] = g.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
    return { width: canvas.width, height: canvas.height, rgb: [r, gr, b] };
  })(${JSON.stringify(selector)})`);
}

/** The name of a solid test colour from its decoded RGB (JPEG shifts values a little). */
export function colourOf([r, g, b]: readonly [number, number, number]): string {
  const hi = (v: number) => v > 180;
  const lo = (v: number) => v < 80;
  if (hi(r) && lo(g) && lo(b)) return "red";
  if (lo(r) && hi(g) && lo(b)) return "lime";
  if (lo(r) && lo(g) && hi(b)) return "blue";
  return `rgb(${r}, ${g}, ${b})`;
}
