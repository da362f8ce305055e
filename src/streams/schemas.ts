import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { STREAM_TYPES } from "./view.ts";

/** `{id}`: the stream's row id or its (URL-encoded) stream id. */
export const streamParams = appParams.extend({ id: z.string().min(1).max(300) });

/** POST /streams/{id}/data: a chat line or a reaction, sent into the room as the server. */
export const dataBody = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("chat"), message: z.string().min(1).max(2000), from: z.string().min(1).max(120).default("server") }),
  z.strictObject({ type: z.literal("reaction"), reaction: z.string().min(1).max(32), from: z.string().min(1).max(120).default("server") }),
]);

/** SPEC 2.8's stream record. */
const stream = {
  id: z.number().int(),
  streamId: z.string(),
  type: z.enum(STREAM_TYPES),
  room: z.string(),
  participant: z.string().nullable(),
  status: z.enum(["active", "ended"]),
  startedAt: z.string(),
  /** The media server's last stats of the stream, as the JSON text it sent. */
  lastStatsJson: z.string(),
};

/** `GET /streams`, a bare list (SPEC 4.13). */
export const activeStreamsResponse = z.array(z.strictObject(stream));

/**
 * `GET /streams/{id}`: the record, its viewers (null when the media server cannot tell) and what
 * later modules add: the live HLS playlist while the app distributes through a CDN.
 */
export const streamDetailResponse = z.strictObject({
  ...stream,
  viewers: z.number().int().nullable(),
  /**
   * The media server's time of the stream's last event (seconds since the epoch); present only
   * when `{id}` is a stream id, whose lookup reads it to order events.
   */
  lastEventAt: z.number().int().optional(),
  hls: z.strictObject({ playlistUrl: z.string(), egressId: z.string(), startedAt: z.string() }).optional(),
});

/** POST /streams/{id}/data: what was sent, and where. */
export const dataSentResponse = z.strictObject({ sent: z.literal(true), topic: z.enum(["chat", "reaction"]), room: z.string() });
