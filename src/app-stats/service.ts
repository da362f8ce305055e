import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import type { IngressService } from "../ingest/service.ts";
import { isProblem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { TimelineRetention } from "../timeline/retention.ts";
import type { VodService } from "../vods/service.ts";

/** SPEC 4.7's app snapshot: what is live, stored and ingesting in one app now. */
export interface AppStatsSnapshot {
  readonly app: string;
  readonly generatedAt: string;
  readonly live: {
    /** Rooms with at least one live stream. */
    readonly rooms: number;
    readonly streams: number;
    /** Live streams by type (`webrtc`, `rtmp`, `rtsp`, `whip`, `ws-mjpeg`); types with none are left out. */
    readonly byType: Readonly<Record<string, number>>;
    /** MJPEG viewers of the camera rooms plus subscribers of the media-server rooms; null when the media server did not answer. */
    readonly viewers: number | null;
  };
  readonly vods: { readonly count: number; readonly bytes: number; readonly byStatus: Readonly<Record<string, number>> };
  readonly storage: { readonly appDbBytes: number };
  /** The camera timeline's segments, local and uploaded, and its events (docs/timeline.md#retention); `oldest` is when the oldest segment began, null with none. */
  readonly timeline: { readonly segments: number; readonly bytes: number; readonly oldest: string | null; readonly events: number };
  readonly ingresses: {
    /** Whether the media server answered; when it did not, `total` is null and `byState` empty. */
    readonly reachable: boolean;
    readonly total: number | null;
    /** Ingresses by the media server's state (`inactive`, `buffering`, `publishing`, `error`, `complete`, `unknown`). */
    readonly byState: Readonly<Record<string, number>>;
  };
}

export interface AppStatsOptions {
  readonly apps: AppService;
  readonly streams: StreamsApi;
  readonly cameras: CameraRooms;
  readonly servers: MediaServers;
  readonly vods: VodService;
  readonly ingress: IngressService;
  readonly timeline: Pick<TimelineRetention, "kept">;
  readonly logger: Logger;
  readonly now?: () => number;
}

/** SPEC 8: an app's stats snapshot is recomputed at most every 5 seconds. */
const APP_STATS_TTL_MS = 5_000;

/** Ingresses are read a page at a time through the ingest service; its pages hold at most this many. */
const INGRESS_PAGE = 500;

/**
 * Builds an app's snapshot from the domains that own each part: live streams from streams, camera
 * viewers from the MJPEG relay, room subscribers and ingress states from the media server (through
 * the ingest service), VOD totals and states from VODs, the database's size from apps, the
 * timeline's segments from its retention.
 */
export class AppStats {
  private readonly now: () => number;
  /** The last snapshot per app; a polling console costs one media-server round trip per 5 s, not per request. */
  private readonly cache = new Map<string, { until: number; snapshot: Promise<AppStatsSnapshot> }>();

  constructor(private readonly o: AppStatsOptions) {
    this.now = o.now ?? Date.now;
  }

  /** The snapshot, at most `APP_STATS_TTL_MS` old; requests meanwhile share it (and its media-server calls). */
  cached(app: AppRow): Promise<AppStatsSnapshot> {
    const hit = this.cache.get(app.name);
    if (hit && hit.until > this.now()) return hit.snapshot;
    const snapshot = this.snapshot(app);
    this.cache.set(app.name, { until: this.now() + APP_STATS_TTL_MS, snapshot });
    // A failure (the app's database unavailable) is answered once, not kept for the next request.
    snapshot.catch(() => {
      if (this.cache.get(app.name)?.snapshot === snapshot) this.cache.delete(app.name);
    });
    return snapshot;
  }

  /** Forgets a deleted app's snapshot. */
  forget(app: string): void {
    this.cache.delete(app);
  }

  private async snapshot(app: AppRow): Promise<AppStatsSnapshot> {
    const streams = await this.o.streams.live(app);
    const byType: Record<string, number> = {};
    for (const s of streams) byType[s.type] = (byType[s.type] ?? 0) + 1;
    const rooms = new Set(streams.map((s) => s.room));
    const mediaRooms = [...new Set(streams.filter((s) => s.type !== "ws-mjpeg").map((s) => s.room))];
    const [subscribers, ingresses] = await Promise.all([this.subscribers(app, mediaRooms), this.ingresses(app)]);
    const [sizes, byStatus, timeline] = await Promise.all([this.o.apps.sizes(app), this.o.vods.counts(app.name), this.o.timeline.kept(app.name)]);
    return {
      app: app.name,
      generatedAt: new Date(this.now()).toISOString(),
      live: {
        rooms: rooms.size,
        streams: streams.length,
        byType,
        viewers: subscribers === null ? null : subscribers + this.o.cameras.viewers(app.name),
      },
      vods: { count: sizes.vodCount, bytes: sizes.vodBytes, byStatus },
      storage: { appDbBytes: sizes.appDbBytes },
      timeline,
      ingresses,
    };
  }

  /** Participants who publish nothing in the app's media-server rooms; null when the server does not answer. */
  private async subscribers(app: AppRow, rooms: string[]): Promise<number | null> {
    if (rooms.length === 0) return 0;
    const media = this.o.servers.forApp(app.name);
    if (!media) return null;
    try {
      const found = await media.rooms.listRooms(rooms);
      return found.reduce((n, room) => n + Math.max(0, room.numParticipants - room.numPublishers), 0);
    } catch (err) {
      this.o.logger.debug({ err, app: app.name, component: "app-stats" }, "room viewer counts unavailable");
      return null;
    }
  }

  private async ingresses(app: AppRow): Promise<AppStatsSnapshot["ingresses"]> {
    const byState: Record<string, number> = {};
    let seen = 0;
    for (let offset = 0; ; offset += INGRESS_PAGE) {
      const page = await this.o.ingress.list(app, { limit: INGRESS_PAGE, offset });
      if (isProblem(page)) return { reachable: false, total: null, byState: {} };
      for (const ingress of page.data) {
        const state = String(ingress["status"]);
        byState[state] = (byState[state] ?? 0) + 1;
      }
      seen += page.data.length;
      if (page.data.length < INGRESS_PAGE || seen >= page.total) return { reachable: true, total: page.total, byState };
    }
  }
}
