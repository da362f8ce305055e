import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import { paged } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appAuditQuery, auditEntriesResponse, auditQuery } from "./schemas.ts";
import type { AuditLog } from "./service.ts";

/**
 * The audit log: every entry for platform callers, one app's entries (of its current lifetime)
 * for whoever may read that app's audit. `{ data, total, limit, offset }`, newest first.
 */
export function auditRoutes(audit: AuditLog): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/audit",
      auth: "global",
      query: auditQuery,
      response: auditEntriesResponse,
      handler: async (ctx) => {
        const { entries, total } = await audit.list(ctx.query);
        return paged(entries, { total, limit: ctx.query.limit, offset: ctx.query.offset });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/audit",
      auth: "any",
      app: true,
      permission: "audit:read",
      params: appParams,
      query: appAuditQuery,
      response: auditEntriesResponse,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const { entries, total } = await audit.list({ ...ctx.query, app: app.name, appId: app.id });
        return paged(entries, { total, limit: ctx.query.limit, offset: ctx.query.offset });
      },
    }),
  ];
}
