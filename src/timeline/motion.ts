import type { Logger } from "pino";
import type { CameraFrameTasks } from "../core/pools.ts";
import { PoolFullError, type TaskPool } from "../lib/task-pool.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { Part } from "../mjpeg/part.ts";
import type { CameraEvents } from "./events.ts";
import type { Grey } from "./motion-diff.ts";
import type { TimelineSettings } from "./settings.ts";

/** How often each room's settings are looked at: a config change takes effect within this. */
const TICK_MS = 1000;

/** A camera room live on this node: its tap while the detector looks at it, and the picture it compares the next with. */
interface Watched {
  readonly app: string;
  readonly room: string;
  untap: (() => void) | undefined;
  before: Grey | null;
  busy: boolean;
  lastAt: number;
}

/**
 * The timeline's motion detector (issue 34; docs/timeline.md): while a camera room's timeline
 * and `motion` are on, it taps the room's frames (for a pulled camera that keeps its low-rate
 * decoder running) and compares one every 1/fps s with the one before on the frames pool
 * (motion-diff.ts). A frame that moved is a sighting of `motion`, with the share moved as its score.
 * One frame at a time per room: a frame that comes while the last is compared is skipped.
 */
export class MotionDetector {
  private readonly rooms = new Map<string, Watched>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly o: {
      readonly cameras: Pick<CameraRooms, "tap">;
      readonly settings: TimelineSettings;
      readonly events: Pick<CameraEvents, "sighting">;
      readonly frames: TaskPool<CameraFrameTasks>;
      readonly logger: Logger;
    },
  ) {
    this.timer = setInterval(() => {
      for (const w of this.rooms.values()) this.look(w);
    }, TICK_MS).unref();
  }

  /** A camera went live in the room on this node. */
  started(app: string, room: string): void {
    const key = `${app}\u0000${room}`;
    if (this.rooms.has(key)) return;
    const w: Watched = { app, room, untap: undefined, before: null, busy: false, lastAt: 0 };
    this.rooms.set(key, w);
    this.look(w);
  }

  /** The room's camera left; answers whether it was live here. */
  ended(app: string, room: string): boolean {
    const key = `${app}\u0000${room}`;
    const w = this.rooms.get(key);
    if (!w) return false;
    this.rooms.delete(key);
    this.untap(w);
    return true;
  }

  forgetApp(app: string): void {
    for (const w of [...this.rooms.values()]) if (w.app === app) this.ended(w.app, w.room);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const w of this.rooms.values()) this.untap(w);
    this.rooms.clear();
  }

  /** Taps the room while the detector is on for it, and lets go when it is off. */
  private look(w: Watched): void {
    const settings = this.o.settings.of(w.app, w.room);
    if (!settings) return;
    const on = settings.enabled && settings.motion.enabled;
    if (!on) {
      this.untap(w);
      return;
    }
    if (w.untap) return;
    // Undefined while the camera's relay does not take frames yet: tried again next tick.
    w.untap = this.o.cameras.tap(w.app, w.room, {
      frame: (part) => this.frame(w, part),
      cameraLeft: () => this.untap(w),
    });
  }

  private untap(w: Watched): void {
    w.untap?.();
    w.untap = undefined;
    w.before = null;
  }

  private frame(w: Watched, part: Part): void {
    const settings = this.o.settings.of(w.app, w.room);
    if (!settings || w.busy || part.at - w.lastAt < 1000 / settings.motion.fps) return;
    w.busy = true;
    w.lastAt = part.at;
    // The part goes back to its pool once this returns: the task takes a copy.
    const jpeg = Buffer.from(part.jpeg);
    const at = part.at;
    this.o.frames
      .run("motion", { jpeg, before: w.before, settings: settings.motion })
      .then(({ grey, moved }) => {
        if (!w.untap) return;
        w.before = grey;
        if (moved?.motion) this.o.events.sighting(w.app, w.room, { kind: "motion", label: "motion", score: moved.area, box: moved.box, at, frame: jpeg });
      })
      .catch((err: unknown) => {
        // A full pool skips this frame; anything else is a frame that would not decode.
        if (!(err instanceof PoolFullError)) this.o.logger.debug({ err, app: w.app, room: w.room }, "the motion detector could not read a frame");
      })
      .finally(() => {
        w.busy = false;
      });
  }
}
