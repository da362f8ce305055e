import { setTimeout as sleep } from "node:timers/promises";
import { WebhookEvent } from "livekit-server-sdk";
import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import { unlessUnavailable } from "../db/app-unavailable.ts";
import { ATTR_APP } from "../lib/participants.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { MEDIA_SERVER_MISSING, type MediaServer, type MediaServerSettings } from "./server.ts";
import type { MediaServers } from "./servers.ts";
import type { WebhookEventStore } from "./store.ts";

/** A handled event id is remembered this long; LiveKit's signature stays valid for minutes. */
const DEDUPE_SECONDS = 24 * 3600;
/** How long a webhook's answer waits for its events to be written before it asks for the webhook again. */
const WRITTEN_MS = 10_000;

/**
 * A verified event and the app it belongs to, resolved once here: listeners never work the app
 * out from the room again, so an event reaches only an app that uses the server that signed it.
 * Listeners are awaited in turn: what they store is stored before LiveKit gets its answer.
 */
export type MediaEventListener = (event: WebhookEvent, app: AppRow) => void | Promise<void>;

export interface MediaWebhooksOptions {
  readonly servers: MediaServers;
  /** Resolves an event's app from its participant's `service.app` attribute or its room. */
  readonly apps: AppService;
  readonly registry: AppStore;
  readonly store: WebhookEventStore;
  readonly logger: Logger;
}

/**
 * Whether two servers sign alike: a webhook's signature proves who holds the key pair, not which
 * address sent it, so the key pair is what names "the server that signed it". The key alone is
 * not enough: two apps can name the same key with different secrets.
 */
function sameKeyPair(a: MediaServerSettings, b: MediaServerSettings): boolean {
  return a.apiKey === b.apiKey && a.apiSecret === b.apiSecret;
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
 * streams tracker, recording, live HLS, restream) with its app, but only when that app uses the
 * server that signed it: a tenant's own LiveKit key cannot speak for another tenant's rooms. A
 * listener's failure is logged, never answered.
 */
export class MediaWebhooks {
  private readonly listeners: MediaEventListener[] = [];
  private readonly writes: Array<(app: string) => Promise<void>> = [];
  private readonly log: Logger;
  private lastPrune = 0;

  constructor(private readonly o: MediaWebhooksOptions) {
    this.log = o.logger.child({ component: "media-webhooks" });
  }

  /** What a webhook's answer waits for: the events its listeners emitted for `app` are durable. */
  awaitWrites(written: (app: string) => Promise<void>): void {
    this.writes.push(written);
  }

  onEvent(listener: MediaEventListener): void {
    this.listeners.push(listener);
  }

  async receive(body: string, authorization: string | undefined): Promise<{ duplicate: boolean } | Problem> {
    let signer: MediaServer | undefined;
    let tried = 0;
    for (const media of this.candidates(issuerOf(authorization))) {
      tried++;
      if (await media.signedWebhook(body, authorization)) {
        signer = media;
        break;
      }
    }
    if (tried === 0) return this.o.servers.global ? problem("unauthorized", "the webhook is signed with an unknown API key") : MEDIA_SERVER_MISSING;
    if (!signer) return problem("unauthorized", "the webhook signature is missing, not HS256, or does not match the body");
    const event = parseEvent(body);
    if (!event) {
      // Authentic but not an event we can read: LiveKit must not retry it, so it is still a 200.
      this.log.warn({ bytes: body.length }, "signed media-server webhook is not an event object; ignored");
      return { duplicate: false };
    }
    const now = Math.floor(Date.now() / 1000);
    if (now - this.lastPrune > 3600) {
      await this.o.store.forgetBefore(now - DEDUPE_SECONDS);
      this.lastPrune = now;
    }
    const app = this.appOf(event);
    if (!app) {
      this.log.debug({ event: event.event, id: event.id }, "media-server event for a room of no app; ignored");
      return { duplicate: false };
    }
    if (!this.uses(app, signer)) {
      // Authentic, so still a 200 (SPEC 4.18), but its server is not this app's: a forgery by another tenant's key, or a misrouted LiveKit.
      this.log.warn({ app: app.name, event: event.event, id: event.id, signer: signer === this.o.servers.global ? "global" : "app" }, "media-server event signed by a server this app does not use; dropped");
      return { duplicate: false };
    }
    // Ids are remembered per app, so an event accepted for one app cannot shadow another's.
    const key = `${app.id}/${event.id}`;
    if (event.id && (await this.o.store.seen(key))) return { duplicate: true };
    for (const listener of this.listeners) {
      try {
        await listener(event, app);
      } catch (err) {
        this.log.error({ err, event: event.event, id: event.id }, "webhook handling failed");
      }
    }
    // The events it made are in the outbox before LiveKit hears 200, and its id is remembered only
    // then: a node that dies before has answered nothing, and LiveKit's retry (on any node) is
    // handled again. The cost is on that path only: its events may then come twice, never not at all.
    const waited = new AbortController();
    const written = await Promise.race([
      Promise.all(this.writes.map((w) => w(app.name))).then(() => true),
      sleep(WRITTEN_MS, false, { signal: waited.signal, ref: false }).catch(() => false),
    ]);
    waited.abort();
    if (!written) return problem("service_unavailable", `the events of this webhook could not be written within ${WRITTEN_MS / 1000} s; send it again`, { headers: { "retry-after": "2" } });
    if (event.id) await this.o.store.remember(key, now);
    return { duplicate: false };
  }

  /**
   * The servers that may have signed a webhook from this API key (its JWT's issuer): the global
   * one and every app's own with that key. Several apps can name the same key with different
   * secrets, so each distinct server is tried rather than the first app's; they are produced one by
   * one, so the search stops at the first that verifies.
   */
  private *candidates(issuer: string | undefined): Generator<MediaServer> {
    const { servers } = this.o;
    const found: MediaServer[] = [];
    // The global server first, and lazily: most webhooks are its own, and then no app is read.
    if (servers.global && (issuer === undefined || servers.global.settings.apiKey === issuer)) {
      found.push(servers.global);
      yield servers.global;
    }
    if (issuer === undefined) return;
    for (const app of this.o.registry.list({ all: true })) {
      // An app with a damaged config.yaml or secret is skipped: the others' webhooks still verify.
      const own = unlessUnavailable(undefined, () => servers.override(app.name));
      if (own?.settings.apiKey === issuer && !found.some((s) => sameKeyPair(s.settings, own.settings))) {
        found.push(own);
        yield own;
      }
    }
  }

  /**
   * The app an event is about: its room's owner, else (a room outside every prefix, say after a
   * prefix change) the participant's `service.app` attribute, which every token we mint carries.
   * The room goes first because the media server vouches for it (the token's grant names it);
   * the attribute is ours but travels as participant data.
   */
  private appOf(event: WebhookEvent): AppRow | undefined {
    const room = event.room?.name ?? event.ingressInfo?.roomName ?? event.egressInfo?.roomName ?? "";
    const owner = room === "" ? undefined : this.o.apps.appForRoom(room);
    const named = event.participant?.attributes?.[ATTR_APP];
    return owner ?? (named === undefined ? undefined : this.o.apps.findByName(named));
  }

  /**
   * Whether the app's media server (its own when complete, else the global one) signs as `signer`
   * did, i.e. whether its own key would have verified this webhook. An app whose settings cannot
   * be read uses none.
   */
  private uses(app: AppRow, signer: MediaServer): boolean {
    return unlessUnavailable(false, () => {
      const used = this.o.servers.forApp(app.name);
      return used !== undefined && sameKeyPair(used.settings, signer.settings);
    });
  }
}
