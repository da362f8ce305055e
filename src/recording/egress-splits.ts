import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { unlessUnavailable } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EgressOutputs } from "../egress/service.ts";
import { parsePlaylist } from "../lib/hls-playlist.ts";
import { vodStore, type VodRow } from "../vods/store.ts";

/** How often a split recording's playlist is read for parts the egress has finished. */
const WATCH_EVERY_MS = 1000;

/** One split LiveKit recording: its egress, its room, and where its segments go. */
export interface SplitRecording {
  readonly app: string;
  readonly room: string;
  readonly streamId: string | null;
  /** The media server's egress id; part N is the VOD whose `egressId` is `<egressId>.N`. */
  readonly egressId: string;
  /** Segments are `<prefix>_00000.ts`…, listed in `<prefix>.m3u8` once complete. */
  readonly prefix: string;
}

export interface EgressSplitsOptions {
  readonly databases: Databases;
  /** A new part's row exists: give it its actor. */
  readonly partStarted: (app: string, row: VodRow) => void;
  /** A part's segment is complete (the egress goes on with the next): move its VOD on. */
  readonly partDone: (app: string, row: VodRow) => void;
  readonly logger: Logger;
}

/** The segment file of part `part` (1-based) of a split recording. */
export const partFile = (prefix: string, part: number): string => `${prefix}_${String(part - 1).padStart(5, "0")}.ts`;

/** A part's egress id back to the recording's (`EG_x.3` → `EG_x`). */
export const recordingEgressId = (egressId: string): string => egressId.replace(/\.\d+$/, "");

/**
 * Split recordings of LiveKit rooms (`recording.split_minutes`): one egress with a segmented
 * output whose segments last the split length, each segment one VOD part. The egress's playlist
 * lists a segment once it is complete: that part then uploads on its own while the egress writes
 * the next, whose row is written once its file appears. A closed playlist (or the egress's end)
 * finishes the recording. Nothing is cut or re-encoded by us, so no frame is lost between parts.
 */
export class EgressSplits {
  private readonly watched = new Map<string, { readonly recording: SplitRecording; readonly timer: NodeJS.Timeout; busy: boolean }>();
  private readonly log: Logger;

  constructor(private readonly o: EgressSplitsOptions) {
    this.log = o.logger.child({ component: "recording-splits" });
  }

  /** The egress output of a split recording under `prefix`, cut every `seconds`. */
  static outputs(prefix: string, seconds: number): EgressOutputs {
    return { segments: { prefix, playlist: `${path.basename(prefix)}.m3u8`, seconds } };
  }

  /** The split recording a part's row belongs to (after a restart, from the row alone). */
  static of(app: string, row: VodRow): SplitRecording | undefined {
    if (row.source !== "egress" || row.part === 0 || row.local_path === null) return undefined;
    return { app, room: row.room, streamId: row.stream_id, egressId: recordingEgressId(row.egress_id), prefix: row.local_path.replace(/_\d+\.ts$/, "") };
  }

  /** Watches a split recording's playlist until its egress ends. */
  watch(recording: SplitRecording): void {
    if (this.watched.has(recording.egressId)) return;
    const entry = { recording, busy: false, timer: setInterval(() => void this.tick(recording.egressId), WATCH_EVERY_MS).unref() };
    this.watched.set(recording.egressId, entry);
  }

  private async tick(egressId: string): Promise<void> {
    const entry = this.watched.get(egressId);
    if (!entry || entry.busy) return;
    entry.busy = true;
    try {
      await this.pass(entry.recording, false);
    } catch (err) {
      this.log.warn({ app: entry.recording.app, egressId, err: (err as Error).message }, "split pass failed");
    } finally {
      entry.busy = false;
    }
  }

  /**
   * The recording's egress ended (stopped, or its room closed): every segment the final playlist
   * lists gets its part, and the watch ends. The part that was recording is the caller's.
   */
  async ended(recording: SplitRecording): Promise<void> {
    this.unwatch(recording.egressId);
    await this.pass(recording, true);
  }

  /**
   * Parts for the segments the playlist lists as complete, each moved on once; while the egress
   * goes on, the row of the part it is writing now.
   */
  private async pass(r: SplitRecording, stopped: boolean): Promise<void> {
    const listed = parsePlaylist(await readFile(`${r.prefix}.m3u8`, "utf8").catch(() => ""));
    const complete = listed.segments.length;
    // A closed playlist is the egress's end, whether or not its event has come yet.
    const ended = stopped || listed.ended;
    if (listed.ended) this.unwatch(r.egressId);
    const store = unlessUnavailable(undefined, () => vodStore(this.o.databases.app(r.app)));
    if (!store) return;
    // The part being written now gets its row once the egress has opened its file; until then the
    // last complete part stays the recording one, so a stop always finds a part recording.
    const next = complete + 1;
    const nextBegun = !ended && (store.getByEgress(`${r.egressId}.${next}`) !== undefined || existsSync(partFile(r.prefix, next)));
    if (nextBegun && !store.getByEgress(`${r.egressId}.${next}`)) this.begin(r, next);
    for (let part = 1; part <= complete; part++) {
      const row = store.getByEgress(`${r.egressId}.${part}`) ?? this.begin(r, part);
      if (row.status === "recording" && (part < complete || ended || nextBegun)) this.o.partDone(r.app, row);
    }
  }

  private unwatch(egressId: string): void {
    clearInterval(this.watched.get(egressId)?.timer);
    this.watched.delete(egressId);
  }

  /** Writes the row of part `part`, which the egress has begun. */
  private begin(r: SplitRecording, part: number): VodRow {
    const store = vodStore(this.o.databases.app(r.app));
    const id = store.insert({ room: r.room, stream_id: r.streamId, egress_id: `${r.egressId}.${part}`, source: "egress", part, local_path: partFile(r.prefix, part), started_at: new Date().toISOString() });
    const row = store.get(id) as VodRow;
    this.log.info({ app: r.app, room: r.room, egressId: r.egressId, part, vodId: id }, "recording part begun");
    this.o.partStarted(r.app, row);
    return row;
  }

  /** Stops watching a deleted app's recordings, and every one at shutdown (a restart watches again). */
  forget(app?: string): void {
    for (const [id, entry] of this.watched) if (app === undefined || entry.recording.app === app) this.unwatch(id);
  }
}
