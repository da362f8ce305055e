import type { AppConfig } from "../apps/config/schema.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppService } from "../apps/service.ts";
import type { MotionSettings } from "./motion-diff.ts";

type Timeline = AppConfig["timeline"];
type RoomOverride = Timeline["rooms"][string];

/** A room's timeline settings now: the app's `timeline` block with the room's own over it. */
export interface RoomTimeline {
  readonly enabled: boolean;
  readonly segmentSeconds: number;
  readonly events: Timeline["events"];
  readonly motion: MotionSettings & { readonly enabled: boolean; readonly fps: number };
}

/**
 * Reads each room's timeline settings from the app's config (issue 34). `timeline.rooms` names
 * rooms as routes are given them (namespaced by the app's prefix), so each config's overrides are
 * resolved to room names once, the first time it is read.
 */
export class TimelineSettings {
  private readonly overrides = new WeakMap<object, Map<string, RoomOverride>>();

  constructor(private readonly o: { readonly configs: Pick<AppConfigService, "get">; readonly apps: Pick<AppService, "findByName" | "roomOf"> }) {}

  /** Undefined while the app's config cannot be read (damaged, being written): callers change nothing until it can. */
  of(app: string, room: string): RoomTimeline | undefined {
    let timeline: Timeline;
    try {
      timeline = this.o.configs.get(app).timeline;
    } catch {
      return undefined;
    }
    const own = this.byRoom(app, timeline).get(room);
    const motion = { ...timeline.motion, ...own?.motion };
    return {
      enabled: own?.enabled ?? timeline.enabled,
      segmentSeconds: own?.segment_seconds ?? timeline.segment_seconds,
      events: timeline.events,
      motion: { enabled: motion.enabled, fps: motion.fps, threshold: motion.threshold, minArea: motion.min_area, masks: motion.masks },
    };
  }

  private byRoom(app: string, timeline: Timeline): Map<string, RoomOverride> {
    let byRoom = this.overrides.get(timeline.rooms);
    if (!byRoom) {
      const ref = this.o.apps.findByName(app);
      byRoom = new Map();
      for (const [key, own] of Object.entries(timeline.rooms)) {
        const room = ref ? this.o.apps.roomOf(ref, key) : key;
        if (typeof room === "string") byRoom.set(room, own);
      }
      this.overrides.set(timeline.rooms, byRoom);
    }
    return byRoom;
  }
}
