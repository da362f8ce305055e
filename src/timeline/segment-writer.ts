import { mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { RecordedFile } from "../recording/camera-recorder.ts";
import { timelineStore, type NewSegmentRow, type SegmentRow } from "./store.ts";

export interface SegmentWriterOptions {
  readonly apps: Pick<AppService, "findByName">;
  readonly databases: Databases;
  readonly dataDir: string;
  readonly node: string;
  /** Told of each segment once its row is written (its upload starts). */
  readonly written: (app: string, row: SegmentRow) => void;
  readonly logger: Logger;
}

/** What a finished segment's row says besides its file and node: its span by the wall clock and its video. */
export type SegmentVideo = Omit<NewSegmentRow, "room" | "bytes" | "local_path" | "node">;

/**
 * Where both kinds of continuous recording (pulled cameras: continuous.ts; WebSocket cameras:
 * continuous-mjpeg.ts) put their segments: each a file in the app's timeline folder and, once the
 * recorder has finished it, a row written once, then its upload. A segment with no row is a file
 * nobody can find, so it goes: one that did not finish, one with no video, one of an app being
 * deleted (its database is going).
 */
export class SegmentWriter {
  private readonly writing = new Set<Promise<void>>();
  /** Apps being deleted, with how many of their forgettings are under way (both recorders forget an app at once). */
  private readonly forgotten = new Map<string, number>();
  private readonly log: Logger;

  constructor(private readonly o: SegmentWriterOptions) {
    this.log = o.logger.child({ component: "timeline" });
  }

  /** A new segment's file in the app's timeline folder; `tag` tells two segments begun in one millisecond apart. */
  file(app: string, room: string, tag: string | number): string {
    const folder = path.join(this.o.dataDir, "apps", app, "timeline");
    mkdirSync(folder, { recursive: true });
    // The room is a name the tenant chose: only ever the start of a file name, never a folder.
    return path.join(folder, `${room}-${new Date().toISOString().replace(/[-:.]/g, "")}-${tag}.mp4`);
  }

  /** Writes the segment's row once its recorder has finished the file (`video` undefined: it holds nothing to keep). */
  add(app: string, room: string, finished: Promise<{ readonly file: RecordedFile; readonly video: SegmentVideo | undefined }>): void {
    const done = finished
      .then(async ({ file, video }) => {
        if (file.error !== undefined || !video || this.forgotten.has(app) || !this.o.apps.findByName(app)) {
          await rm(file.path, { force: true });
          if (file.error !== undefined) this.log.warn({ app, room, error: file.error }, "a timeline segment was not written");
          return;
        }
        const row = { ...video, room, bytes: file.bytes, local_path: file.path, node: this.o.node };
        const written = await unlessUnavailableAsync(undefined, () => timelineStore(this.o.databases.appSql(app)).add(row, new Date().toISOString()));
        if (written) this.o.written(app, written);
      })
      .catch((err: unknown) => this.log.error({ err, app, room }, "could not record a timeline segment"))
      .finally(() => this.writing.delete(done));
    this.writing.add(done);
  }

  /** The app is being deleted: the segments `end` ends get no rows, and this settles once they are gone. */
  async forgetting(app: string, end: () => void): Promise<void> {
    this.forgotten.set(app, (this.forgotten.get(app) ?? 0) + 1);
    try {
      end();
      await this.idle();
    } finally {
      const left = (this.forgotten.get(app) ?? 1) - 1;
      if (left > 0) this.forgotten.set(app, left);
      else this.forgotten.delete(app);
    }
  }

  /** Settles once every segment ended so far has its row (or is gone). */
  async idle(): Promise<void> {
    await Promise.all([...this.writing]);
  }
}
