import type { PulledCameraFailure, PulledCameraState } from "../../machines/pulled-camera.ts";
import type { PulledMedia } from "../pull/puller.ts";
import type { StreamType } from "../streams/view.ts";
import type { IngressRow } from "./store.ts";

/** What the stream of a pulled source is called in stream rows and events, by its URL's scheme. */
export const STREAM_TYPE_BY_SCHEME: Record<string, StreamType> = { "rtsp:": "rtsp", "rtsps:": "rtsp", "rtmp:": "rtmp", "rtmps:": "rtmp", "srt:": "srt", "http:": "hls", "https:": "hls" };

/** Schemes LiveKit's ingress never takes as a pulled URL, so the service pulls them whether or not a media server is configured. */
const ALWAYS_PULLED = new Set(["rtsp:", "rtsps:", "rtmp:", "rtmps:"]);

/** Whether the service pulls `url` itself (true) or hands it to LiveKit's URL ingress. */
export function pulledByService(url: string, mediaServer: boolean): boolean {
  return ALWAYS_PULLED.has(new URL(url).protocol) || !mediaServer;
}

/** A pulled camera's state as answers show it (`camera` of the ingress resource). */
export interface PulledCameraView {
  readonly state: PulledCameraState;
  readonly failure: PulledCameraFailure | null;
  readonly error: string | null;
  readonly codec: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly fps: number | null;
  readonly node: string | null;
}

/** A pulled camera's state for the ingress resource, from what the node running its actor wrote to its row. */
export function pulledView(row: IngressRow): PulledCameraView {
  const media = parseMedia(row.pull_media);
  return {
    state: (row.pull_state as PulledCameraState | null) ?? "connecting",
    failure: row.pull_failure as PulledCameraFailure | null,
    error: row.pull_error,
    codec: media?.codec ?? null,
    width: media?.width ?? null,
    height: media?.height ?? null,
    fps: media?.fps ?? null,
    node: row.pull_node,
  };
}

/** The sealed source is bound to its app and ingress, so a sealed value moved to another row does not open. */
export const sourceBinding = (app: string, id: string): string => `app:${app}:ingress:${id}:source`;

/** Started again at a restart or by another node: enabled, and not failed (a failure waits for the user's enable). */
export function resumable(row: IngressRow): boolean {
  return row.source_sealed !== null && row.disabled_at === null && row.pull_state !== "failed";
}

export function parseMedia(json: string | null): PulledMedia | undefined {
  if (json === null) return undefined;
  try {
    return JSON.parse(json) as PulledMedia;
  } catch {
    return undefined;
  }
}
