import { z } from "zod";
import { appOf } from "../auth/caller.ts";
import { noContent, ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import { CameraKeyService, type CameraKeyServiceDeps } from "./camera-keys.ts";

const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const slug = z.string().min(1).max(64).regex(SLUG, "lowercase letters, digits, dashes and underscores, starting with a letter or digit");

/** POST /apps/{app}/ws-ingest (SPEC 4.10, limits in SPEC 8). */
export const mintCameraKeyBody = z.strictObject({ room: slug, identity: slug.optional() });

const keyParams = appParams.extend({ id: z.string().max(100) });

/** SPEC 4.10: camera keys and the public live check. Playback is in `playback-routes.ts`. */
export function cameraKeyRoutes(d: CameraKeyServiceDeps): Route[] {
  const keys = new CameraKeyService(d);
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:create",
      params: appParams,
      body: mintCameraKeyBody,
      handler: async (ctx) => okOr(keys.mint(appOf(ctx), ctx.body), 201),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:read",
      params: appParams,
      handler: async (ctx) => ok(keys.list(appOf(ctx))),
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/ws-ingest/{id}",
      auth: "any",
      app: true,
      permission: "ingress:delete",
      params: keyParams,
      handler: async (ctx) => keys.revoke(appOf(ctx), ctx.params.id) ?? noContent(),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest/{id}/reset",
      auth: "any",
      app: true,
      permission: "ingress:write",
      params: keyParams,
      handler: async (ctx) => okOr(keys.reset(appOf(ctx), ctx.params.id)),
    }),
    ...(["disable", "enable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/apps/{app}/ws-ingest/{id}/${action}`,
        auth: "any",
        app: true,
        permission: "ingress:write",
        params: keyParams,
        handler: async (ctx) => okOr(keys.setDisabled(appOf(ctx), ctx.params.id, action === "disable")),
      }),
    ),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest/live/{room}",
      auth: "public",
      params: appParams.extend({ room: z.string().max(120) }),
      handler: async (ctx) => okOr(keys.live(ctx.params.app, ctx.params.room)),
    }),
  ];
}
