import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { noContent, okOr, pagedOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { isProblem } from "../lib/problem.ts";
import {
  createIngressBody,
  ingressChangedResponse,
  ingressesResponse,
  ingressResponse,
  ingressValidatedResponse,
  listIngressQuery,
} from "./schemas.ts";
import type { IngressService } from "./service.ts";

/** SPEC 4.9's routes. */
export function ingressRoutes(ingress: IngressService): Route[] {
  const params = appParams.extend({ id: z.string().min(1).max(100) });
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ingress",
      auth: "any",
      app: true,
      permission: "ingress:create",
      params: appParams,
      body: createIngressBody,
      response: ingressResponse,
      responseStatus: 201,
      errors: ["media_server_unavailable", "conflict", "quota_exceeded"],
      handler: async (ctx) => okOr(await ingress.create(appOf(ctx), ctx.body), 201),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ingress",
      auth: "any",
      app: true,
      permission: "ingress:read",
      params: appParams,
      query: listIngressQuery,
      response: ingressesResponse,
      errors: ["media_server_unavailable"],
      handler: async (ctx) => {
        const page = await ingress.list(appOf(ctx), ctx.query);
        return pagedOr(page, ctx.query);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/ingress/{id}",
      auth: "any",
      app: true,
      permission: "ingress:read",
      params,
      response: ingressResponse,
      errors: ["media_server_unavailable"],
      handler: async (ctx) => okOr(await ingress.get(appOf(ctx), ctx.params.id)),
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/apps/{app}/ingress/{id}",
      auth: "any",
      app: true,
      permission: "ingress:delete",
      params,
      response: z.undefined(),
      responseStatus: 204,
      errors: ["media_server_unavailable"],
      handler: async (ctx) => {
        const deleted = await ingress.delete(appOf(ctx), ctx.params.id);
        return isProblem(deleted) ? deleted : noContent();
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ingress/{id}/reset",
      auth: "any",
      app: true,
      permission: "ingress:write",
      params,
      response: ingressChangedResponse,
      errors: ["conflict", "media_server_unavailable"],
      handler: async (ctx) => okOr(await ingress.reset(appOf(ctx), ctx.params.id)),
    }),
    ...(["disable", "enable"] as const).map((action) =>
      defineRoute({
        method: "POST",
        path: `/api/v1/apps/{app}/ingress/{id}/${action}`,
        auth: "any",
        app: true,
        permission: "ingress:write",
        params,
        response: ingressChangedResponse,
        errors: ["media_server_unavailable"],
        handler: async (ctx) => okOr(await ingress.setEnabled(appOf(ctx), ctx.params.id, action === "enable")),
      }),
    ),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/ingress/{id}/validate",
      auth: "any",
      app: true,
      permission: "ingress:write",
      params,
      body: z.strictObject({ password: z.string().min(1).max(200) }),
      response: ingressValidatedResponse,
      errors: ["not_found", "forbidden", "conflict", "invalid_credentials"],
      handler: async (ctx) => okOr(await ingress.validate(appOf(ctx), ctx.params.id, ctx.body.password)),
    }),
  ];
}
