import type { Frame, Page } from "playwright-core";

/**
 * What the player pages show, read inside the page (as strings: the project compiles without DOM
 * types). Shared by test/integration/player.test.ts and bench/player.ts.
 */
type Context = Page | Frame;

export interface VideoState {
  readonly videos: number;
  readonly width: number;
  readonly height: number;
  readonly currentTime: number;
  readonly paused: boolean;
}

/** The first WebRTC <video> the player attached: its decoded size and clock. */
export function videoState(where: Context): Promise<VideoState> {
  return where.evaluate(`(() => {
    const all = document.querySelectorAll("video.sp-video");
    const v = all[0];
    return v ? { videos: all.length, width: v.videoWidth, height: v.videoHeight, currentTime: v.currentTime, paused: v.paused }
             : { videos: 0, width: 0, height: 0, currentTime: 0, paused: true };
  })()`);
}

export interface AudioState {
  readonly elements: number;
  /** Audio tracks on the elements' streams that are live. */
  readonly liveTracks: number;
  readonly muted: boolean;
  readonly paused: boolean;
}

export function audioState(where: Context): Promise<AudioState> {
  return where.evaluate(`(() => {
    const all = [...document.querySelectorAll("audio.sp-audio")];
    const tracks = all.flatMap((a) => a.srcObject ? a.srcObject.getAudioTracks() : []);
    return { elements: all.length, liveTracks: tracks.filter((t) => t.readyState === "live").length, muted: all.some((a) => a.muted), paused: all.some((a) => a.paused) };
  })()`);
}

/** The player's status line ("" while it plays). */
export async function statusText(where: Context): Promise<string> {
  return (await where.locator("#status").textContent()) ?? "";
}

/**
 * Installed before any page script runs (`addInitScript`): every <video> added to the page gets a
 * `requestVideoFrameCallback`, so `window.__firstVideoFrame` resolves with the page-clock time
 * (ms since navigation start) its first decoded frame was presented.
 */
export const FIRST_VIDEO_FRAME_PROBE = `(() => {
  let resolve;
  window.__firstVideoFrame = new Promise((r) => (resolve = r));
  const watch = (v) => { if (!v.__probed) { v.__probed = true; v.requestVideoFrameCallback((now) => resolve(now)); } };
  new MutationObserver(() => document.querySelectorAll("video").forEach(watch)).observe(document, { childList: true, subtree: true });
})();`;

/** When the first WebRTC frame was presented (ms after navigation start); rejects after `ms`. */
export function firstVideoFrame(where: Context, ms = 15_000): Promise<number> {
  return where.evaluate(`Promise.race([window.__firstVideoFrame, new Promise((_, no) => setTimeout(() => no(new Error("no video frame in ${ms} ms")), ${ms}))])`);
}
