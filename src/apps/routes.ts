import { appOf, callerOf } from "../auth/caller.ts";
import { JsonItemsReplies, ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import {
  appDeletedResponse,
  appListResponse,
  appParams,
  appResponse,
  appSizesResponse,
  createAppBody,
  deleteAppQuery,
  patchAppBody,
} from "./schemas.ts";
import type { AppService } from "./service.ts";

/** SPEC 4.1: the apps registry. */
export function appRoutes(apps: AppService): Route[] {
  const lists = new JsonItemsReplies();
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps",
      auth: "any",
      permission: "app:read",
      response: appListResponse,
      handler: async (ctx) => {
        const { key, apps: rows } = apps.visibility(callerOf(ctx));
        return lists.reply(key, rows.map((app) => apps.viewJson(app)));
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps",
      auth: "any",
      permission: "app:create",
      body: createAppBody,
      response: appResponse,
      responseStatus: 201,
      errors: ["conflict"],
      handler: async (ctx) => {
        const created = await apps.create(callerOf(ctx), ctx.body);
        return okOr(created, 201);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}",
      auth: "any",
      app: true,
      permission: "app:read",
      params: appParams,
      response: appResponse,
      handler: async (ctx) => ok(apps.view(appOf(ctx))),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/sizes",
      auth: "any",
      app: true,
      permission: "app:read",
      params: appParams,
      response: appSizesResponse,
      handler: async (ctx) => ok(await apps.sizes(appOf(ctx))),
    }),
    defineRoute({
      method: "PATCH",
      path: "/api/v1/apps/{app}",
      auth: "any",
      app: true,
      permission: "config:write",
      params: appParams,
      body: patchAppBody,
      response: appResponse,
      errors: ["conflict"],
      handler: async (ctx) => {
        const updated = await apps.patch(appOf(ctx), ctx.body);
        return okOr(updated);
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}",
      auth: "any",
      app: true,
      permission: "app:delete",
      params: appParams,
      query: deleteAppQuery,
      response: appDeletedResponse,
      handler: async (ctx) => {
        return ok(await apps.delete(appOf(ctx), ctx.query.deleteVods === "true"));
      },
    }),
  ];
}
