export type StreamType = "webrtc" | "rtmp" | "rtsp" | "whip" | "ws-mjpeg";

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
