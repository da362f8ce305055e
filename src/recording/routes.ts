import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { okOr, relayed } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { VodRecordings } from "../vods/recordings.ts";
import { recordingStateResponse } from "../vods/schemas.ts";
import { recordingParams, snapshotBody, snapshotResponse, startRecordingBody, streamRecordParams } from "./schemas.ts";
import type { RecordingService } from "./service.ts";
import type { Snapshots } from "./snapshots.ts";

/** SPEC 4.11 (start and stop a room's recording) and 4.13's snapshots; a failed VOD's retry is the vods module's. */
export function recordingRoutes(recording: RecordingService, vods: VodRecordings, snapshots: Snapshots, streams: Pick<StreamsApi, "answeredAtCamera">): Route[] {
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/recording/start",
      auth: "any",
      app: true,
      permission: "recording:start",
      params: appParams,
      body: startRecordingBody,
      response: recordingStateResponse,
      errors: ["not_found", "conflict", "bad_request", "egress_unavailable", "media_server_unavailable"],
      // A camera room records where its camera is connected.
      handler: async (ctx) => (await relayed(streams.answeredAtCamera(ctx, appOf(ctx), { name: ctx.body.roomName }))) ?? okOr(await recording.start(appOf(ctx), ctx.body)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/recording/{id}/stop",
      auth: "any",
      app: true,
      permission: "recording:stop",
      params: recordingParams,
      response: recordingStateResponse,
      errors: ["not_found", "conflict"],
      // Stopping is the VOD's: its actor ends the recording's file through the recording module.
      handler: async (ctx) => okOr(await vods.stop(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/snapshots",
      auth: "any",
      app: true,
      permission: "stream:write",
      params: appParams,
      body: snapshotBody,
      response: snapshotResponse,
      responseStatus: 201,
      errors: ["not_found", "conflict", "egress_unavailable", "media_server_unavailable"],
      handler: async (ctx) => (await relayed(streams.answeredAtCamera(ctx, appOf(ctx), { name: ctx.body.room }))) ?? okOr(await snapshots.take(appOf(ctx), ctx.body.room), 201),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/record/start",
      auth: "any",
      app: true,
      permission: "recording:start",
      params: streamRecordParams,
      response: recordingStateResponse,
      errors: ["not_found", "conflict", "bad_request", "egress_unavailable", "media_server_unavailable"],
      handler: async (ctx) => (await relayed(streams.answeredAtCamera(ctx, appOf(ctx), { streamId: ctx.params.id }))) ?? okOr(await recording.recordStream(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/record/stop",
      auth: "any",
      app: true,
      permission: "recording:stop",
      params: streamRecordParams,
      response: recordingStateResponse,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(await recording.stopStream(appOf(ctx), ctx.params.id)),
    }),
  ];
}
