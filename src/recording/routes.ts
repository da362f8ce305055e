import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { vodParams } from "../vods/schemas.ts";
import { recordingParams, startRecordingBody } from "./schemas.ts";
import type { RecordingService } from "./service.ts";

/** SPEC 4.11: start and stop a room's recording. */
export function recordingRoutes(recording: RecordingService): Route[] {
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/recording/start",
      auth: "any",
      app: true,
      permission: "recording:start",
      params: appParams,
      body: startRecordingBody,
      handler: async (ctx) => okOr(await recording.start(appOf(ctx), ctx.body)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/recording/{id}/stop",
      auth: "any",
      app: true,
      permission: "recording:stop",
      params: recordingParams,
      handler: async (ctx) => okOr(recording.stop(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/vods/{id}/retry",
      auth: "any",
      app: true,
      permission: "vod:write",
      params: vodParams,
      handler: async (ctx) => okOr(recording.retry(appOf(ctx), ctx.params.id)),
    }),
  ];
}
