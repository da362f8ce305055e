import { randomUUID } from "node:crypto";
import { TrackSource } from "livekit-server-sdk";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { ATTR_APP, ATTR_ROLE } from "../lib/participants.ts";
import { MEDIA_SERVER_MISSING } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import type { JoinTokenBody } from "./schemas.ts";

/** What POST /apps/{app}/tokens answers (SPEC 2.4). */
export interface JoinToken {
  readonly token: string;
  readonly app: string;
  readonly room: string;
  readonly identity: string;
  readonly wsUrl: string;
  readonly playUrl: string;
  readonly embedUrl: string;
  readonly iframe: string;
}

/** Anonymous viewers get tokens this long. */
const VIEWER_TTL_SECONDS = 4 * 3600;

export interface JoinTokensOptions {
  readonly servers: MediaServers;
  readonly apps: AppService;
  readonly quota: StreamQuota;
  readonly publicUrl: string;
}

export class JoinTokens {
  private readonly servers: MediaServers;
  private readonly apps: AppService;
  private readonly quota: StreamQuota;
  private readonly publicUrl: string;

  constructor(options: JoinTokensOptions) {
    this.servers = options.servers;
    this.apps = options.apps;
    this.quota = options.quota;
    this.publicUrl = options.publicUrl;
  }

  /** A join token for one participant, with every rule of SPEC 4.8. */
  async mint(app: AppRow, body: JoinTokenBody): Promise<JoinToken | Problem> {
    const media = this.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    const config = this.apps.config(app);
    if (body.hidden && !config.features.hiddenQc) {
      return problem("forbidden", "hidden participants need the app's hiddenQc feature");
    }
    const room = this.apps.roomOf(app, body.room);
    if (typeof room !== "string") return room;
    // A recorder pairs with hidden and only subscribes unless publishing is asked for explicitly.
    const canPublish = body.canPublish ?? !body.recorder;
    const identity = body.identity ?? `anon-${randomUUID()}`;
    // Publishers count against the tenant's max_concurrent_streams; subscribers do not.
    if (canPublish) {
      const exhausted = await this.quota.reserve(app, identity, body.ttl);
      if (exhausted) return exhausted;
    }
    const role = body.recorder ? "recorder" : body.hidden ? "qc" : canPublish ? "publisher" : "subscriber";
    const token = await media.mint({
      identity,
      name: body.name,
      metadata: body.metadata,
      attributes: { [ATTR_APP]: app.name, [ATTR_ROLE]: role },
      ttlSeconds: body.ttl,
      grant: {
        room,
        roomJoin: true,
        canPublish,
        canSubscribe: body.canSubscribe,
        canPublishData: canPublish || body.canSubscribe,
        canPublishSources: body.audioOnly ? [TrackSource.MICROPHONE] : undefined,
        hidden: body.hidden || body.recorder,
        recorder: body.recorder,
      },
    });
    return this.answer(app, room, identity, token, media.settings.wsUrl);
  }

  /**
   * Anonymous, subscribe-only, hidden viewer tokens with a fresh identity each time. With the
   * app's publicPlayback off the answer is 404 whether or not the room exists.
   */
  async viewer(app: AppRow, requestedRoom: string, mode: "viewer" | "listener"): Promise<{ token: string; app: string; room: string; wsUrl: string; mode: string } | Problem> {
    if (!this.apps.config(app).features.publicPlayback) return problem("not_found", "no public playback here");
    const media = this.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    const room = this.apps.roomOf(app, requestedRoom);
    if (typeof room !== "string") return room;
    const identity = `${mode}-${randomUUID()}`;
    const token = await media.mint({
      identity,
      attributes: { [ATTR_APP]: app.name, [ATTR_ROLE]: mode },
      ttlSeconds: VIEWER_TTL_SECONDS,
      grant: { room, roomJoin: true, canPublish: false, canPublishData: false, canSubscribe: true, hidden: true },
    });
    return { token, app: app.name, room, wsUrl: media.settings.wsUrl, mode };
  }

  private answer(app: AppRow, room: string, identity: string, token: string, wsUrl: string): JoinToken {
    const path = `${encodeURIComponent(app.name)}/${encodeURIComponent(room)}`;
    const embedUrl = `${this.publicUrl}/embed/${path}`;
    return {
      token,
      app: app.name,
      room,
      identity,
      wsUrl,
      playUrl: `${this.publicUrl}/play/${path}`,
      embedUrl,
      iframe: `<iframe src="${embedUrl}" width="640" height="360" allow="autoplay; fullscreen; camera; microphone" allowfullscreen style="border:0"></iframe>`,
    };
  }
}
