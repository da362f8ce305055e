import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { PlayGrant } from "../mjpeg/play-access.ts";

/**
 * What a player needs to know before it plays a room (`GET /api/v1/apps/{app}/player/{room}`):
 * how to play it and where from. Answered only to viewers who may watch it.
 */
export interface RoomPlayback {
  readonly app: string;
  /** The namespaced room. */
  readonly room: string;
  /**
   * `ws-mjpeg`: a WebSocket camera room, played as multipart MJPEG; `hls`: a camera the service
   * pulls, played over LL-HLS from `hlsUrl`; `webrtc`: a LiveKit room.
   */
  readonly kind: "ws-mjpeg" | "hls" | "webrtc";
  /** The multivariant playlist of an `hls` room; null for the others. */
  readonly hlsUrl: string | null;
  /** How the viewer got in: the app's public playback, or the `?token=` it presented. */
  readonly access: PlayGrant;
  /** The media server clients connect to; null when none is configured (a WebRTC room cannot play). */
  readonly wsUrl: string | null;
  readonly features: { readonly chat: boolean; readonly reactions: boolean };
  /** Where the player reads the rest: the camera live check, the anonymous viewer token, the public plugins. */
  readonly liveUrl: string;
  readonly tokenUrl: string;
  readonly pluginsUrl: string;
}

export interface PlayerServiceOptions {
  readonly apps: AppService;
  readonly cameras: CameraRooms;
  readonly servers: MediaServers;
  /** Whether a room has a camera the service pulls (src/ingest/pulled.ts). */
  readonly pulledIn: (app: string, room: string) => Promise<boolean>;
}

export class PlayerService {
  private readonly apps: AppService;
  private readonly cameras: CameraRooms;
  private readonly servers: MediaServers;
  private readonly pulledIn: PlayerServiceOptions["pulledIn"];

  constructor(options: PlayerServiceOptions) {
    this.apps = options.apps;
    this.cameras = options.cameras;
    this.servers = options.servers;
    this.pulledIn = options.pulledIn;
  }

  findApp(name: string): AppRow | undefined {
    return this.apps.findByName(name);
  }

  /** The media server's address for the page's CSP, which must allow the browser to connect there. */
  wsUrl(app: AppRow): string | undefined {
    return this.servers.forApp(app.name)?.settings.wsUrl;
  }

  /**
   * How to play `requestedRoom`: 404 for an unknown app, 401 (saying why) when playback is private
   * and the token is missing, expired or for another room; the same rule as the MJPEG stream.
   */
  async room(appName: string, requestedRoom: string, token: string | undefined): Promise<RoomPlayback | Problem> {
    const app = this.apps.findByName(appName);
    if (!app) return problem("not_found", `no app ${appName}`);
    const room = this.apps.roomOf(app, requestedRoom);
    if (isProblem(room)) return room;
    const access = await this.cameras.access(app, room, token);
    if (isProblem(access)) return access;
    const { features } = this.apps.config(app);
    const base = `/api/v1/apps/${encodeURIComponent(app.name)}`;
    const kind = (await this.pulledIn(app.name, room)) ? "hls" : (await this.cameras.cameraRoom(app, room)) ? "ws-mjpeg" : "webrtc";
    return {
      app: app.name,
      room,
      kind,
      hlsUrl: kind === "hls" ? `/live/${encodeURIComponent(app.name)}/${encodeURIComponent(room)}/index.m3u8` : null,
      access,
      wsUrl: this.wsUrl(app) ?? null,
      features: { chat: features.chat, reactions: features.reactions },
      liveUrl: `${base}/ws-ingest/live/${encodeURIComponent(room)}`,
      tokenUrl: `${base}/play-token/${encodeURIComponent(room)}`,
      pluginsUrl: `${base}/plugins/public`,
    };
  }
}
