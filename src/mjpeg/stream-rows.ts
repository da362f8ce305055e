import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import { InTurn } from "../lib/in-turn.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import type { CameraLink } from "./camera.ts";

/** The stream id of SPEC 2.8 for a camera: `<room>/<identity>`. */
export const cameraStreamId = (room: string, identity: string): string => `${room}/${identity}`;

export interface CameraStreamRowsDeps {
  readonly apps: AppService;
  readonly tracker: StreamTracker;
  readonly log: Logger;
  /** The hub's coarse clock, in milliseconds. */
  readonly now: () => number;
}

/**
 * The stream rows of camera connections (`ws-mjpeg` streams), written from socket callbacks, which
 * must not throw nor wait: a camera that lands while its app is closed for maintenance streams on
 * without its row, and a failed write is logged. A camera's end must not overtake its start (an
 * end seen first would leave the start to revive it), so one app's writes run in the order they
 * were asked for.
 */
export class CameraStreamRows {
  private readonly tracking = new InTurn<string>();

  constructor(private readonly d: CameraStreamRowsDeps) {}

  /** Settles once the row is written (or its write failed, which is logged). */
  started(app: AppRow, link: CameraLink): Promise<void> {
    return this.track(app, "start", link);
  }

  ended(app: string, link: CameraLink): void {
    const row = this.d.apps.findByName(app);
    if (row) this.track(row, "end", link);
  }

  /** Settles once the rows asked for so far are written. */
  idle(): Promise<void> {
    return this.tracking.idle();
  }

  private track(app: AppRow, what: "start" | "end", link: CameraLink): Promise<void> {
    const stream = this.streamOf(link);
    const write = () => (what === "start" ? this.d.tracker.startStream(app, stream) : this.d.tracker.endStream(app, stream));
    return this.tracking
      .run(app.name, () => unlessUnavailableAsync(undefined, write))
      .then(
        () => undefined,
        (err: unknown) => this.d.log.error({ err, app: app.name, room: stream.room }, `could not record the camera stream's ${what}`),
      );
  }

  private streamOf(link: CameraLink) {
    const { room, identity } = link.key;
    return { streamId: cameraStreamId(room, identity), type: "ws-mjpeg", room, participant: identity, at: Math.floor(this.d.now() / 1000) } as const;
  }
}
