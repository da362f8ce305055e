import { z } from "zod";
import { appParams } from "../apps/schemas.ts";

/** POST /apps/{app}/recording/start (SPEC 4.11). */
export const startRecordingBody = z.strictObject({
  roomName: z.string().min(1).max(200),
  streamId: z.string().min(1).max(200).optional(),
});

/** `{id}` of the stop route: a VOD id or a recorder (egress) id. */
export const recordingParams = appParams.extend({ id: z.string().min(1).max(200) });

/** `{id}` of `streams/{id}/record/*`: a stream row id or a (URL-encoded) `<room>/<participant>`. */
export const streamRecordParams = appParams.extend({ id: z.string().min(1).max(300) });

/** POST /apps/{app}/snapshots (its body is not shown in SPEC 4.13): the room to capture. */
export const snapshotBody = z.strictObject({ room: z.string().min(1).max(120) });

/** POST /apps/{app}/snapshots: the JPEG taken, as `snapshot_taken` carries it too. */
export const snapshotResponse = z.strictObject({
  room: z.string(),
  /** The file under the app's `snapshots/` folder. */
  file: z.string(),
  /** Its S3 key; null without an S3 block or when the upload failed. */
  key: z.string().nullable(),
  /** The public URL, else a presigned one (1 h), else null. */
  url: z.string().nullable(),
  sizeBytes: z.number().int(),
  takenAt: z.string(),
  vodId: z.number().int().nullable(),
});

export type StartRecordingBody = z.output<typeof startRecordingBody>;
