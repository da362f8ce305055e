import { stat } from "node:fs/promises";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import type { AppRow } from "../apps/store.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { Databases } from "../db/databases.ts";
import { isProblem } from "../lib/problem.ts";
import { RELAYED_BY, type RelayRequest, type Relays } from "../peers/relay.ts";
import { LONGEST_SEGMENT_MS } from "./service.ts";
import type { TimelineSettings } from "./settings.ts";
import { timelineStore, type SegmentRow } from "./store.ts";
import type { DvrTail, DvrTails } from "./dvr-tail.ts";
import { fileHead, initIn, SEGMENT_HEAD_BYTES } from "./segment-input.ts";

/** The stored segments one rewind playlist lists at most; from further back, the playlist is closed there and a later `since` goes on. */
export const MAX_DVR_SEGMENTS = 1000;
/** Segments' heads read at once while a playlist is made. */
const HEAD_READS = 8;
/** Init lengths remembered (a segment's bytes never change under its id): 40 bytes or so each. */
const MAX_CACHED = 100_000;
/** A tail entry this close before the handoff is the one that begins there: the wall clocks of a ring file and a segment's end differ by a frame or two. */
const HANDOFF_TOLERANCE_MS = 500;
/** A room whose camera records no segment covering the tail's start this long after (its timeline off, its recording failing) hands off at its newest segment. */
const HANDOFF_WAIT_MS = 30_000;

export interface DvrOptions {
  readonly databases: Databases;
  readonly settings: Pick<TimelineSettings, "of">;
  readonly tails: DvrTails;
  readonly s3: Pick<S3Clients, "get">;
  readonly relays: Relays;
  /** Whether a segment `node` wrote is on this disk (always, on SQLite: one node); segment-input.ts's reader. */
  readonly here: (node: string) => boolean;
}

/** Where a stored segment's bytes are read. */
export type SegmentSource =
  | { readonly kind: "object"; readonly key: string }
  | { readonly kind: "local"; readonly path: string }
  | { readonly kind: "peer"; readonly node: string };

const seconds = (row: SegmentRow) => Math.max(0.001, (Date.parse(row.ended_at) - Date.parse(row.started_at)) / 1000);

/**
 * The rewind playlist of a camera room (issue 34; docs/timeline.md#rewind): an EVENT playlist of
 * its stored segments from the one covering `since`, each one media segment over its own file by
 * byte ranges (EXT-X-MAP over its init section), then, while the camera is pulled on this node,
 * the tail (dvr-tail.ts) from where the stored segments end, so playback runs into live. Each
 * stored segment's clock starts at 0 (each file is recorded on its own clock), so a
 * discontinuity comes before each; a gap between them is skipped the same way.
 */
export class DvrService {
  private readonly inits = new Map<string, number>();

  constructor(private readonly o: DvrOptions) {}

  /** Where segment `id` of `room` is, with its row; undefined when the room has no such segment. */
  async segment(app: string, room: string, id: number): Promise<{ row: SegmentRow; source: SegmentSource } | undefined> {
    const row = await timelineStore(this.o.databases.appSql(app)).segment(room, id);
    return row && { row, source: this.sourceOf(row) };
  }

  /**
   * The playlist, its URIs relative to `/live/{app}/{room}/`; `live` says the camera is up (no
   * ENDLIST), `ctx` is the request, for reading a segment's head on the node that has its file.
   */
  async playlist(app: AppRow, room: string, since: string, live: boolean, ctx: RelayRequest): Promise<string> {
    const store = timelineStore(this.o.databases.appSql(app.name));
    const far = new Date(Date.now() + 86_400_000).toISOString();
    const { rows, total } = await store.overlapping(room, since, far, { limit: MAX_DVR_SEGMENTS, offset: 0 }, LONGEST_SEGMENT_MS);
    const closed = total > rows.length || !live;
    const tail = closed ? undefined : this.o.tails.of(app.name, room, true);
    const handoff = tail ? await this.handoff(app.name, room, tail, rows) : undefined;
    const stored = handoff === undefined ? rows : rows.filter((r) => r.ended_at <= handoff);
    const heads = await this.initLengths(app, room, stored, ctx);
    const entries = handoff === undefined || !tail ? [] : tail.entries.filter((e) => e.at >= Date.parse(handoff) - HANDOFF_TOLERANCE_MS);
    const lines: string[] = [];
    let first = true;
    for (const row of stored) {
      const init = heads.get(row.id);
      // A segment whose file could not be read (its node gone, its object missing) is left out: the playlist goes on past it.
      if (init === undefined) continue;
      if (!first) lines.push("#EXT-X-DISCONTINUITY");
      first = false;
      lines.push(
        `#EXT-X-PROGRAM-DATE-TIME:${row.started_at}`,
        `#EXT-X-MAP:URI="dvr/${row.id}.mp4",BYTERANGE="${init}@0"`,
        `#EXTINF:${seconds(row).toFixed(3)},`,
        `#EXT-X-BYTERANGE:${row.bytes - init}@${init}`,
        `dvr/${row.id}.mp4`,
      );
    }
    let run: number | undefined;
    for (const e of entries) {
      if (!first && (run === undefined || e.discontinuity)) lines.push("#EXT-X-DISCONTINUITY");
      first = false;
      if (e.run !== run) lines.push(`#EXT-X-MAP:URI="dvr/live/init${e.run}.mp4"`);
      run = e.run;
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(e.at).toISOString()}`, `#EXTINF:${e.seconds.toFixed(3)},`, `dvr/live/${e.seq}.m4s`);
    }
    const longest = Math.max(1, ...stored.map(seconds), ...entries.map((e) => e.seconds));
    const head = [
      "#EXTM3U",
      "#EXT-X-VERSION:7",
      `#EXT-X-TARGETDURATION:${Math.ceil(longest)}`,
      "#EXT-X-PLAYLIST-TYPE:EVENT",
      // A player starts at `since`, not at the live edge as it would in a live playlist.
      "#EXT-X-START:TIME-OFFSET=0,PRECISE=YES",
      "#EXT-X-MEDIA-SEQUENCE:0",
      "#EXT-X-INDEPENDENT-SEGMENTS",
    ];
    return `${[...head, ...lines, ...(closed ? ["#EXT-X-ENDLIST"] : [])].join("\n")}\n`;
  }

  /**
   * Where the stored segments end and the tail is listed from, fixed once known: the end of the
   * first segment that ends after the tail began (its row is written when it ends, within a
   * segment's length), so no second is listed twice and none is missing. A room that records no
   * such segment (its timeline off) hands off at its newest segment's end.
   */
  private async handoff(app: string, room: string, tail: DvrTail, rows: readonly SegmentRow[]): Promise<string | undefined> {
    if (tail.handoff !== undefined) return tail.handoff;
    const start = tail.startedAt;
    if (start === undefined) return undefined;
    const covering = await timelineStore(this.o.databases.appSql(app)).endingAfter(room, new Date(start).toISOString(), LONGEST_SEGMENT_MS);
    const recording = this.o.settings.of(app, room);
    const waited = Date.now() - tail.createdAt > (recording?.segmentSeconds ?? 0) * 1000 + HANDOFF_WAIT_MS;
    if (covering) tail.handoff = covering.ended_at;
    else if (recording?.enabled === false || waited) tail.handoff = rows.at(-1)?.ended_at ?? new Date(start).toISOString();
    return tail.handoff;
  }

  /** Each segment's init length (cached: a segment never changes under its id), read from its head where its bytes are. */
  private async initLengths(app: AppRow, room: string, rows: readonly SegmentRow[], ctx: RelayRequest): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    const missing = rows.filter((r) => {
      const known = this.inits.get(`${app.name}\u0000${r.id}`);
      if (known !== undefined) found.set(r.id, known);
      return known === undefined;
    });
    for (let i = 0; i < missing.length; i += HEAD_READS) {
      await Promise.all(
        missing.slice(i, i + HEAD_READS).map(async (row) => {
          const head = await this.head(app, room, row, ctx).catch(() => undefined);
          const init = head && initIn(head);
          if (!init || init.bytes.length >= row.bytes) return;
          found.set(row.id, init.bytes.length);
          if (this.inits.size >= MAX_CACHED) this.inits.clear();
          this.inits.set(`${app.name}\u0000${row.id}`, init.bytes.length);
        }),
      );
    }
    return found;
  }

  /** The first SEGMENT_HEAD_BYTES of a segment: from its object, its file here, or its node (asked as the player would, with the request's credential). */
  private async head(app: AppRow, room: string, row: SegmentRow, ctx: RelayRequest): Promise<Buffer | undefined> {
    const source = this.sourceOf(row);
    const range = { start: 0, end: Math.min(SEGMENT_HEAD_BYTES, row.bytes) - 1 };
    if (source.kind === "object") {
      const read = await this.object(app.name, source.key, range);
      return read && Buffer.from(await read.body.transformToByteArray());
    }
    if (source.kind === "local") return fileHead(source.path, range.end + 1);
    // Asked of the node with the file as a player would ask it, with the caller's credential; a playlist relayed here was relayed once already.
    const headers = Object.fromEntries(Object.entries(ctx.headers).filter(([name]) => name !== RELAYED_BY));
    const answer = await this.o.relays.answerOn(source.node, {
      requestId: ctx.requestId,
      method: "GET",
      path: `/live/${encodeURIComponent(app.name)}/${encodeURIComponent(room)}/dvr/${row.id}.mp4`,
      query: { token: (ctx.query as { token?: string }).token },
      body: undefined,
      headers: { ...headers, range: `bytes=${range.start}-${range.end}` },
    });
    return answer && !isProblem(answer) && answer.status === 206 && answer.body ? Buffer.from(answer.body) : undefined;
  }

  /** A local segment file's size; undefined once it is gone (uploaded or pruned since the row was read). */
  async localSize(file: string): Promise<number | undefined> {
    return stat(file).then((s) => s.size, () => undefined);
  }

  /** A range of an object in the app's bucket; undefined while the app configures none. */
  async object(app: string, key: string, range: { start: number; end: number } | undefined, signal?: AbortSignal) {
    const s3 = this.o.s3.get(app);
    if (!s3) return undefined;
    const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.target.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }), { abortSignal: signal });
    if (!res.Body) return undefined;
    return { body: res.Body, length: res.ContentLength, contentRange: res.ContentRange };
  }

  private sourceOf(row: SegmentRow): SegmentSource {
    if (row.object_key !== null) return { kind: "object", key: row.object_key };
    return this.o.here(row.node) ? { kind: "local", path: row.local_path } : { kind: "peer", node: row.node };
  }
}
