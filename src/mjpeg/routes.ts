import { z } from "zod";
import type { AppService } from "../apps/service.ts";
import { appOf } from "../auth/caller.ts";
import { isProblem, problem } from "../lib/problem.ts";
import { noContent, ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import { appParams } from "../apps/schemas.ts";
import { RESERVATION_SECONDS } from "../tenants/quota.ts";
import type { MjpegHub } from "./hub.ts";
import type { CameraKey } from "./keys.ts";
import type { OriginalGuards } from "./originals.ts";
import { cameraUrls } from "./urls.ts";

const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const slug = z.string().min(1).max(64).regex(SLUG, "lowercase letters, digits, dashes and underscores, starting with a letter or digit");

/** POST /apps/{app}/ws-ingest (SPEC 4.10, limits in SPEC 8). */
export const mintCameraKeyBody = z.strictObject({ room: slug, identity: slug.optional() });

export interface CameraKeyRouteDeps {
  readonly hub: MjpegHub;
  readonly apps: AppService;
  readonly quota: StreamQuota;
  readonly publicUrl: string;
  readonly originals: OriginalGuards;
}

const keyParams = appParams.extend({ id: z.string().max(100) });

const noKey = (app: string, id: string) => problem("not_found", `no camera key ${id} in app ${app}`);

/** SPEC 4.10: camera keys and the public live check. Playback is in `playback.ts`. */
export function cameraKeyRoutes(d: CameraKeyRouteDeps): Route[] {
  const describe = (app: string, key: CameraKey) => ({
    id: key.id,
    room: key.room,
    identity: key.identity,
    createdAt: key.createdAt,
    status: key.disabledAt === null ? "enabled" : "disabled",
    disabledAt: key.disabledAt,
    rotatedAt: key.rotatedAt,
    ...cameraUrls(d.publicUrl, app, key.room),
  });
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:create",
      params: appParams,
      body: mintCameraKeyBody,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const room = d.apps.roomOf(app, ctx.body.room);
        if (isProblem(room)) return room;
        const identity = ctx.body.identity ?? `camera-${room}`;
        // Like a publisher token, a new key holds a stream slot until its camera connects.
        const exhausted = d.quota.reserve(app, identity, RESERVATION_SECONDS);
        if (exhausted) return exhausted;
        const { key, secret } = d.hub.keys(app).create(room, identity);
        return ok({ ...describe(app.name, key), streamKey: secret }, 201);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest",
      auth: "any",
      app: true,
      permission: "ingress:read",
      params: appParams,
      handler: async (ctx) => {
        const app = appOf(ctx);
        return ok(d.hub.keys(app).list().map((key) => ({ ...describe(app.name, key), ...d.hub.liveOf(app.name, key) })));
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/ws-ingest/{id}",
      auth: "any",
      app: true,
      permission: "ingress:delete",
      params: keyParams,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const key = d.hub.keys(app).revoke(ctx.params.id);
        if (!key) return noKey(app.name, ctx.params.id);
        d.hub.revoked(app.name, key);
        return noContent();
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ws-ingest/{id}/reset",
      auth: "any",
      app: true,
      permission: "ingress:write",
      params: keyParams,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const reset = d.hub.keys(app).reset(ctx.params.id);
        if (!reset) return noKey(app.name, ctx.params.id);
        // The camera still holding the old key is closed now (4004), not at its next reconnect.
        d.hub.revoked(app.name, reset.key, "reset");
        return ok({ ...describe(app.name, reset.key), streamKey: reset.secret });
      },
    }),
    ...(["disable", "enable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/apps/{app}/ws-ingest/{id}/${action}`,
        auth: "any",
        app: true,
        permission: "ingress:write",
        params: keyParams,
        handler: async (ctx) => {
          const app = appOf(ctx);
          const key = d.hub.keys(app).setDisabled(ctx.params.id, action === "disable");
          if (!key) return noKey(app.name, ctx.params.id);
          if (action === "disable") d.hub.revoked(app.name, key, "disabled");
          return ok({ ...describe(app.name, key), ...d.hub.liveOf(app.name, key) });
        },
      }),
    ),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ws-ingest/live/{room}",
      auth: "public",
      params: appParams.extend({ room: z.string().max(120) }),
      handler: async (ctx) => {
        const app = d.apps.findByName(ctx.params.app);
        if (!app) return problem("not_found", `no app ${ctx.params.app}`);
        const room = d.apps.roomOf(app, ctx.params.room);
        if (isProblem(room)) return room;
        const { mjpegUrl, frameUrl } = cameraUrls(d.publicUrl, app.name, room);
        // Set while a plugin hides the original from public viewers: what they should watch instead.
        const variant = d.originals.publicVariant(app.name, room) ?? null;
        return ok({ active: d.hub.relay(app.name, room)?.live === true, type: "ws-mjpeg", room, mjpegUrl, frameUrl, variant });
      },
    }),
  ];
}
