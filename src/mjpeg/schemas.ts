import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { scope } from "../peers/ask.ts";

const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const slug = z.string().min(1).max(64).regex(SLUG, "lowercase letters, digits, dashes and underscores, starting with a letter or digit");

/** POST /apps/{app}/ws-ingest (SPEC 4.10, limits in SPEC 8). */
export const mintCameraKeyBody = z.strictObject({ room: slug, identity: slug.optional() });

export const keyParams = appParams.extend({ id: z.string().max(100) });

/** The public live check: `{room}` as the app asks for it, namespaced by the service. */
export const liveParams = appParams.extend({ room: z.string().max(120) });

/** Where a camera room's device connects and where it is watched (`cameraUrls`). */
const cameraUrls = {
  wsUrl: z.string(),
  mjpegUrl: z.string(),
  frameUrl: z.string(),
  playerUrl: z.string(),
  embedUrl: z.string(),
};

/** A camera key as described: never its secret. */
const cameraKey = {
  id: z.string(),
  room: z.string(),
  identity: z.string(),
  createdAt: z.string(),
  status: z.enum(["enabled", "disabled"]),
  disabledAt: z.string().nullable(),
  rotatedAt: z.string().nullable(),
  ...cameraUrls,
};

/** What a minted or reset key answers: the one time its secret (`streamKey`) is shown. */
export const mintedCameraKey = z.strictObject({ ...cameraKey, streamKey: z.string() });

/** A key with its camera's live counters (all zero and null while no camera holds it). */
export const cameraKeyWithLive = z.strictObject({
  ...cameraKey,
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
  fps: z.number(),
  lastFrameAt: z.string().nullable(),
  viewers: z.number().int(),
  framesIn: z.number().int(),
  bytesIn: z.number().int(),
  framesDropped: z.number().int(),
  /** The node the camera is connected to (its live figures are that node's); null while it is offline. */
  node: z.string().nullable(),
});

export const cameraKeyListResponse = z.array(cameraKeyWithLive);

/** GET /apps/{app}/ws-ingest: the cameras of every node, or of the node asked (`scope=node`). */
export const cameraKeyListQuery = z.object({ scope });

/** The public live check of a camera room. */
export const cameraRoomLive = z.strictObject({
  active: z.boolean(),
  type: z.literal("ws-mjpeg"),
  room: z.string(),
  mjpegUrl: z.string(),
  frameUrl: z.string(),
  /** The plugin rendition public viewers should watch while the original is hidden from them. */
  variant: z.string().nullable(),
});
