import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { EgressOutputs } from "../egress/service.ts";
import { parsePlaylist } from "../lib/hls-playlist.ts";
import type { RecordingVod, SplitParts } from "../vods/recordings.ts";

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
  /** What the playlist lists now, for the VODs of the parts (`VodRecordings.parts`). */
  readonly seen: (app: string, parts: SplitParts) => Promise<void>;
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
 * the next, whose VOD begins once its file appears (vods keeps the parts' VODs; this only reads
 * the files). A closed playlist (or the egress's end) finishes the recording. Nothing is cut or
 * re-encoded by us, so no frame is lost between parts.
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
  static of(app: string, row: RecordingVod): SplitRecording | undefined {
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
      await this.o.seen(entry.recording.app, await this.pass(entry.recording, false));
    } catch (err) {
      this.log.warn({ app: entry.recording.app, egressId, err: (err as Error).message }, "split pass failed");
    } finally {
      entry.busy = false;
    }
  }

  /**
   * The recording's egress ended (stopped, or its room closed): the watch ends, and the final
   * playlist is answered (the part that was recording is the caller's).
   */
  async ended(recording: SplitRecording): Promise<SplitParts> {
    this.unwatch(recording.egressId);
    return this.pass(recording, true);
  }

  /** What the playlist lists as complete, and whether the egress has opened the next part's file. */
  private async pass(r: SplitRecording, stopped: boolean): Promise<SplitParts> {
    const listed = parsePlaylist(await readFile(`${r.prefix}.m3u8`, "utf8").catch(() => ""));
    // A closed playlist is the egress's end, whether or not its event has come yet.
    const ended = stopped || listed.ended;
    if (listed.ended) this.unwatch(r.egressId);
    const complete = listed.segments.map((_, i) => partFile(r.prefix, i + 1));
    const next = partFile(r.prefix, complete.length + 1);
    return { room: r.room, streamId: r.streamId, egressId: r.egressId, complete, next: !ended && existsSync(next) ? next : undefined, ended };
  }

  private unwatch(egressId: string): void {
    clearInterval(this.watched.get(egressId)?.timer);
    this.watched.delete(egressId);
  }

  /** Stops watching a deleted app's recordings, and every one at shutdown (a restart watches again). */
  forget(app?: string): void {
    for (const [id, entry] of this.watched) if (app === undefined || entry.recording.app === app) this.unwatch(id);
  }
}
