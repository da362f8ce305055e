/**
 * What publishes a stream: a LiveKit participant (`webrtc`), an ingress (`rtmp`, `whip`, `rtsp`
 * for LiveKit's pulled URLs and the service's own RTSP cameras), a WebSocket camera, or a source
 * the service pulls over SRT or HLS (issue 33; an RTMP pull is `rtmp`).
 */
export const STREAM_TYPES = ["webrtc", "rtmp", "rtsp", "whip", "ws-mjpeg", "srt", "hls"] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** SPEC 2.8's stream record, as the streams domain answers it (its rows stay in store.ts). */
export interface StreamView {
  readonly id: number;
  readonly streamId: string;
  readonly type: StreamType;
  readonly room: string;
  readonly participant: string | null;
  readonly status: "active" | "ended";
  readonly startedAt: string;
  readonly lastStatsJson: string;
}

/** The stream ids of cameras the service pulls itself (their ingress ids); LiveKit's ingresses are `IN_`. */
export const PULLED_PREFIX = "PC_";

/** Whether a stream is a camera room's, whose frames are on this service's relay: a WebSocket camera, or a camera the service pulls. */
export function isCameraStream(stream: { readonly type: string; readonly streamId: string }): boolean {
  return stream.type === "ws-mjpeg" || stream.streamId.startsWith(PULLED_PREFIX);
}
