import type { CameraWatcher, PulledCameras } from "../ingest/pulled.ts";
import type { Fragment, InitSection } from "../pull/fmp4.ts";

/** A tail entry ends at the first keyframe this long after it began: the ring's files are a second or a GOP. */
const ENTRY_SECONDS = 1;
/** An entry is cut anyway past this, keyframe or not (a camera whose GOP is longer). */
const MAX_ENTRY_SECONDS = 10;
/**
 * How much of the tail keeps its bytes: a player that follows the rewind plays the tail from the
 * moment it reaches the stored segments' end, which is at most a segment (600 s) after the tail
 * began, so a quarter of an hour covers it with room to spare.
 */
const KEEP_SECONDS = 15 * 60;
/** Every byte one tail holds: 15 minutes of a 1 Mb/s camera; a faster one keeps less. */
const MAX_BYTES = 128 * 1024 * 1024;
/** Entries one tail lists at most (an hour of 1 s entries): past it the tail begins again, so the playlist stays small enough to reload every second. */
const MAX_ENTRIES = 3600;
/** How long a tail is kept after its last request: a player reloads the playlist every second or so near live. */
const LINGER_MS = 60_000;
/** Completed ring files the tail starts with (the ring keeps six): the seconds just before the first request. */
const BACKFILL = 6;

/** One entry of a tail: a keyframe and what follows it, on the tail's continuous clock within a run. */
export interface TailEntry {
  readonly seq: number;
  readonly run: number;
  /** The camera reconnected just before it: a new init section, a new clock. */
  readonly discontinuity: boolean;
  /** Wall clock (ms) its first fragment began at. */
  readonly at: number;
  seconds: number;
  ticks: number;
  size: number;
  parts: Buffer[];
  /** Its bytes once closed; dropped past KEEP_SECONDS or MAX_BYTES (it is still listed, and then a 404). */
  bytes: Buffer | undefined;
}

/**
 * The live video of one pulled camera since a rewind playlist first asked for it (issue 34;
 * docs/timeline.md#rewind), in entries of a keyframe each: what the playlist lists after the
 * stored segments, so playback runs into live. Entries keep their numbers for the tail's life,
 * since an EVENT playlist only ever grows; `handoff` (where the stored segments end and the tail
 * takes over) is fixed once it is known, for the same reason.
 */
export class DvrTail {
  readonly entries: TailEntry[] = [];
  private readonly inits = new Map<number, InitSection>();
  private run = -1;
  private live = false;
  private open: TailEntry | undefined;
  private discontinuityDue = false;
  private held = 0;
  /** The wall clock (ISO) at which the stored segments end and the tail is listed from, once known. */
  handoff: string | undefined;
  askedAt = Date.now();
  readonly createdAt = Date.now();

  started(init: InitSection): void {
    this.ended();
    this.run += 1;
    this.inits.set(this.run, init);
    this.discontinuityDue = this.entries.length > 0 || this.open !== undefined;
    this.live = true;
  }

  fragment(f: Fragment, at: number): void {
    const init = this.inits.get(this.run);
    if (!this.live || init === undefined) return;
    let open = this.open;
    if (open === undefined || open.seconds >= MAX_ENTRY_SECONDS || (f.independent && open.seconds >= ENTRY_SECONDS)) {
      this.close();
      // A tail starts at a keyframe: what comes before the first is of no use to a decoder.
      if (this.entries.length === 0 && !f.independent) return;
      open = { seq: this.entries.length, run: this.run, discontinuity: this.discontinuityDue, at, seconds: 0, ticks: 0, size: 0, parts: [], bytes: undefined };
      this.open = open;
      this.discontinuityDue = false;
    }
    open.parts.push(f.bytes);
    open.ticks += f.duration;
    open.seconds = open.ticks / init.timescale;
    open.size += f.bytes.length;
  }

  ended(): void {
    this.live = false;
    this.close();
  }

  /** Wall clock (ms) of the first entry, once there is one. */
  get startedAt(): number | undefined {
    return (this.entries[0] ?? this.open)?.at;
  }

  /** Whether it has listed as much as it may: the next request begins a new one. */
  get full(): boolean {
    return this.entries.length >= MAX_ENTRIES;
  }

  init(run: number): Buffer | undefined {
    return this.inits.get(run)?.bytes;
  }

  entry(seq: number): Buffer | undefined {
    return this.entries[seq]?.bytes;
  }

  private close(): void {
    const e = this.open;
    this.open = undefined;
    if (e === undefined || e.seconds === 0) return;
    e.bytes = Buffer.concat(e.parts);
    e.parts = [];
    this.entries.push(e);
    this.held += e.size;
    // The oldest entries let their bytes go first; the newest always keeps its own.
    const edge = e.at - KEEP_SECONDS * 1000;
    for (const old of this.entries) {
      if (old === e || (this.held <= MAX_BYTES && old.at >= edge)) break;
      if (old.bytes === undefined) continue;
      old.bytes = undefined;
      this.held -= old.size;
    }
  }
}

const keyOf = (app: string, room: string): string => `${app}\u0000${room}`;

/** The rewind tails of the cameras pulled on this node: one a room, made by the first rewind request, gone LINGER_MS after the last or when the camera goes. */
export class DvrTails implements CameraWatcher {
  private readonly tails = new Map<string, { tail: DvrTail; unsubscribe: () => void }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly source: Pick<PulledCameras, "watch" | "pulledHere" | "subscribe">) {
    source.watch(this);
    this.sweeper = setInterval(() => this.sweep(), 5000).unref();
  }

  pulled(): void {}

  gone(app: string, room: string): void {
    this.drop(keyOf(app, room));
  }

  /** The room's tail while its camera is pulled here, made when there is none (`make`); a request keeps it. */
  of(app: string, room: string, make: boolean): DvrTail | undefined {
    if (!this.source.pulledHere(app, room)) return undefined;
    const key = keyOf(app, room);
    let held = this.tails.get(key);
    if (held?.tail.full && make) {
      this.drop(key);
      held = undefined;
    }
    if (!held && make) {
      const tail = new DvrTail();
      const unsubscribe = this.source.subscribe(app, room, { started: (init) => tail.started(init), fragment: (f, at) => tail.fragment(f, at), ended: () => tail.ended() }, { backfill: BACKFILL });
      held = { tail, unsubscribe };
      this.tails.set(key, held);
    }
    if (held) held.tail.askedAt = Date.now();
    return held?.tail;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const key of [...this.tails.keys()]) this.drop(key);
  }

  private sweep(): void {
    for (const [key, { tail }] of this.tails) if (Date.now() - tail.askedAt > LINGER_MS) this.drop(key);
  }

  private drop(key: string): void {
    const held = this.tails.get(key);
    if (!held) return;
    this.tails.delete(key);
    held.unsubscribe();
    held.tail.ended();
  }
}
