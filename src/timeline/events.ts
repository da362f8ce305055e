import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { Counter, type Registry } from "prom-client";
import type { AppService } from "../apps/service.ts";
import type { CameraFrameTasks } from "../core/pools.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { InTurn } from "../lib/in-turn.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import { timelineEventsStore } from "./events-store.ts";
import type { Region } from "./motion-diff.ts";
import type { EventKind } from "./schemas.ts";
import type { TimelineSettings } from "./settings.ts";

/** An event seen for longer than this is closed and the next sighting begins another: each stays findable by the index (events-store.ts). */
export const LONGEST_EVENT_MS = 10 * 60_000;
/** How often an open event's end is written while it goes on (and when it closes). */
const WRITE_EVERY_MS = 2000;
/** A better sighting replaces the thumbnail at most this often. */
const THUMBNAIL_EVERY_MS = 2000;
/** How often open events are looked at for closing. */
const SWEEP_MS = 1000;

/** One sighting of something in a room: the best of a label in one analysed frame, or the frame's motion. */
export interface Sighting {
  readonly kind: Exclude<EventKind, "connection">;
  readonly label: string;
  readonly score: number;
  readonly box: Region | null;
  /** When the frame was filmed (ms since the epoch). */
  readonly at: number;
  /** That frame, a JPEG, for the thumbnail. */
  readonly frame: Uint8Array | undefined;
}

/** An event still being seen: its row's id once written, and how far it has been written. */
interface Open {
  readonly app: string;
  readonly room: string;
  readonly id: Promise<number | undefined>;
  readonly started: number;
  lastSeen: number;
  written: number;
  mergeMs: number;
  best: number;
  box: Region | null;
  thumbnailAt: number;
}

export interface CameraEventsOptions {
  readonly databases: Databases;
  readonly settings: TimelineSettings;
  readonly apps: Pick<AppService, "findByName">;
  readonly events: Pick<EventDispatcher, "emit">;
  readonly frames: TaskPool<CameraFrameTasks>;
  readonly dataDir: string;
  readonly node: string;
  readonly registry: Registry;
  readonly logger: Logger;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The API path of an event's thumbnail: what `camera_event` and the events route point to. */
export const thumbnailUrl = (app: string, room: string, id: number) =>
  `/api/v1/apps/${encodeURIComponent(app)}/cameras/${encodeURIComponent(room)}/events/${id}/thumbnail`;

/**
 * A camera room's timeline events (issue 34; docs/timeline.md): sightings of a label (from the
 * plugins' detections) or of motion become one event while they keep coming within the config's
 * `merge_seconds`, with the best sighting's score, box and thumbnail; the camera connecting and
 * disconnecting are events of a moment. Each event is a row in the app's `timeline_events` and,
 * when it begins, a `camera_event` (webhook and MQTT, category alert), at most one per room and
 * label in `cooldown_seconds`. Rows of one event are written in turn, so an end never lands
 * before its row.
 */
export class CameraEvents {
  private readonly open = new Map<string, Open>();
  private readonly turns = new InTurn<string>();
  private readonly writing = new Set<Promise<unknown>>();
  /** When each room and label was last announced. */
  private readonly announced = new Map<string, number>();
  private readonly forgotten = new Set<string>();
  private readonly sweep: NodeJS.Timeout;
  private readonly counted: Counter<"kind">;
  private readonly log: Logger;

  constructor(private readonly o: CameraEventsOptions) {
    this.log = o.logger.child({ component: "timeline" });
    this.sweep = setInterval(() => this.closeQuiet(Date.now()), SWEEP_MS).unref();
    this.counted = new Counter({ name: "service_timeline_events_total", help: "Camera timeline events begun, by kind", labelNames: ["kind"], registers: [o.registry] });
  }

  /** A plugin's detections in a camera room: the best sighting of each label the app's timeline takes. */
  detections(app: string, message: DetectionsMessage, frame: Uint8Array | undefined): void {
    const settings = this.o.settings.of(app, message.room);
    if (!settings?.enabled) return;
    const { labels, min_score: minScore } = settings.events;
    const best = new Map<string, DetectionsMessage["objects"][number]>();
    for (const object of message.objects) {
      if (object.score < minScore || !labels.includes(object.label)) continue;
      if ((best.get(object.label)?.score ?? -1) < object.score) best.set(object.label, object);
    }
    for (const [label, object] of best) {
      const box: Region = [object.box.x, object.box.y, object.box.width, object.box.height];
      this.sighting(app, message.room, { kind: "object", label, score: object.score, box, at: message.at, frame });
    }
  }

  /** A sighting in a room whose timeline is on (the caller checked): a new event, or more of the open one. */
  sighting(app: string, room: string, s: Sighting): void {
    const settings = this.o.settings.of(app, room);
    if (!settings || this.forgotten.has(app)) return;
    const key = `${app}\u0000${room}\u0000${s.kind}\u0000${s.label}`;
    const mergeMs = settings.events.merge_seconds * 1000;
    const open = this.open.get(key);
    if (open && s.at - open.lastSeen <= mergeMs && s.at - open.started < LONGEST_EVENT_MS) {
      open.lastSeen = Math.max(open.lastSeen, s.at);
      open.mergeMs = mergeMs;
      if (s.score > open.best) {
        open.best = s.score;
        open.box = s.box;
        if (s.frame && s.at - open.thumbnailAt >= THUMBNAIL_EVERY_MS) {
          open.thumbnailAt = s.at;
          this.thumbnail(key, open, s.frame);
        }
      }
      if (open.lastSeen - open.written >= WRITE_EVERY_MS) this.writeEnd(key, open);
      return;
    }
    if (open) this.close(key, open);
    const id = this.write(key, async () => {
      if (!this.o.apps.findByName(app) || this.forgotten.has(app)) return undefined;
      const row = await timelineEventsStore(this.o.databases.appSql(app)).add(
        { room, kind: s.kind, label: s.label, score: s.score, box: s.box ? JSON.stringify(s.box) : null, started_at: iso(s.at), ended_at: iso(s.at), thumbnail_path: null, node: this.o.node },
        new Date().toISOString(),
      );
      return row.id;
    });
    const started: Open = { app, room, id, started: s.at, lastSeen: s.at, written: s.at, mergeMs, best: s.score, box: s.box, thumbnailAt: s.at };
    this.open.set(key, started);
    this.begun(app, room, s, id, settings.events.cooldown_seconds);
    if (s.frame) this.thumbnail(key, started, s.frame);
  }

  /** The room's camera connected or disconnected (on this node): an event of a moment, with no picture. */
  connection(app: string, room: string, label: "connected" | "disconnected"): void {
    const settings = this.o.settings.of(app, room);
    if (!settings?.enabled || this.forgotten.has(app)) return;
    const at = Date.now();
    const key = `${app}\u0000${room}\u0000connection\u0000${label}`;
    const id = this.write(key, async () => {
      if (!this.o.apps.findByName(app) || this.forgotten.has(app)) return undefined;
      const when = iso(at);
      const row = await timelineEventsStore(this.o.databases.appSql(app)).add(
        { room, kind: "connection", label, score: 1, box: null, started_at: when, ended_at: when, thumbnail_path: null, node: this.o.node },
        when,
      );
      return row.id;
    });
    this.begun(app, room, { kind: "connection", label, score: 1, box: null, at }, id, settings.events.cooldown_seconds);
  }

  /** The app is being deleted: its open events are let go, and nothing more is written for it. */
  async forgetApp(app: string): Promise<void> {
    this.forgotten.add(app);
    try {
      for (const [key, open] of this.open) if (open.app === app) this.open.delete(key);
      for (const key of this.announced.keys()) if (key.startsWith(`${app}\u0000`)) this.announced.delete(key);
      await Promise.all([...this.writing]);
    } finally {
      this.forgotten.delete(app);
    }
  }

  /** Closes every open event where it was last seen, and waits for the writes (before the databases close). */
  async stop(): Promise<void> {
    clearInterval(this.sweep);
    for (const [key, open] of this.open) this.close(key, open);
    await Promise.all([...this.writing]);
  }

  /** Counts the event and, past the room's cooldown for its label, announces it once its row is written. */
  private begun(app: string, room: string, s: { kind: EventKind; label: string; score: number; box: Region | null; at: number }, id: Promise<number | undefined>, cooldownSeconds: number): void {
    this.counted.labels(s.kind).inc();
    const key = `${app}\u0000${room}\u0000${s.label}`;
    const last = this.announced.get(key);
    if (last !== undefined && s.at - last < cooldownSeconds * 1000) return;
    this.announced.set(key, s.at);
    void id.then((eventId) => {
      if (eventId === undefined) return;
      this.o.events.emit(app, "camera_event", room, {
        eventId,
        room,
        kind: s.kind,
        label: s.label,
        score: s.score,
        box: s.box ? [...s.box] : null,
        start: iso(s.at),
        thumbnailUrl: s.kind === "connection" ? null : thumbnailUrl(app, room, eventId),
      });
    });
  }

  /** Events not seen for their merge time end where they were last seen. */
  private closeQuiet(now: number): void {
    for (const [key, open] of this.open) if (now - open.lastSeen > open.mergeMs + SWEEP_MS) this.close(key, open);
  }

  private close(key: string, open: Open): void {
    if (this.open.get(key) === open) this.open.delete(key);
    if (open.lastSeen > open.written) this.writeEnd(key, open);
  }

  private writeEnd(key: string, open: Open): void {
    open.written = open.lastSeen;
    const [endedAt, score, box] = [iso(open.lastSeen), open.best, open.box];
    this.write(key, async () => {
      const id = await open.id;
      if (id !== undefined && !this.forgotten.has(open.app)) await timelineEventsStore(this.o.databases.appSql(open.app)).extend(id, endedAt, { score, box: box ? JSON.stringify(box) : null });
    });
  }

  /** Makes the frame small (on the frames pool) and writes it whole under the event's id, then names it in the row. */
  private thumbnail(key: string, open: Open, frame: Uint8Array): void {
    const small = this.o.frames.run("thumbnail", { jpeg: frame });
    // Awaited in the event's turn; until then a refusal (a full pool) must not count as unhandled.
    small.catch(() => undefined);
    this.write(key, async () => {
      const [id, jpeg] = await Promise.all([open.id, small]);
      if (id === undefined || this.forgotten.has(open.app)) return;
      const folder = path.join(this.o.dataDir, "apps", open.app, "timeline", "events");
      const file = path.join(folder, `${id}.jpg`);
      await mkdir(folder, { recursive: true });
      // Written aside and renamed: a reader of the thumbnail never sees half a picture.
      await writeFile(`${file}.part`, jpeg);
      await rename(`${file}.part`, file);
      await timelineEventsStore(this.o.databases.appSql(open.app)).setThumbnail(id, file);
    });
  }

  /** Runs a write in the event's turn; a failure is logged (an app's database away, a disk full), never thrown. */
  private write<T>(key: string, work: () => Promise<T>): Promise<T | undefined> {
    const done = this.turns
      .run(key, () => unlessUnavailableAsync(undefined, work))
      .catch((err: unknown) => {
        this.log.warn({ err }, "could not write a timeline event");
        return undefined;
      });
    this.writing.add(done);
    void done.finally(() => this.writing.delete(done));
    return done;
  }
}
