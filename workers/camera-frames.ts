/**
 * Pool tasks on camera frames for the timeline (`camera_frames` pool; issue 34): the motion
 * detector's comparison of a frame with the one before, and an event's thumbnail. Decoding and
 * scaling a JPEG is the cost; the comparison itself is a few thousand pixels.
 */
import sharp from "sharp";
import { compare, type Grey, type Moved, type MotionSettings } from "../src/timeline/motion-diff.ts";

/** The width the detector looks at: enough for a person at a door, small enough to cost nothing to compare. */
const MOTION_WIDTH = 96;
/** How wide an event's thumbnail is. */
const THUMBNAIL_WIDTH = 320;

// One libvips thread per pool thread: the pool's size is the parallelism.
sharp.concurrency(1);

/** A frame made small and grey (and blurred a little, so sensor noise does not count as motion), compared with the one before. */
export async function motion(input: { jpeg: Uint8Array; before: Grey | null; settings: MotionSettings }): Promise<{ grey: Grey; moved: Moved | null }> {
  const { data, info } = await sharp(input.jpeg).resize({ width: MOTION_WIDTH }).greyscale().blur(0.8).raw().toBuffer({ resolveWithObject: true });
  const grey: Grey = { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  return { grey, moved: input.before ? compare(input.before, grey, input.settings) : null };
}

export async function thumbnail(input: { jpeg: Uint8Array }): Promise<Uint8Array> {
  return sharp(input.jpeg).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
}
