import { problem, type Problem } from "../lib/problem.ts";
import { FMP4_PART_SECONDS, type Fragment, type InitSection } from "./fmp4.ts";

/**
 * A Low-Latency HLS packager for one pulled camera (issue 33), in memory, over the fMP4 that the
 * pull's ffmpeg writes (fmp4.ts reads it). It knows nothing of HTTP; a route maps its answers.
 *
 * Feeding it:
 * - `start(init)`: a run of the source begins. Every call after the first is a reconnect: media
 *   sequence numbers go on, and the run's first segment carries EXT-X-DISCONTINUITY and its own
 *   EXT-X-MAP, so the playlist URL keeps working across drops.
 * - `append(fragment)`: each fragment is a part (EXT-X-PART). A segment ends at an independent
 *   part once it has lasted `segmentSeconds`, so a camera with a 2 s GOP gets 2 s segments; one
 *   whose keyframes are further apart than 10 s (or whose segment would hold a quarter of
 *   `maxBytes`) is cut anyway, and that segment starts without a keyframe. Ignored outside a run.
 * - `end()`: the source dropped; the open segment is closed and held requests answer now.
 *
 * Serving it (file names are relative to the media playlist):
 * - `playlist({ msn, part, skip })`: the media playlist, with blocking reload (`_HLS_msn`,
 *   `_HLS_part`) and delta updates (`_HLS_skip=YES`); a `bad_request` Problem for a request RFC
 *   8216bis 6.2.5.2 refuses, `service_unavailable` while the camera has sent no video yet. A
 *   request is held at most three target durations, then answered as the playlist stands rather
 *   than with the 503 the RFC suggests: hls.js gives a player up after a few failed playlist
 *   loads, and a camera reconnecting for a few seconds should only make it wait.
 * - `multivariant(mediaUri)`: the multivariant playlist naming it with BANDWIDTH, CODECS (hls.js
 *   needs them for hvc1) and RESOLUTION.
 * - `init(run)`, `segment(msn)`, `part(msn, index)`: the bytes of `init<run>.mp4`,
 *   `seg<msn>.m4s` and `part<msn>.<index>.m4s`, or undefined (a 404). A request for the part
 *   about to be written (the preload hint) is held like a playlist request. The hint names the
 *   next segment's first part when the current one is as long as the last (a steady GOP) and is
 *   a 404 if it does not come true (RFC 8216bis 6.2.6). Each run has its own init section,
 *   since a reconnected camera may send other parameters. `parseLlHlsFile(name)` maps a
 *   client's file name to one of these, or refuses it.
 *
 * Memory is bounded: the segments the playlist lists (`windowSeconds`), three more for clients
 * a little behind, all within `maxBytes`; at most 1000 requests are held (more answer at once),
 * each with an unref'd timer that is cleared when it answers: a held request does not keep the
 * process up by itself (the server's socket does).
 */

export interface LlHlsOptions {
  /** The shortest segment, in seconds. 1 unless told. */
  readonly segmentSeconds?: number;
  /** The parts' nominal length (ffmpeg's -frag_duration): the floor of PART-TARGET. FMP4_PART_SECONDS unless told. */
  readonly partSeconds?: number;
  /** How many seconds of segments the playlist lists (at least three target durations). 12 unless told. */
  readonly windowSeconds?: number;
  /** Every byte held: init sections, segments, the open segment's parts. 64 MiB unless told. */
  readonly maxBytes?: number;
  /** Wall clock (ms since the epoch) for EXT-X-PROGRAM-DATE-TIME. */
  readonly now?: () => number;
}

/** A media playlist request's delivery directives (`_HLS_msn`, `_HLS_part`, `_HLS_skip=YES`). */
export interface PlaylistRequest {
  readonly msn?: number;
  readonly part?: number;
  readonly skip?: boolean;
}

/** A file of the stream, by its name. */
export type LlHlsFile =
  | { readonly kind: "init"; readonly run: number }
  | { readonly kind: "segment"; readonly msn: number }
  | { readonly kind: "part"; readonly msn: number; readonly index: number };

// Canonical decimals only (no sign, no leading zero), so each file has one name: 10^9 one-second
// segments are 31 years of a camera, and a segment has at most MAX_PARTS parts.
const N = "(0|[1-9][0-9]{0,8})";
const FILE_NAME = new RegExp(`^(?:init${N}\\.mp4|seg${N}\\.m4s|part${N}\\.(0|[1-9][0-9]{0,2})\\.m4s)$`);

/** `init<run>.mp4`, `seg<msn>.m4s` or `part<msn>.<index>.m4s`; anything else is undefined. */
export function parseLlHlsFile(name: string): LlHlsFile | undefined {
  const m = FILE_NAME.exec(name);
  if (!m) return undefined;
  if (m[1] !== undefined) return { kind: "init", run: Number(m[1]) };
  if (m[2] !== undefined) return { kind: "segment", msn: Number(m[2]) };
  return { kind: "part", msn: Number(m[3]), index: Number(m[4]) };
}

const initName = (run: number) => `init${run}.mp4`;
const partName = (msn: number, index: number) => `part${msn}.${index}.m4s`;

/** How far a segment's date may follow the media clock away from the wall clock before it is set to the wall clock again. */
const DATE_DRIFT_MS = 1000;
/** Closed segments kept past the playlist's window, for clients that loaded an older playlist. */
const KEEP_BEYOND_WINDOW = 3;
/** Where a GOP is longer than this, segments are cut without a keyframe. */
const MAX_SEGMENT_SECONDS = 10;
/** Parts in one segment: part indexes have at most three digits. */
const MAX_PARTS = 1000;
const MAX_HELD_REQUESTS = 1000;
/** RFC 8216bis 6.2.5.1: CAN-SKIP-UNTIL is at least six target durations. */
const SKIP_TARGETS = 6;
/** Parts are listed for the last three target durations (RFC 8216bis 4.4.4.9). */
const PART_TARGETS = 3;
/** A blocking request is held at most three target durations (RFC 8216bis 6.2.5.2). */
const HOLD_TARGETS = 3;

interface Part {
  readonly bytes: Buffer;
  readonly seconds: number;
  readonly independent: boolean;
}

interface Segment {
  readonly msn: number;
  readonly run: number;
  readonly discontinuity: boolean;
  /** Wall clock when its first part arrived. */
  readonly startedAt: number;
  readonly parts: Part[];
  /** Its length in the run's timescale, summed exactly; `seconds` follows from it. */
  ticks: number;
  seconds: number;
  size: number;
  /** Its bytes in one buffer, made when it is first asked for whole (players mostly take parts); its parts then view into it. */
  bytes?: Buffer;
}

interface Position {
  readonly msn: number;
  readonly index: number;
}

interface HeldRequest {
  readonly ready: () => boolean;
  readonly answer: () => void;
}

export class LlHlsPackager {
  private readonly segmentSeconds: number;
  private readonly partSeconds: number;
  private readonly windowSeconds: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly inits = new Map<number, InitSection>();
  private readonly closed: Segment[] = [];
  private readonly held = new Set<HeldRequest>();
  private open: Segment | undefined;
  /** The run being fed, -1 before the first; `live` is false between `end` and the next `start`. */
  private run = -1;
  private live = false;
  private nextMsn = 0;
  private newest: Position | undefined;
  /** The run's first segment is still to come, after segments of an earlier run. */
  private discontinuityDue = false;
  /** Discontinuities among the segments no longer kept: EXT-X-DISCONTINUITY-SEQUENCE counts them. */
  private discontinuitiesDropped = 0;

  constructor(o: LlHlsOptions = {}) {
    this.segmentSeconds = o.segmentSeconds ?? 1;
    this.partSeconds = o.partSeconds ?? FMP4_PART_SECONDS;
    this.windowSeconds = o.windowSeconds ?? 12;
    this.maxBytes = o.maxBytes ?? 64 * 1024 * 1024;
    this.now = o.now ?? Date.now;
  }

  /** A run of the source begins with its init section; after the first, a reconnect (see above). */
  /** Whether any part has been written (a playlist can be answered). */
  get hasVideo(): boolean {
    return this.newest !== undefined;
  }

  start(init: InitSection): void {
    this.end();
    this.run += 1;
    this.discontinuityDue = this.nextMsn > 0;
    this.inits.set(this.run, init);
    this.live = true;
    this.trim();
  }

  /**
   * The run's next fragment, as a part; ignored between `end` and the next `start`. `at` is the
   * wall clock it began at (a fragment read back from a file began before now), for the dates.
   */
  append(fragment: Fragment, at: number = this.now()): void {
    const init = this.inits.get(this.run);
    if (!this.live || init === undefined) return;
    const part = { bytes: fragment.bytes, seconds: fragment.duration / init.timescale, independent: fragment.independent };
    let open = this.open;
    if (open === undefined || this.full(open) || (part.independent && open.seconds >= this.segmentSeconds)) {
      this.close();
      open = { msn: this.nextMsn++, run: this.run, discontinuity: this.discontinuityDue, startedAt: this.programDate(at), parts: [], ticks: 0, seconds: 0, size: 0 };
      this.open = open;
    }
    open.parts.push(part);
    open.ticks += fragment.duration;
    open.seconds = open.ticks / init.timescale;
    open.size += part.bytes.length;
    this.discontinuityDue = false;
    this.newest = { msn: open.msn, index: open.parts.length - 1 };
    this.trim();
    this.wake(false);
  }

  /** The source dropped: held requests answer with what there is. Idempotent. */
  end(): void {
    if (!this.live) return;
    this.live = false;
    this.close();
    this.trim();
    this.wake(true);
  }

  /** The media playlist, once the request's directives are met (or it has waited its most). */
  async playlist(req: PlaylistRequest = {}): Promise<string | Problem> {
    const refused = this.refuse(req);
    if (refused) return refused;
    const { msn, part } = req;
    if (msn === undefined) await this.hold(() => this.newest !== undefined);
    else if (part === undefined) await this.hold(() => this.closedThrough() >= msn);
    else await this.hold(() => this.reached(msn, part));
    return this.render(req.skip === true) ?? problem("service_unavailable", "the camera has sent no video yet");
  }

  /** A multivariant playlist whose one variant is the media playlist at `mediaUri`. */
  async multivariant(mediaUri: string): Promise<string | Problem> {
    await this.hold(() => this.newest !== undefined);
    const init = this.inits.get(this.run);
    if (this.newest === undefined || init === undefined) return problem("service_unavailable", "the camera has sent no video yet");
    const segments = this.open ? [...this.closed, this.open] : this.closed;
    const bandwidth = Math.max(1, ...segments.map((s) => (s.seconds > 0 ? Math.ceil((s.size * 8) / s.seconds) : 0)));
    return `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},CODECS="${init.codec}",RESOLUTION=${init.width}x${init.height}\n${mediaUri}\n`;
  }

  /** `init<run>.mp4`, while a kept segment or the current run needs it. */
  init(run: number): Buffer | undefined {
    return this.inits.get(run)?.bytes;
  }

  /** `seg<msn>.m4s`, once closed and while kept. */
  segment(msn: number): Buffer | undefined {
    const s = this.closed[msn - (this.closed[0]?.msn ?? 0)];
    if (s === undefined) return undefined;
    if (s.bytes === undefined) {
      const bytes = Buffer.concat(s.parts.map((p) => p.bytes));
      // The parts become views into it, so the window holds the segment's bytes once.
      let offset = 0;
      s.parts.forEach((p, i) => (s.parts[i] = { ...p, bytes: bytes.subarray(offset, (offset += p.bytes.length)) }));
      s.bytes = bytes;
    }
    return s.bytes;
  }

  /** `part<msn>.<index>.m4s`; the part to be written next (in this segment or the next one's first) is awaited. */
  async part(msn: number, index: number): Promise<Buffer | undefined> {
    const next = this.open ? [{ msn: this.open.msn, index: this.open.parts.length }, { msn: this.open.msn + 1, index: 0 }] : [{ msn: this.nextMsn, index: 0 }];
    if (this.findPart(msn, index) === undefined && next.some((p) => p.msn === msn && p.index === index)) {
      await this.hold(() => this.reached(msn, index));
    }
    return this.findPart(msn, index);
  }

  private findPart(msn: number, index: number): Buffer | undefined {
    const segment = this.open?.msn === msn ? this.open : this.closed[msn - (this.closed[0]?.msn ?? 0)];
    return segment?.parts[index]?.bytes;
  }

  /**
   * A new segment's EXT-X-PROGRAM-DATE-TIME: within a run, the previous segment's plus its
   * duration, so the dates agree with the durations (hls.js stalled at segment ends in about half
   * the page loads when arrival times jittered against them); `now` (when its first part began) at a run's start, and
   * again whenever that has run more than DATE_DRIFT_MS ahead of the media clock. A media
   * clock ahead of the wall clock is kept: that is a burst (an encoder catching up on a GOP it was
   * handed at once), and setting the date back to the wall clock would make it go back, which a
   * player takes as a jump in time.
   */
  private programDate(now: number): number {
    const last = this.closed.at(-1);
    if (last === undefined || last.run !== this.run) return now;
    const next = last.startedAt + last.seconds * 1000;
    return now - next > DATE_DRIFT_MS ? now : next;
  }

  /** A segment that must end at its next part, keyframe or not. */
  private full(s: Segment): boolean {
    return s.seconds >= MAX_SEGMENT_SECONDS || s.size >= this.maxBytes / 4 || s.parts.length >= MAX_PARTS;
  }

  private close(): void {
    const s = this.open;
    if (s === undefined) return;
    this.open = undefined;
    this.closed.push(s);
  }

  /** Drops the oldest segments past the window and the byte budget, and the init sections no one needs. */
  private trim(): void {
    const keep = this.closed.length - this.listedFrom() + KEEP_BEYOND_WINDOW;
    // The newest closed segment stays whatever its size: a full segment is a quarter of the budget.
    while (this.closed.length > keep || (this.closed.length > 1 && this.heldBytes() > this.maxBytes)) {
      if (this.closed.shift()?.discontinuity) this.discontinuitiesDropped++;
    }
    for (const run of this.inits.keys()) {
      if (run !== this.run && !this.closed.some((s) => s.run === run)) this.inits.delete(run);
    }
  }

  private heldBytes(): number {
    let bytes = this.open?.size ?? 0;
    for (const s of this.closed) bytes += s.size;
    for (const init of this.inits.values()) bytes += init.bytes.length;
    return bytes;
  }

  /** The index in `closed` of the first segment the playlist lists. */
  private listedFrom(): number {
    const window = Math.max(this.windowSeconds, 3 * this.targetDuration());
    let seconds = 0;
    let from = this.closed.length;
    while (from > 0 && seconds < window) seconds += this.closed[--from]?.seconds ?? 0;
    return from;
  }

  /** EXT-X-TARGETDURATION: every segment kept, rounded, fits in it (RFC 8216 4.3.3.1). */
  private targetDuration(): number {
    let target = Math.ceil(this.segmentSeconds);
    for (const s of this.closed) target = Math.max(target, Math.round(s.seconds));
    return Math.max(target, Math.round(this.open?.seconds ?? 0));
  }

  /** PART-TARGET: at least the nominal part, and every part kept fits in it, to the millisecond. */
  private partTarget(): number {
    let longest = this.partSeconds;
    for (const s of this.open ? [...this.closed, this.open] : this.closed) for (const p of s.parts) longest = Math.max(longest, p.seconds);
    return Math.ceil(longest * 1000 - 1e-6) / 1000;
  }

  private closedThrough(): number {
    return (this.open?.msn ?? this.nextMsn) - 1;
  }

  /** The part at (msn, index) exists, or one after it does (RFC 8216bis 6.2.5.2: an index past a segment's last part means the next segment's first). */
  private reached(msn: number, index: number): boolean {
    const n = this.newest;
    return n !== undefined && (n.msn > msn || (n.msn === msn && n.index >= index));
  }

  /** RFC 8216bis 6.2.5.2: a `_HLS_part` without `_HLS_msn`, or one too far past the live edge, is a 400. */
  private refuse({ msn, part }: PlaylistRequest): Problem | undefined {
    const valid = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 0);
    if (!valid(msn) || !valid(part)) return problem("bad_request", "_HLS_msn and _HLS_part are whole numbers");
    if (msn === undefined) return part === undefined ? undefined : problem("bad_request", "_HLS_part needs _HLS_msn");
    if (msn > this.closedThrough() + 2) return problem("bad_request", `_HLS_msn ${msn} is more than two segments past the live edge`);
    const partTarget = this.partTarget();
    const advanceLimit = partTarget < 1 ? Math.floor(3 / partTarget + 1e-6) : 3;
    const ahead = part === undefined ? 0 : this.newest?.msn === msn ? part - this.newest.index : part + 1;
    return ahead > advanceLimit ? problem("bad_request", `_HLS_part ${part} is more than ${advanceLimit} parts past the live edge`) : undefined;
  }

  /** Resolves once `ready` holds, the source ends, or three target durations have passed. */
  private hold(ready: () => boolean): Promise<void> {
    if (ready() || this.held.size >= MAX_HELD_REQUESTS) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => request.answer(), HOLD_TARGETS * this.targetDuration() * 1000).unref();
      const request: HeldRequest = {
        ready,
        answer: () => {
          clearTimeout(timer);
          this.held.delete(request);
          resolve();
        },
      };
      this.held.add(request);
    });
  }

  private wake(all: boolean): void {
    for (const request of [...this.held]) if (all || request.ready()) request.answer();
  }

  /** The next part: where the current segment goes on, unless it is full or a steady GOP is due to cut it. */
  private hint(): Position {
    const open = this.open;
    if (open === undefined) return { msn: this.nextMsn, index: 0 };
    const previous = this.closed.at(-1);
    const last = open.parts.at(-1)?.seconds ?? 0;
    const due = open.seconds >= this.segmentSeconds && previous?.run === open.run && open.seconds + last / 2 >= previous.seconds;
    return this.full(open) || due ? { msn: open.msn + 1, index: 0 } : { msn: open.msn, index: open.parts.length };
  }

  /** The media playlist; undefined while there is no segment to list. */
  private render(skip: boolean): string | undefined {
    const target = this.targetDuration();
    const partTarget = this.partTarget();
    const from = this.listedFrom();
    const listed = this.closed.slice(from);
    const shown = this.open ? [...listed, this.open] : listed;
    const first = shown[0];
    if (first === undefined) return undefined;
    let discontinuities = this.discontinuitiesDropped;
    for (const s of this.closed.slice(0, from)) if (s.discontinuity) discontinuities++;
    const lines = [
      "#EXTM3U",
      "#EXT-X-VERSION:9",
      `#EXT-X-TARGETDURATION:${target}`,
      `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${SKIP_TARGETS * target}.0,PART-HOLD-BACK=${(3 * partTarget).toFixed(3)}`,
      `#EXT-X-PART-INF:PART-TARGET=${partTarget.toFixed(3)}`,
      `#EXT-X-MEDIA-SEQUENCE:${first.msn}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuities}`,
    ];
    // Seconds from each segment's end to the playlist's end decide what is skipped and what lists parts.
    let after = shown.reduce((sum, s) => sum + s.seconds, 0);
    let skipped = 0;
    let mapped: number | undefined;
    for (const s of shown) {
      after -= s.seconds;
      // `after` only falls, so the skipped segments are the oldest ones, in a row.
      if (skip && mapped === undefined && s !== this.open && after > SKIP_TARGETS * target) {
        skipped++;
        continue;
      }
      if (skipped > 0 && mapped === undefined) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);
      if (s.discontinuity) lines.push("#EXT-X-DISCONTINUITY");
      if (s.run !== mapped) lines.push(`#EXT-X-MAP:URI="${initName(s.run)}"`);
      mapped = s.run;
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startedAt).toISOString()}`);
      if (after <= PART_TARGETS * target) {
        s.parts.forEach((p, i) => lines.push(`#EXT-X-PART:DURATION=${p.seconds.toFixed(3)},URI="${partName(s.msn, i)}"${p.independent ? ",INDEPENDENT=YES" : ""}`));
      }
      if (s !== this.open) lines.push(`#EXTINF:${s.seconds.toFixed(3)},`, `seg${s.msn}.m4s`);
    }
    const hint = this.hint();
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${partName(hint.msn, hint.index)}"`);
    return `${lines.join("\n")}\n`;
  }
}
