import { z } from "zod";
import type { Logger } from "pino";
import type { Db } from "../db/open.ts";
import { problem } from "../http/problem.ts";
import { ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import { MEDIA_SERVER_MISSING } from "./server.ts";
import type { MediaServers } from "./servers.ts";

/** A handled event id is remembered this long; LiveKit's signature stays valid for minutes. */
const DEDUPE_SECONDS = 24 * 3600;

/**
 * SPEC 4.18: LiveKit's webhooks, at the root and under /api/v1 (LiveKit deployments are set up
 * with either). The `Authorization` header is an HS256 JWT from our API key whose `sha256` claim
 * covers the exact raw body. A valid event is always answered 200, quickly: the work is a few
 * SQLite writes, and a failure is logged, never returned.
 */
/** The API key a LiveKit webhook claims to be signed with (its JWT issuer), read before verifying. */
function issuerOf(authorization: string | undefined): string | undefined {
  const payload = authorization?.replace(/^Bearer\s+/i, "").split(".")[1];
  if (!payload) return undefined;
  try {
    const iss = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iss?: unknown }).iss;
    return typeof iss === "string" ? iss : undefined;
  } catch {
    return undefined;
  }
}

export function webhookRoutes(servers: MediaServers, tracker: StreamTracker, db: Db, logger: Logger): Route[] {
  const log = logger.child({ component: "media-webhooks" });
  const remember = db.prepare<[string, number]>("INSERT OR IGNORE INTO media_webhook_events (id, received_at) VALUES (?, ?)");
  const forget = db.prepare<[number]>("DELETE FROM media_webhook_events WHERE received_at < ?");
  let lastPrune = 0;
  const receive = defineRoute({
    method: "POST",
    path: "/webhooks/livekit",
    auth: "public",
    rawBody: true,
    body: z.instanceof(Buffer),
    bodyLimit: 256 * 1024,
    handler: async (ctx) => {
      const issuer = issuerOf(ctx.headers["authorization"]);
      // Each app may have its own LiveKit: the issuer says whose key to verify with.
      const media = issuer === undefined ? servers.global : servers.forApiKey(issuer);
      if (!media) return servers.global ? problem("unauthorized", "the webhook is signed with an unknown API key") : MEDIA_SERVER_MISSING;
      let event;
      try {
        event = await media.webhooks.receive(ctx.body.toString("utf8"), ctx.headers["authorization"]);
      } catch {
        return problem("unauthorized", "the webhook signature is missing or does not match the body");
      }
      const now = Math.floor(Date.now() / 1000);
      if (now - lastPrune > 3600) {
        forget.run(now - DEDUPE_SECONDS);
        lastPrune = now;
      }
      if (event.id && remember.run(event.id, now).changes === 0) return ok({ received: true, duplicate: true });
      try {
        tracker.handle(event);
      } catch (err) {
        log.error({ err, event: event.event, id: event.id }, "webhook handling failed");
      }
      return ok({ received: true });
    },
  });
  return [receive, { ...receive, path: "/api/v1/webhooks/livekit" }];
}
