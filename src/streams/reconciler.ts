import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow, AppStore } from "../apps/store.ts";
import type { MediaServer } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import { AppUnavailableError } from "../db/app-unavailable.ts";
import type { LocalStreams } from "./local.ts";
import type { StreamTracker } from "./tracker.ts";

/** How often rows are checked against the media server. */
export const RECONCILE_INTERVAL_MS = 60_000;

export interface StreamReconcilerOptions {
  readonly servers: MediaServers;
  readonly tracker: StreamTracker;
  readonly apps: AppService;
  readonly store: AppStore;
  readonly local: LocalStreams;
  /** Whether node `id` is another live node: a camera row it started is its to end. */
  readonly liveElsewhere: (id: string) => Promise<boolean>;
  readonly logger: Logger;
}

/**
 * LiveKit may drop webhooks under load, and rows may be left active across our own restarts, so
 * active rows are checked against the RoomService at start and every minute: a row whose room
 * is gone, or whose participant is no longer in it, is ended (with its stream_ended event). Rows
 * of streams served by this process are checked against it instead, whether or not LiveKit is
 * configured: after a restart, no camera is connected yet. A camera row another live node started
 * is that node's (its camera is connected there).
 */
export class StreamReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  private readonly servers: MediaServers;
  private readonly tracker: StreamTracker;
  private readonly apps: AppService;
  private readonly store: AppStore;
  private readonly local: LocalStreams;
  private readonly liveElsewhere: (id: string) => Promise<boolean>;
  private readonly logger: Logger;

  constructor(options: StreamReconcilerOptions) {
    this.servers = options.servers;
    this.tracker = options.tracker;
    this.apps = options.apps;
    this.store = options.store;
    this.local = options.local;
    this.liveElsewhere = options.liveElsewhere;
    this.logger = options.logger;
  }

  start(): void {
    const pass = () => void this.reconcile().catch((err: unknown) => this.logger.error({ err, component: "streams" }, "stream reconciliation failed"));
    pass();
    this.timer = setInterval(pass, RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One pass; answers how many rows it ended. Overlapping calls share the pass in progress. */
  reconcile(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** A camera connected to another live node; one whose node is gone ended with it. */
  private async servedElsewhere(app: AppRow, id: number): Promise<boolean> {
    const node = await this.tracker.store(app).nodeOf(id);
    return node !== undefined && (await this.liveElsewhere(node));
  }

  private async pass(): Promise<number> {
    let ended = 0;
    // Each LiveKit (the global one, or an app's own) is asked once per pass.
    const rooms = new Map<MediaServer, Promise<Set<string>>>();
    const people = new Map<string, Promise<Set<string>>>();
    for (const row of this.store.list({ all: true })) {
      const app = this.apps.findByName(row.name);
      if (!app) continue;
      try {
        const media = this.servers.forApp(app.name);
        for (const stream of await this.tracker.store(app).active()) {
          if (this.local.owns(stream)) {
            if (!this.local.isLive(app.name, stream) && !(await this.servedElsewhere(app, stream.id))) {
              await this.tracker.endStream(app, { ...stream, at: Math.floor(Date.now() / 1000) });
              ended++;
            }
            continue;
          }
          if (!media) continue;
          if (!rooms.has(media)) rooms.set(media, media.rooms.listRooms().then((list) => new Set(list.map((r) => r.name))));
          let gone = !(await (rooms.get(media) as Promise<Set<string>>)).has(stream.room);
          if (!gone && stream.type === "webrtc" && stream.participant) {
            const key = `${media.settings.url}|${stream.room}`;
            if (!people.has(key)) people.set(key, media.rooms.listParticipants(stream.room).then((list) => new Set(list.map((p) => p.identity))));
            gone = !(await (people.get(key) as Promise<Set<string>>)).has(stream.participant);
          }
          if (gone) {
            await this.tracker.endStream(app, { ...stream, at: Math.floor(Date.now() / 1000) });
            ended++;
          }
        }
      } catch (err) {
        // A damaged app database was logged where it was found; the other apps go on.
        if (err instanceof AppUnavailableError) continue;
        this.logger.warn({ err, app: app.name, component: "streams" }, "could not reconcile streams with the media server");
      }
    }
    return ended;
  }
}
