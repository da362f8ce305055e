import { WebhookEvent } from "livekit-server-sdk";
import type { Logger } from "pino";
import { problem, type Problem } from "../lib/problem.ts";
import { MEDIA_SERVER_MISSING } from "./server.ts";
import type { MediaServers } from "./servers.ts";
import type { WebhookEventStore } from "./store.ts";

/** A handled event id is remembered this long; LiveKit's signature stays valid for minutes. */
const DEDUPE_SECONDS = 24 * 3600;

export type MediaEventListener = (event: WebhookEvent) => void;

export interface MediaWebhooksOptions {
  readonly servers: MediaServers;
  readonly store: WebhookEventStore;
  readonly logger: Logger;
}

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

/** The event a signed body carries, or undefined when it is not an event object. */
function parseEvent(body: string): WebhookEvent | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
    const name = (json as { event?: unknown }).event;
    if (typeof name !== "string" || name === "") return undefined;
    return WebhookEvent.fromJson(json as Parameters<typeof WebhookEvent.fromJson>[0], { ignoreUnknownFields: true });
  } catch {
    return undefined;
  }
}

/**
 * SPEC 4.18: LiveKit's webhooks. The `Authorization` header is a JWT from our API key whose
 * `sha256` claim covers the exact raw body. A verified, new event goes to every listener (the
 * streams tracker, later recording); a listener's failure is logged, never answered.
 */
export class MediaWebhooks {
  private readonly listeners: MediaEventListener[] = [];
  private readonly log: Logger;
  private lastPrune = 0;

  constructor(private readonly o: MediaWebhooksOptions) {
    this.log = o.logger.child({ component: "media-webhooks" });
  }

  onEvent(listener: MediaEventListener): void {
    this.listeners.push(listener);
  }

  async receive(body: string, authorization: string | undefined): Promise<{ duplicate: boolean } | Problem> {
    const issuer = issuerOf(authorization);
    const { servers } = this.o;
    // Each app may have its own LiveKit: the issuer says whose key to verify with.
    const media = issuer === undefined ? servers.global : servers.forApiKey(issuer);
    if (!media) return servers.global ? problem("unauthorized", "the webhook is signed with an unknown API key") : MEDIA_SERVER_MISSING;
    if (!(await media.signedWebhook(body, authorization))) {
      return problem("unauthorized", "the webhook signature is missing, not HS256, or does not match the body");
    }
    const event = parseEvent(body);
    if (!event) {
      // Authentic but not an event we can read: LiveKit must not retry it, so it is still a 200.
      this.log.warn({ bytes: body.length }, "signed media-server webhook is not an event object; ignored");
      return { duplicate: false };
    }
    const now = Math.floor(Date.now() / 1000);
    if (now - this.lastPrune > 3600) {
      this.o.store.forgetBefore(now - DEDUPE_SECONDS);
      this.lastPrune = now;
    }
    if (event.id && !this.o.store.remember(event.id, now)) return { duplicate: true };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err, event: event.event, id: event.id }, "webhook handling failed");
      }
    }
    return { duplicate: false };
  }
}
