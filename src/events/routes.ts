import { z } from "zod";
import { appOf } from "../auth/caller.ts";
import { isProblem } from "../lib/problem.ts";
import { ok, paged } from "../http/reply.ts";
import { pageQuery } from "../lib/page.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import { EVENT_NAMES } from "./catalog.ts";
import { DELIVERY_STATUSES, type Delivery } from "./delivery.ts";
import { deliveriesResponse, deliveryResponse, deliverySummaryResponse } from "./schemas.ts";
import type { WebhookDeliverer } from "./webhooks.ts";

const listQuery = pageQuery.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  event: z.enum(EVENT_NAMES as [string, ...string[]]).optional(),
});
const deliveryParams = appParams.extend({ id: z.uuid("a delivery id (UUID)") });

/** A log row: what happened, without the body (the detail route has it). */
const summary = (d: Delivery) => ({
  id: d.id,
  event: d.event,
  room: d.room,
  status: d.status,
  attempts: d.attempts,
  emittedAt: d.emittedAt,
  nextAttemptAt: d.status === "pending" ? new Date(d.nextAttemptAt).toISOString() : null,
  finishedAt: d.finishedAt,
  lastUrl: d.lastUrl,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
});

/**
 * The webhook delivery log (read-only) and manual redelivery. Not in the spec: deliveries are
 * kept in a durable outbox, and these routes let users see what was sent and send it again.
 */
export function deliveryRoutes(deliverer: WebhookDeliverer): Route[] {
  const common = { auth: "any", app: true } as const;
  return [
    defineRoute({
      ...common,
      method: "GET",
      path: "/api/v1/apps/{app}/callbacks/deliveries",
      permission: "config:read",
      params: appParams,
      query: listQuery,
      response: deliveriesResponse,
      handler: async (ctx) => {
        const { rows, total } = await deliverer.deliveries(appOf(ctx).name, ctx.query);
        return paged(rows.map(summary), { total, limit: ctx.query.limit, offset: ctx.query.offset });
      },
    }),
    defineRoute({
      ...common,
      method: "GET",
      path: "/api/v1/apps/{app}/callbacks/deliveries/{id}",
      permission: "config:read",
      params: deliveryParams,
      response: deliveryResponse,
      errors: ["not_found"],
      handler: async (ctx) => {
        const d = await deliverer.delivery(appOf(ctx).name, ctx.params.id);
        return isProblem(d) ? d : ok({ ...summary(d), body: d.body });
      },
    }),
    defineRoute({
      ...common,
      method: "POST",
      path: "/api/v1/apps/{app}/callbacks/deliveries/{id}/redeliver",
      permission: "config:write",
      params: deliveryParams,
      response: deliverySummaryResponse,
      responseStatus: 202,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => {
        const d = await deliverer.redeliver(appOf(ctx).name, ctx.params.id);
        return isProblem(d) ? d : ok(summary(d), 202);
      },
    }),
  ];
}
