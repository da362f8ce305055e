import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRef } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { VodsApi } from "../vods/module.ts";
import type { VodView } from "../vods/service.ts";
import type { TimelineRetention } from "./retention.ts";
import { MAX_CLIP_SECONDS, type ClipBody } from "./schemas.ts";
import { ffmpeg, fileHead, initIn, segmentFile, unreadable, type SegmentReader } from "./segment-input.ts";
import { LONGEST_SEGMENT_MS } from "./service.ts";
import { timelineStore, type SegmentRow } from "./store.ts";

/** The recorder id of a clip's VOD (`CR_` is a camera recording's). */
const CLIP_PREFIX = "CL_";
/** Clips of one app joined at once on a node: each is an ffmpeg reading up to an hour of segments. */
const CLIPS_PER_APP = 2;
/** The most segments an hour holds: 2 s each at the shortest, and one more at each end. */
const MOST_SEGMENTS = MAX_CLIP_SECONDS / 2 + 2;
/** Segments downloaded from S3 at once for one clip. */
const DOWNLOADS = 4;
/** The one timescale segments of different ones are copied onto before they are joined (MPEG's 90 kHz clock). */
const COMMON_TIMESCALE = 90_000;
/** A join is a stream copy, bounded by reading the segments (from S3, an hour of them). */
const JOIN_TIMEOUT_MS = 15 * 60_000;

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The timescale of a segment's video, from its init section; undefined when its head has none. */
const timescaleOf = async (file: string): Promise<number | undefined> => initIn(await fileHead(file))?.timescale;
/** The concat demuxer's quoting: inside single quotes, a quote is closed, escaped and reopened. */
const quoted = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

export interface ClipsOptions {
  readonly databases: Databases;
  readonly apps: Pick<AppService, "roomOf">;
  readonly reader: SegmentReader;
  readonly vods: Pick<VodsApi, "recordings" | "service">;
  readonly retention: Pick<TimelineRetention, "pin">;
  readonly dataDir: string;
  readonly logger: Logger;
}

/**
 * Clips of a camera's timeline (issue 34; docs/timeline.md#clips): the segments covering a range
 * joined by ffmpeg's concat demuxer with a stream copy (no encode), from the keyframe at or before
 * `since` to `until`, into a VOD that goes through the VODs' lifecycle as a camera recording
 * does: its row and actor (`recording` while it is joined), then finalize's probe, snapshot,
 * upload, `ready` and `vod_ready`. Its segments are pinned against retention until the join ends.
 * It is made on the node whose disk holds segments not uploaded yet (`node`), else here.
 */
export class TimelineClips {
  private readonly joining = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private readonly aborts = new AbortController();
  private readonly log: Logger;

  constructor(private readonly o: ClipsOptions) {
    this.log = o.logger.child({ component: "timeline-clips" });
  }

  async make(app: AppRef, requested: string, body: ClipBody): Promise<VodView | { node: string } | Problem> {
    const room = this.o.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    const since = new Date(body.since).toISOString();
    const until = new Date(body.until).toISOString();
    const store = timelineStore(this.o.databases.appSql(app.name));
    const read = async () => (await store.overlapping(room, since, until, { limit: MOST_SEGMENTS, offset: 0 }, LONGEST_SEGMENT_MS)).rows;
    const found = await read();
    const first = found[0];
    if (!first) return problem("not_found", `nothing of this room was recorded between ${since} and ${until}; GET its timeline for what is`);
    const mixed = found.find((r) => r.codec !== first.codec || r.width !== first.width || r.height !== first.height);
    if (mixed) return problem("conflict", `the range holds video of two kinds (${first.codec} ${first.width}x${first.height}, then ${mixed.codec} ${mixed.width}x${mixed.height} from ${mixed.started_at}): a stream copy cannot join them; make a clip of each part`);
    const elsewhere = [...new Set(found.filter((r) => r.object_key === null && !this.o.reader.here(r.node)).map((r) => r.node))];
    const alsoHere = found.some((r) => r.object_key === null && this.o.reader.here(r.node));
    if (elsewhere.length > 1 || (elsewhere.length === 1 && alsoHere)) {
      return problem("conflict", `the range's segments are on the disks of several nodes (${[...elsewhere, ...(alsoHere ? ["this one"] : [])].join(", ")}) and not uploaded yet; retry once they are uploaded, or make a clip of each node's part`);
    }
    if (elsewhere[0] !== undefined) return { node: elsewhere[0] };
    if ((this.joining.get(app.name) ?? 0) >= CLIPS_PER_APP) return problem("rate_limited", `${CLIPS_PER_APP} clips of app ${app.name} are being joined on this node; retry once one is`, { headers: { "retry-after": "5" } });

    // Pinned, then read again: a segment pruned between the two reads is left out, the rest stay until the join ends.
    const pins = new Map(found.map((r) => [r.id, this.o.retention.pin(app.name, r.id)]));
    const unpin = () => pins.forEach((release) => release());
    const rows = (await read()).filter((r) => pins.has(r.id));
    if (rows.length === 0) {
      unpin();
      return problem("not_found", `this room's segments between ${since} and ${until} were pruned meanwhile`);
    }
    const refused = rows.map((row) => unreadable(this.o.reader, app.name, row)).find((p) => p !== undefined);
    if (refused) {
      unpin();
      return refused;
    }

    const tag = randomBytes(6).toString("base64url");
    const file = path.join(this.o.dataDir, "apps", app.name, "recordings", `${room}-${since.replace(/[-:.]/g, "")}-${body.name ?? "clip"}-${tag}.mp4`);
    mkdirSync(path.dirname(file), { recursive: true });
    const egressId = `${CLIP_PREFIX}${tag}`;
    this.joining.set(app.name, (this.joining.get(app.name) ?? 0) + 1);
    let vodId: number;
    try {
      vodId = await this.o.vods.recordings.begin(app.name, { room, stream_id: null, egress_id: egressId, source: "camera", part: 0, local_path: file, started_at: new Date().toISOString() });
    } catch (err) {
      this.joined(app.name);
      unpin();
      throw err;
    }
    const job = this.join(app, vodId, egressId, file, rows, { since, until })
      .catch((err: Error) => this.log.error({ app: app.name, vodId, err: err.message }, "a clip's join failed unexpectedly"))
      .finally(() => {
        unpin();
        this.joined(app.name);
        this.running.delete(job);
      });
    this.running.add(job);
    return this.o.vods.service.get(app, vodId);
  }

  /** Joins in flight are cut short (their VODs fail, or resume as failed at the next start: their file is not whole). */
  async stop(): Promise<void> {
    this.aborts.abort();
    await Promise.all([...this.running]);
  }

  /**
   * The concat demuxer reads every file on the first one's timescale. A pulled camera's segments
   * share theirs, but each of an MJPEG camera's is its own encode, at its own frame rate and
   * timescale: those are first copied (no encode) onto COMMON_TIMESCALE, one ffmpeg each.
   */
  private async onOneClock(inputs: readonly string[], work: string): Promise<string[]> {
    const scales = await Promise.all(inputs.map(timescaleOf));
    if (scales.every((s) => s !== undefined && s === scales[0])) return [...inputs];
    const copies: string[] = [];
    for (const [i, input] of inputs.entries()) {
      const copy = path.join(work, `clock-${i}.mp4`);
      await ffmpeg(["-v", "error", "-i", input, "-map", "0:v:0", "-map", "0:a?", "-c", "copy", "-video_track_timescale", String(COMMON_TIMESCALE), "-f", "mp4", "-y", copy], {
        timeoutMs: JOIN_TIMEOUT_MS,
        signal: this.aborts.signal,
      });
      copies.push(copy);
    }
    return copies;
  }

  private joined(app: string): void {
    const n = (this.joining.get(app) ?? 1) - 1;
    if (n > 0) this.joining.set(app, n);
    else this.joining.delete(app);
  }

  /**
   * The segments in S3 downloaded beside the clip, then the concat demuxer's list: each segment,
   * the first read from `since` (the demuxer seeks to the keyframe at or before it, and the copy
   * keeps what follows) and the last up to `until`. The file is written to a temp name and
   * renamed once whole, so finalize never uploads half a clip.
   */
  private async join(ref: AppRef, vodId: number, egressId: string, file: string, rows: readonly SegmentRow[], range: { since: string; until: string }): Promise<void> {
    const app = ref.name;
    const temp = `${file}.part`;
    const work = `${file}.segments`;
    const list = path.join(work, "list.txt");
    const began = Date.now();
    try {
      await mkdir(work, { recursive: true });
      const inputs: string[] = [];
      for (let i = 0; i < rows.length; i += DOWNLOADS) {
        const got = await Promise.all(rows.slice(i, i + DOWNLOADS).map((row) => segmentFile(this.o.reader, app, row, work, this.aborts.signal)));
        for (const input of got) {
          if (isProblem(input)) throw new Error(input.message);
          inputs.push(input);
        }
      }
      const files = await this.onOneClock(inputs, work);
      const lines: string[] = [];
      for (const [i, row] of rows.entries()) {
        const start = Date.parse(row.started_at);
        lines.push(`file ${quoted(files[i] ?? "")}`);
        if (i === 0 && Date.parse(range.since) > start) lines.push(`inpoint ${seconds(Date.parse(range.since) - start)}`);
        if (i === rows.length - 1 && Date.parse(range.until) < Date.parse(row.ended_at)) lines.push(`outpoint ${seconds(Date.parse(range.until) - start)}`);
      }
      await writeFile(list, `ffconcat version 1.0\n${lines.join("\n")}\n`);
      // Files only: every input is on this disk. The demuxer's H.264 conversion stays on, so each keyframe carries its parameter sets and two connections' segments join cleanly.
      await ffmpeg(
        ["-v", "error", "-protocol_whitelist", "file", "-f", "concat", "-safe", "0", "-i", list, "-map", "0:v:0", "-map", "0:a?", "-c", "copy", "-avoid_negative_ts", "make_zero", "-movflags", "+faststart", "-f", "mp4", "-y", temp],
        { timeoutMs: JOIN_TIMEOUT_MS, signal: this.aborts.signal },
      );
      await rename(temp, file);
      this.log.info({ app, vodId, segments: rows.length, ms: Date.now() - began }, "a clip's segments joined");
    } catch (err) {
      await rm(temp, { force: true });
      this.log.warn({ app, vodId, err: (err as Error).message }, "a clip's segments could not be joined");
      // The recorder's word that it failed, as an egress's is: the VOD fails with its reason and `recording_failed`.
      await this.o.vods.recordings.egressEnded(app, egressId, { type: "source_failed", failure: { reason: "recorder_failed", detail: `the clip's segments could not be joined: ${(err as Error).message}` } });
      return;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // Stopped while it was joined (POST recording/{id}/stop): its VOD failed without the file, which nothing will upload now.
    const vod = await this.o.vods.service.get(ref, vodId);
    if (isProblem(vod) || vod.status !== "recording") {
      await rm(file, { force: true });
      return;
    }
    this.o.vods.recordings.sourceEnded(app, vodId);
  }
}
