import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { ATTR_APP } from "../lib/participants.ts";
import type { MediaServers } from "../media/servers.ts";

/** How a viewer got in; see `PlayAccess.check`. */
export type PlayGrant = "public" | "token";

/**
 * Who may watch a room's MJPEG: anyone while the app's `publicPlayback` is on; otherwise whoever
 * presents `?token=`, a LiveKit join token for this room that may subscribe, signed with the app's
 * media-server key (what `POST /apps/{app}/tokens` mints).
 */
export class PlayAccess {
  private readonly apps: AppService;
  private readonly servers: MediaServers;

  constructor(options: { readonly apps: AppService; readonly servers: MediaServers }) {
    this.apps = options.apps;
    this.servers = options.servers;
  }

  /**
   * How a viewer may watch: `token` with a valid play token (which also opens what the public
   * may not see, such as a room's unblurred frames), `public` by the app's publicPlayback.
   */
  async check(app: AppRow, room: string, token: string | undefined): Promise<PlayGrant | Problem> {
    const publicPlayback = this.apps.config(app).features.publicPlayback;
    if (token === undefined || token === "") {
      if (publicPlayback) return "public";
      return problem("unauthorized", "playback of this app is private: add ?token=<play token>, a join token for this room that can subscribe");
    }
    const refused = await this.verify(app, room, token);
    if (refused === undefined) return "token";
    return publicPlayback ? "public" : refused;
  }

  private async verify(app: AppRow, room: string, token: string): Promise<Problem | undefined> {
    const media = this.servers.forApp(app.name);
    if (!media) return problem("unauthorized", "playback is private and no media server is configured to verify play tokens");
    let claims;
    try {
      claims = await media.verify(token);
    } catch {
      return problem("unauthorized", "the play token is invalid or has expired; mint a new one");
    }
    const grant = claims.video;
    const forApp = claims.attributes?.[ATTR_APP];
    if (!grant?.roomJoin || grant.room !== room || grant.canSubscribe === false || (forApp !== undefined && forApp !== app.name)) {
      return problem("unauthorized", `the play token does not allow watching room ${room}`);
    }
    return undefined;
  }
}
