import { z } from "zod";

/** `?token=`: a play token minted by the app's backend, for private playback. */
export const playerQuery = z.object({
  token: z.string().max(8192).optional(),
});

export const sdkParams = z.object({ file: z.string().max(100) });

/** `?v=`: the content version the pages put in their URLs; a matching one may be cached for a year. */
export const sdkQuery = z.object({ v: z.string().max(64).optional() });

/** `GET /apps/{app}/player/{room}`: how to play a room, answered only to viewers who may watch it. */
export const roomPlaybackResponse = z.strictObject({
  app: z.string(),
  room: z.string(),
  kind: z.enum(["ws-mjpeg", "hls", "webrtc"]),
  hlsUrl: z.string().nullable(),
  access: z.enum(["public", "token"]),
  wsUrl: z.string().nullable(),
  features: z.strictObject({ chat: z.boolean(), reactions: z.boolean() }),
  liveUrl: z.string(),
  tokenUrl: z.string(),
  pluginsUrl: z.string(),
});
