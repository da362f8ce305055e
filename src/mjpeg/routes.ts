import { z } from "zod";
import type { Authorized } from "../auth/access.ts";
import { appOf } from "../auth/caller.ts";
import { noContent, ok, okOr, relayed, type Reply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import type { Problem } from "../lib/problem.ts";
import { CLUSTER_MISSING, missingHeader } from "../peers/ask.ts";
import type { RelayRequest } from "../peers/relay.ts";
import type { StreamsApi } from "../streams/module.ts";
import { CameraKeyService, type CameraKeyServiceDeps } from "./camera-keys.ts";
import { cameraKeyListQuery, cameraKeyListResponse, cameraKeyWithLive, cameraRoomLive, keyParams, liveParams, mintCameraKeyBody, mintedCameraKey } from "./schemas.ts";

/** SPEC 4.10: camera keys and the public live check. Playback is in `playback-routes.ts`. */
export function cameraKeyRoutes(d: CameraKeyServiceDeps, streams: Pick<StreamsApi, "answeredAtCamera">): Route[] {
  const keys = new CameraKeyService(d);
  /**
   * A call about key `id` whose camera is connected to another node is answered there: that node
   * writes the key and closes the camera at once with the call's close code, as it would here.
   */
  const atCamera = async (ctx: Authorized & RelayRequest & { readonly params: { readonly id: string } }): Promise<Reply | Problem | undefined> => {
    const app = appOf(ctx);
    const room = await keys.roomOf(app, ctx.params.id);
    return room === undefined ? undefined : relayed(streams.answeredAtCamera(ctx, app, { room }));
  };
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:create",
      params: appParams,
      body: mintCameraKeyBody,
      response: mintedCameraKey,
      responseStatus: 201,
      errors: ["conflict", "quota_exceeded"],
      handler: async (ctx) => okOr(await keys.mint(appOf(ctx), ctx.body), 201),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:read",
      params: appParams,
      query: cameraKeyListQuery,
      response: cameraKeyListResponse,
      responseHeaders: CLUSTER_MISSING,
      handler: async (ctx) => {
        const { items, missing } = await keys.list(appOf(ctx), ctx.query.scope, ctx.headers["authorization"]);
        return ok(items, 200, missingHeader(missing));
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/ws-ingest/{id}",
      auth: "any",
      app: true,
      permission: "ingress:delete",
      params: keyParams,
      response: z.undefined(),
      responseStatus: 204,
      errors: ["not_found"],
      handler: async (ctx) => (await atCamera(ctx)) ?? (await keys.revoke(appOf(ctx), ctx.params.id)) ?? noContent(),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest/{id}/reset",
      auth: "any",
      app: true,
      permission: "ingress:write",
      params: keyParams,
      response: mintedCameraKey,
      errors: ["not_found"],
      handler: async (ctx) => (await atCamera(ctx)) ?? okOr(await keys.reset(appOf(ctx), ctx.params.id)),
    }),
    ...(["disable", "enable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/apps/{app}/ws-ingest/{id}/${action}`,
        auth: "any",
        app: true,
        permission: "ingress:write",
        params: keyParams,
        response: cameraKeyWithLive,
        errors: ["not_found"],
        handler: async (ctx) => (await atCamera(ctx)) ?? okOr(await keys.setDisabled(appOf(ctx), ctx.params.id, action === "disable")),
      }),
    ),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest/live/{room}",
      auth: "public",
      params: liveParams,
      response: cameraRoomLive,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => {
        // A camera connected to another node is live there: that node says so.
        const app = d.hub.relay(ctx.params.app, ctx.params.room)?.camera ? undefined : d.apps.findByName(ctx.params.app);
        return (app && (await relayed(streams.answeredAtCamera(ctx, app, { name: ctx.params.room })))) || okOr(keys.live(ctx.params.app, ctx.params.room));
      },
    }),
  ];
}
