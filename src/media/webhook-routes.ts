import { z } from "zod";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { isProblem } from "../lib/problem.ts";
import type { MediaWebhooks } from "./webhooks.ts";
import { webhookReceivedResponse } from "./schemas.ts";

/**
 * SPEC 4.18: LiveKit's webhooks, at the root and under /api/v1 (LiveKit deployments are set up
 * with either). A correctly signed request is always answered 200, quickly (the work is a few
 * SQLite writes); 401 means the signature alone is missing or wrong.
 */
export function webhookRoutes(webhooks: MediaWebhooks): Route[] {
  const receive = defineRoute({
    method: "POST",
    path: "/webhooks/livekit",
    auth: "public",
    rawBody: true,
    body: z.instanceof(Buffer),
    bodyLimit: 256 * 1024,
    response: webhookReceivedResponse,
    errors: ["unauthorized"],
    handler: async (ctx) => {
      const received = await webhooks.receive(ctx.body.toString("utf8"), ctx.headers["authorization"]);
      if (isProblem(received)) return received;
      return ok(received.duplicate ? { received: true, duplicate: true } : { received: true });
    },
  });
  return [receive, { ...receive, path: "/api/v1/webhooks/livekit" }];
}
