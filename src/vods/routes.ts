import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { fileReply, relayedFileReply } from "../http/file-reply.ts";
import { noContent, okOr, paged, relayed } from "../http/reply.ts";
import { isProblem } from "../lib/problem.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { VodFileNodes } from "./file-node.ts";
import type { VodRecordings } from "./recordings.ts";
import { listVodsQuery, recordingStateResponse, vodDownloadResponse, vodListResponse, vodParams, vodResponse } from "./schemas.ts";
import type { VodService } from "./service.ts";

/**
 * SPEC 4.12, and a failed VOD's retry. A VOD's local file is on the node that wrote it: the routes
 * that need it (raw, probe, download, retry, delete) asked on another node are answered there.
 */
export function vodRoutes(vods: VodService, recordings: VodRecordings, fileNodes: VodFileNodes): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/vods",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: appParams,
      query: listVodsQuery,
      response: vodListResponse,
      handler: async (ctx) => {
        const { data, total } = await vods.list(appOf(ctx), ctx.query);
        // With all=1 every match is in one answer; limit then says how many that was.
        const all = ctx.query.all !== undefined;
        return paged(data, { total, limit: all ? data.length : ctx.query.limit, offset: all ? 0 : ctx.query.offset });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/vods/{id}",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: vodParams,
      response: vodResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await vods.get(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/vods/{id}/download",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: vodParams,
      response: vodDownloadResponse,
      errors: ["not_found", "conflict", "service_unavailable"],
      handler: async (ctx) => (await relayed(fileNodes.answeredThere(ctx, appOf(ctx), ctx.params.id))) ?? okOr(await vods.download(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/vods/{id}/raw",
      auth: "any",
      app: true,
      permission: "vod:read",
      params: vodParams,
      // The file, whole or the range asked for (206); 416 for a range outside it.
      responseType: "video/mp4",
      errors: ["not_found", "conflict", "service_unavailable"],
      handler: async (ctx) => {
        const there = await fileNodes.streamedThere(ctx, appOf(ctx), ctx.params.id);
        if (there) return isProblem(there) ? there : relayedFileReply(there);
        const file = await vods.file(appOf(ctx), ctx.params.id);
        if (isProblem(file)) return file;
        return fileReply({ path: file.path, size: file.size, contentType: "video/mp4", filename: file.filename, range: ctx.headers["range"] });
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/vods/{id}/probe",
      auth: "any",
      app: true,
      permission: "vod:write",
      params: vodParams,
      response: vodResponse,
      errors: ["not_found", "conflict", "bad_request", "service_unavailable"],
      handler: async (ctx) => (await relayed(fileNodes.answeredThere(ctx, appOf(ctx), ctx.params.id))) ?? okOr(await vods.probe(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/vods/{id}/retry",
      auth: "any",
      app: true,
      permission: "vod:write",
      params: vodParams,
      response: recordingStateResponse,
      errors: ["not_found", "conflict", "service_unavailable"],
      handler: async (ctx) => (await relayed(fileNodes.answeredThere(ctx, appOf(ctx), ctx.params.id))) ?? okOr(await recordings.retry(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/vods/{id}",
      auth: "any",
      app: true,
      permission: "vod:delete",
      params: vodParams,
      response: z.undefined(),
      responseStatus: 204,
      errors: ["not_found", "conflict", "service_unavailable"],
      handler: async (ctx) => {
        const there = await relayed(fileNodes.answeredThere(ctx, appOf(ctx), ctx.params.id));
        if (there) return there;
        const deleted = await vods.delete(appOf(ctx), ctx.params.id);
        return isProblem(deleted) ? deleted : noContent();
      },
    }),
  ];
}
