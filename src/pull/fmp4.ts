/**
 * An incremental reader of the fragmented MP4 (ISO-BMFF) a pull's ffmpeg writes to its stdout
 * (issue 33), for the Low-Latency HLS packager (llhls.ts).
 *
 * ```ts
 * const reader = new Fmp4Reader();
 * ffmpeg.stdout.on("data", (chunk: Buffer) => {
 *   for (const item of reader.push(chunk)) {
 *     if (item.kind === "init") packager.start(item);
 *     else if (item.kind === "fragment") packager.append(item);
 *     else stopThePull(item.message); // the reader reads nothing more
 *   }
 * });
 * ```
 *
 * Chunks may split boxes anywhere. The stream must be `ftyp`, `moov` (one video track: H.264 or
 * H.265), then `moof`+`mdat` pairs; `free`, `skip`, `wide`, `styp`, `sidx`, `prft`, `emsg` and the
 * `mfra` ffmpeg writes last are passed over. Anything else, a box over `maxBoxBytes`, or a box that
 * does not parse is one `Fmp4Error` value: the reader then drops what it buffered and ignores
 * every later chunk, so a source sending garbage costs a bounded buffer (one box at most, or a `moof`
 * and its `mdat`) and never a throw.
 */

/** The parts' nominal length: ffmpeg cuts a fragment once it holds this much, and at every keyframe. */
export const FMP4_PART_SECONDS = 0.2;

/**
 * ffmpeg's output arguments for the stream this reader reads, after `-c copy`: an empty moov
 * (the init section is written before any sample), one moof+mdat per 200 ms or keyframe, each
 * fragment's offsets relative to its moof (so a part stands alone), written to stdout the moment
 * it is complete. ffmpeg can only close a fragment when the next frame arrives, so a part is
 * available one frame after its end.
 */
export const FMP4_OUTPUT: readonly string[] = [
  "-f", "mp4",
  "-movflags", "+frag_keyframe+empty_moov+default_base_moof",
  "-frag_duration", String(FMP4_PART_SECONDS * 1_000_000),
  "-flush_packets", "1",
  "pipe:1",
];

/** The largest box read: a 16 MiB `mdat` is several seconds of a 4K camera between keyframes. */
export const MAX_BOX_BYTES = 16 * 1024 * 1024;

/** The track's set-up: what a player is given first (EXT-X-MAP), and what the playlists say of it. */
export interface InitSection {
  readonly kind: "init";
  /** `ftyp` and `moov`, as received. */
  readonly bytes: Buffer;
  /** RFC 6381 codec string for CODECS: `avc1.64001f`, `hvc1.1.6.L93.B0`. */
  readonly codec: string;
  /** Coded size, from the sample entry. */
  readonly width: number;
  readonly height: number;
  /** Ticks per second of the track's media time (`mdhd`). */
  readonly timescale: number;
}

/** One `moof`+`mdat`: an LL-HLS part. */
export interface Fragment {
  readonly kind: "fragment";
  /** `moof` and `mdat`, as received. */
  readonly bytes: Buffer;
  /** `tfdt`'s base media decode time, in timescale ticks. */
  readonly decodeTime: number;
  /** How many samples (frames) it holds. */
  readonly samples: number;
  /** The sum of its samples' durations, in timescale ticks. */
  readonly duration: number;
  /** Its first sample is a sync sample: decoding can start here. */
  readonly independent: boolean;
}

/** Why the stream cannot be read: the reader stops at the first one. */
export interface Fmp4Error {
  readonly kind: "error";
  readonly message: string;
}

export type Fmp4Item = InitSection | Fragment | Fmp4Error;

/** Top-level boxes with nothing the packager needs. */
const PASSED_OVER = new Set(["free", "skip", "wide", "styp", "sidx", "prft", "emsg", "mfra"]);
const FOURCC = /^[A-Za-z0-9 ]{4}$/;
/** ISO/IEC 14496-12 sample flags: sample_is_non_sync_sample. */
const NON_SYNC = 0x10000;
/** The video handler type, `vide`. */
const VIDE = 0x76696465;

/** What the moov says about the one track, kept to read its fragments. */
interface Track {
  readonly id: number;
  readonly defaultDuration: number;
  readonly defaultFlags: number;
}

/** One ffmpeg's stdout, read as it comes (see above); a new pull gets a new reader. */
export class Fmp4Reader {
  private readonly maxBoxBytes: number;
  private readonly views: boolean;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ftyp: Buffer | undefined;
  private track: Track | undefined;
  private failure: Fmp4Error | undefined;

  /**
   * `views`: a box that lies within one chunk is answered as a view of it, not a copy: for a
   * reader of a whole file in one buffer that it writes out before reusing (a recording), where a
   * copy per fragment was most of the cost. A reader whose fragments are kept must copy.
   */
  constructor(options: { readonly maxBoxBytes?: number; readonly views?: boolean } = {}) {
    this.maxBoxBytes = options.maxBoxBytes ?? MAX_BOX_BYTES;
    this.views = options.views ?? false;
  }

  /** The error that stopped the reader, if one did. */
  get failed(): Fmp4Error | undefined {
    return this.failure;
  }

  /** Takes the next bytes; answers the init section, fragments and at most one error they complete. */
  push(chunk: Buffer): Fmp4Item[] {
    if (this.failure) return [];
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const items: Fmp4Item[] = [];
    for (;;) {
      const next = this.next();
      if (next === undefined) break;
      if (typeof next === "string") {
        this.failure = { kind: "error", message: next };
        this.chunks = [];
        this.buffered = 0;
        items.push(this.failure);
        break;
      }
      if (next) items.push(next);
    }
    return items;
  }

  /**
   * The next whole box's meaning (null for one passed over), undefined until it is all buffered,
   * or why the stream cannot be read. A moof is taken with the mdat after it, in one copy: a
   * fragment is the one buffer a part is served from.
   */
  private next(): Fmp4Item | null | string | undefined {
    const head = this.header(0);
    if (head === undefined || typeof head === "string") return head;
    if (head.type !== "moof" || this.track === undefined) {
      if (this.buffered < head.size) return undefined;
      return this.box(head.type, this.take(head.size)) ?? null;
    }
    const mdat = this.header(head.size);
    if (mdat === undefined || typeof mdat === "string") return mdat;
    if (mdat.type !== "mdat") return `expected mdat after moof, got ${mdat.type}`;
    if (this.buffered < head.size + mdat.size) return undefined;
    const track = this.track;
    const bytes = this.take(head.size + mdat.size);
    return parsed(() => fragment(track, bytes, head.size));
  }

  /** The type and size of the box at `offset` once its header is buffered, or why it cannot be read. */
  private header(offset: number): { type: string; size: number } | string | undefined {
    if (this.buffered < offset + 8) return undefined;
    const head = this.peek(offset, Math.min(16, this.buffered - offset));
    const type = head.toString("latin1", 4, 8);
    if (!FOURCC.test(type)) return `not an MP4 box (type bytes ${head.subarray(4, 8).toString("hex")})`;
    let size = head.readUInt32BE(0);
    if (size === 1) {
      if (head.length < 16) return undefined;
      const large = head.readBigUInt64BE(8);
      if (large > BigInt(this.maxBoxBytes)) return `a ${type} box of ${large} bytes is over the ${this.maxBoxBytes}-byte limit`;
      size = Number(large);
    }
    if (size === 0) return `a ${type} box that runs to the end of the stream cannot be read live`;
    if (size < 8) return `a ${type} box declares ${size} bytes, less than its header`;
    if (size > this.maxBoxBytes) return `a ${type} box of ${size} bytes is over the ${this.maxBoxBytes}-byte limit`;
    return { type, size };
  }

  /** What one whole top-level box (not a fragment's) means where it stands in the stream. */
  private box(type: string, box: Buffer): Fmp4Item | string | undefined {
    if (this.track === undefined) {
      if (this.ftyp === undefined) {
        if (type === "ftyp") this.ftyp = box;
        else if (!PASSED_OVER.has(type)) return `expected ftyp first, got ${type}`;
        return undefined;
      }
      if (type === "moov") return this.init(this.ftyp, box);
      return PASSED_OVER.has(type) ? undefined : `expected moov after ftyp, got ${type}`;
    }
    if (type === "mdat") return "an mdat without a moof before it";
    return PASSED_OVER.has(type) ? undefined : `unexpected ${type} box after the init section`;
  }

  private init(ftyp: Buffer, moov: Buffer): InitSection | string {
    // `take` answered a copy of its own (or, with `views`, the caller's buffer, lent to be read): naming it hvc1 changes no one else's bytes.
    const read = parsed(() => readMoov(moov));
    if (typeof read === "string") return read;
    this.track = read.track;
    return { kind: "init", bytes: Buffer.concat([ftyp, moov]), ...read.media };
  }

  /** `n` buffered bytes from `offset` (they are all there), copying only when they span chunks. */
  private peek(offset: number, n: number): Buffer {
    let skip = offset;
    let i = 0;
    while (i < this.chunks.length && skip >= (this.chunks[i] as Buffer).length) skip -= (this.chunks[i++] as Buffer).length;
    const first = this.chunks[i] as Buffer;
    if (first.length - skip >= n) return first.subarray(skip, skip + n);
    const spanned: Buffer[] = [first.subarray(skip)];
    for (let bytes = first.length - skip; bytes < n && ++i < this.chunks.length; ) {
      const chunk = this.chunks[i] as Buffer;
      spanned.push(chunk);
      bytes += chunk.length;
    }
    return Buffer.concat(spanned);
  }

  /**
   * Removes the first `n` buffered bytes (they are all there) and answers them in a buffer of
   * their own: copied once, so a retained box does not pin the chunks it arrived in. What is left
   * of the last chunk stays a view of it until the next box is taken.
   */
  private take(n: number): Buffer {
    const first = this.chunks[0] as Buffer;
    if (this.views && first.length >= n) {
      this.buffered -= n;
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const chunk = this.chunks[0] as Buffer;
      const used = Math.min(chunk.length, n - filled);
      chunk.copy(out, filled, 0, used);
      filled += used;
      if (used === chunk.length) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(used);
    }
    this.buffered -= n;
    return out;
  }
}

/** A box that does not parse; thrown by the bounds checks below and caught only by `parsed`. */
class Malformed extends Error {}

/** Runs a parse over received bytes, answering a malformed box as its message. */
function parsed<T>(parse: () => T): T | string {
  try {
    return parse();
  } catch (err) {
    if (err instanceof Malformed) return err.message;
    throw err;
  }
}

/** Bounds-checked big-endian reads over `buf[pos, end)`. */
class Cursor {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
    private readonly what: string,
  ) {}

  private at(n: number): number {
    if (this.pos + n > this.end) throw new Malformed(`${this.what} is truncated`);
    const at = this.pos;
    this.pos += n;
    return at;
  }
  skip(n: number): void {
    this.at(n);
  }
  u8(): number {
    return this.buf.readUInt8(this.at(1));
  }
  u16(): number {
    return this.buf.readUInt16BE(this.at(2));
  }
  u32(): number {
    return this.buf.readUInt32BE(this.at(4));
  }
  u64(): number {
    const value = this.buf.readBigUInt64BE(this.at(8));
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Malformed(`${this.what} holds a 64-bit value out of range`);
    return Number(value);
  }
}

/** A box found inside another: its type and its payload's bounds. */
interface Child {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

function children(buf: Buffer, start: number, end: number): Child[] {
  const found: Child[] = [];
  for (let pos = start; pos < end; ) {
    const c = new Cursor(buf, pos, end, "a box header");
    let size = c.u32();
    const type = buf.toString("latin1", c.pos, c.pos + 4);
    c.skip(4);
    if (size === 1) size = c.u64();
    else if (size === 0) size = end - pos;
    if (size < c.pos - pos || pos + size > end) throw new Malformed(`a ${type} box overruns its parent`);
    found.push({ type, start: c.pos, end: pos + size });
    pos += size;
  }
  return found;
}

function all(buf: Buffer, parent: Child, type: string): Child[] {
  return children(buf, parent.start, parent.end).filter((c) => c.type === type);
}

function one(buf: Buffer, parent: Child, path: string): Child {
  let box = parent;
  for (const type of path.split("/")) {
    const found = all(buf, box, type)[0];
    if (found === undefined) throw new Malformed(`no ${path} in ${parent.type}`);
    box = found;
  }
  return box;
}

/** A full box's flags (after its version byte). */
function fullBox(buf: Buffer, box: Child): { c: Cursor; version: number; flags: number } {
  const c = new Cursor(buf, box.start, box.end, box.type);
  const word = c.u32();
  return { c, version: word >>> 24, flags: word & 0xffffff };
}

/** A whole top-level box as a parent: its payload follows a 16-byte header where its size is 64-bit. */
function topLevel(box: Buffer, type: string): Child {
  return { type, start: box.readUInt32BE(0) === 1 ? 16 : 8, end: box.length };
}

const hex = (n: number) => n.toString(16).padStart(2, "0");

function readMoov(buf: Buffer): { track: Track; media: Omit<InitSection, "kind" | "bytes"> } {
  const moov = topLevel(buf, "moov");
  const traks = all(buf, moov, "trak");
  if (traks.length !== 1) throw new Malformed(`expected one video track, the moov has ${traks.length}`);
  const trak = traks[0] as Child;
  const handler = fullBox(buf, one(buf, trak, "mdia/hdlr")).c;
  handler.skip(4);
  if (handler.u32() !== VIDE) throw new Malformed("the track is not video");
  const tkhd = fullBox(buf, one(buf, trak, "tkhd"));
  tkhd.c.skip(tkhd.version === 1 ? 16 : 8);
  const id = tkhd.c.u32();
  const mdhd = fullBox(buf, one(buf, trak, "mdia/mdhd"));
  mdhd.c.skip(mdhd.version === 1 ? 16 : 8);
  const timescale = mdhd.c.u32();
  if (timescale === 0) throw new Malformed("the track's timescale is 0");
  const trex = all(buf, one(buf, moov, "mvex"), "trex").find((t) => new Cursor(buf, t.start + 4, t.end, "trex").u32() === id);
  if (trex === undefined) throw new Malformed(`no trex for track ${id}: not a fragmented MP4`);
  const defaults = fullBox(buf, trex).c;
  defaults.skip(8);
  const defaultDuration = defaults.u32();
  defaults.skip(4);
  const defaultFlags = defaults.u32();
  const stsd = one(buf, trak, "mdia/minf/stbl/stsd");
  const entry = children(buf, stsd.start + 8, stsd.end)[0];
  if (entry === undefined) throw new Malformed("the track has no sample entry");
  const visual = new Cursor(buf, entry.start, entry.end, entry.type);
  visual.skip(24);
  const width = visual.u16();
  const height = visual.u16();
  // The codec configuration follows the 78 bytes of VisualSampleEntry fields.
  const config: Child = { type: entry.type, start: entry.start + 78, end: entry.end };
  // A sample entry is never large enough for a 64-bit size: its type is the 4 bytes before its payload.
  if (entry.type === "hev1" && claimParameterSets(buf, one(buf, config, "hvcC"))) {
    buf.write("hvc1", entry.start - 4, "latin1");
    Object.assign(config, { type: "hvc1" });
  }
  return { track: { id, defaultDuration, defaultFlags }, media: { codec: codecString(buf, config), width, height, timescale } };
}

/** HEVC's parameter set NAL unit types: VPS, SPS, PPS. */
const HEVC_PARAMETER_SETS = [32, 33, 34];

/**
 * Whether an `hvcC` holds a VPS, an SPS and a PPS; if it does, each of their arrays is marked
 * complete (ISO/IEC 14496-15 8.3.3), in place, so the sample entry can be named `hvc1`. ffmpeg
 * copies an RTSP camera's H.265 as `hev1` (parameter sets may come in band only); Safari and
 * Apple's players take only `hvc1`, and a camera whose SDP carried its parameter sets gives
 * everything `hvc1` needs. The in-band copies a camera repeats before its keyframes stay, as
 * in what `ffmpeg -tag:v hvc1` writes, which those players play.
 */
function claimParameterSets(buf: Buffer, hvcC: Child): boolean {
  const c = new Cursor(buf, hvcC.start + 22, hvcC.end, "hvcC");
  const arrays: { at: number; type: number; count: number }[] = [];
  for (let n = c.u8(); n > 0; n--) {
    const at = c.pos;
    const type = c.u8() & 0x3f;
    const count = c.u16();
    for (let i = 0; i < count; i++) c.skip(c.u16());
    arrays.push({ at, type, count });
  }
  const sets = arrays.filter((a) => HEVC_PARAMETER_SETS.includes(a.type) && a.count > 0);
  if (!HEVC_PARAMETER_SETS.every((type) => sets.some((a) => a.type === type))) return false;
  for (const a of sets) buf.writeUInt8(buf.readUInt8(a.at) | 0x80, a.at);
  return true;
}

/** RFC 6381 / ISO/IEC 14496-15 Annex E codec strings from avcC or hvcC. */
function codecString(buf: Buffer, entry: Child): string {
  if (entry.type === "avc1" || entry.type === "avc3") {
    const c = new Cursor(buf, one(buf, entry, "avcC").start, entry.end, "avcC");
    c.skip(1);
    return `${entry.type}.${hex(c.u8())}${hex(c.u8())}${hex(c.u8())}`;
  }
  if (entry.type === "hvc1" || entry.type === "hev1") {
    const c = new Cursor(buf, one(buf, entry, "hvcC").start, entry.end, "hvcC");
    c.skip(1);
    const byte = c.u8();
    const compatibility = c.u32();
    const constraints = Array.from({ length: 6 }, () => c.u8());
    const level = c.u8();
    let reversed = 0;
    for (let bit = 0; bit < 32; bit++) if (compatibility & (1 << bit)) reversed |= 1 << (31 - bit);
    while (constraints.at(-1) === 0) constraints.pop();
    const space = ["", "A", "B", "C"][byte >> 6] ?? "";
    const tier = byte & 0x20 ? "H" : "L";
    const head = `${entry.type}.${space}${byte & 0x1f}.${(reversed >>> 0).toString(16).toUpperCase()}.${tier}${level}`;
    return [head, ...constraints.map((b) => hex(b).toUpperCase())].join(".");
  }
  throw new Malformed(`the track's video is ${entry.type}; only H.264 (avc1, avc3) and H.265 (hvc1, hev1) are read`);
}

/** A moof's timing and first sample, for the track the moov described; `bytes` is the moof and its mdat. */
function fragment(track: Track, bytes: Buffer, moofSize: number): Fragment {
  const moof = bytes.subarray(0, moofSize);
  const root = topLevel(moof, "moof");
  const trafs = all(moof, root, "traf");
  if (trafs.length === 0) throw new Malformed("a moof without traf");
  let decodeTime: number | undefined;
  let duration = 0;
  let samples = 0;
  let firstFlags: number | undefined;
  for (const traf of trafs) {
    const tfhd = fullBox(moof, one(moof, traf, "tfhd"));
    if (tfhd.c.u32() !== track.id) throw new Malformed("a traf for a track the moov does not have");
    if (tfhd.flags & 0x01) tfhd.c.skip(8);
    if (tfhd.flags & 0x02) tfhd.c.skip(4);
    const defaultDuration = tfhd.flags & 0x08 ? tfhd.c.u32() : track.defaultDuration;
    if (tfhd.flags & 0x10) tfhd.c.skip(4);
    const defaultFlags = tfhd.flags & 0x20 ? tfhd.c.u32() : track.defaultFlags;
    const tfdt = fullBox(moof, one(moof, traf, "tfdt"));
    decodeTime ??= tfdt.version === 1 ? tfdt.c.u64() : tfdt.c.u32();
    for (const box of all(moof, traf, "trun")) {
      const { c, flags } = fullBox(moof, box);
      const count = c.u32();
      if (flags & 0x01) c.skip(4);
      const first = flags & 0x04 ? c.u32() : undefined;
      const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      if (count * fields * 4 > c.end - c.pos) throw new Malformed(`a trun of ${count} samples is truncated`);
      for (let i = 0; i < count; i++) {
        const sampleDuration = flags & 0x100 ? c.u32() : defaultDuration;
        if (flags & 0x200) c.skip(4);
        const sampleFlags = flags & 0x400 ? c.u32() : defaultFlags;
        if (flags & 0x800) c.skip(4);
        duration += sampleDuration;
        samples++;
        if (firstFlags === undefined) firstFlags = i === 0 && first !== undefined ? first : sampleFlags;
      }
    }
  }
  if (firstFlags === undefined || decodeTime === undefined) throw new Malformed("a fragment without samples");
  return { kind: "fragment", bytes, decodeTime, duration, samples, independent: (firstFlags & NON_SYNC) === 0 };
}

/**
 * The fragment with its decode time (every traf's `tfdt`) set to `decodeTime`, written into its
 * own moof: a fragment is a buffer of its own (the reader copied it, or it is a view of a buffer
 * its reader was lent), so nothing else sees the change. ffmpeg's segment muxer starts each file's clock at 0; a reader of consecutive files
 * (segment-follower.ts, a recording) sets each fragment where the one before it ended, so what it
 * hands on runs on one clock. A time past a 32-bit `tfdt` wraps (a 90 kHz clock does after 13 h).
 */
export function withDecodeTime(fragment: Fragment, decodeTime: number): Fragment {
  const bytes = fragment.bytes;
  const size = bytes.readUInt32BE(0);
  const moof = bytes.subarray(0, size === 1 ? Number(bytes.readBigUInt64BE(8)) : size);
  // The reader checked this moof's boxes when it made the fragment.
  for (const traf of all(moof, topLevel(moof, "moof"), "traf")) {
    const tfdt = one(moof, traf, "tfdt");
    const at = tfdt.start + 4;
    const own = moof.readUInt8(tfdt.start) === 1 ? Number(moof.readBigUInt64BE(at)) : moof.readUInt32BE(at);
    const moved = Math.max(0, own - fragment.decodeTime + decodeTime);
    if (moof.readUInt8(tfdt.start) === 1) moof.writeBigUInt64BE(BigInt(moved), at);
    else moof.writeUInt32BE(moved % 2 ** 32, at);
  }
  return { ...fragment, decodeTime };
}
