import { existsSync, mkdirSync, readdirSync, rmSync, statSync, watch, type FSWatcher } from "node:fs";
import { mkdtemp, readFile, rm, unlink } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { FMP4_PART_SECONDS, Fmp4Reader, type Fmp4Error, type Fragment, type InitSection } from "./fmp4.ts";

/**
 * The ring's files: ffmpeg cuts one at the first keyframe a second or more after the last, so a
 * camera with a 1 s GOP gets 1 s files, one with a 4 s GOP 4 s files. Short files keep what
 * a recording's start and stop snap to within a GOP, as a copy of the stream would.
 */
export const RING_SEGMENT_SECONDS = 1;
/** Completed files kept beyond those a reader still needs: an LL-HLS window's back-fill, a snapshot. */
const KEEP_COMPLETED = 6;
/** How often the first file is looked at while a pull goes live (its init section is written first). */
const INIT_POLL_MS = 50;
/** What a reader is told while no file changes, should a change go unnoticed (a watch that could not be set). */
const POLL_MS = 250;
/** A folder of rings untouched this long is no live process's: a live ring gets a file a second. */
const STALE_MS = 60_000;

/** Told of the ring's files: each one ffmpeg completes, and once the ring is closed (the pull ended). */
export interface RingListener {
  completed(index: number): void;
  ended(): void;
}

/** A reader's hold on the files from `index` on: the ring deletes none of them until it moves on or lets go. */
export interface RingHold {
  advance(index: number): void;
  release(): void;
}

/**
 * Where the rings live: tmpfs (`/dev/shm`) where there is one, since a ring is rewritten every
 * second and never needs the disk; each process has a folder named by its PID. A process that
 * died left its rings holding memory: a folder whose PID is not running here and in which nothing
 * changed for a minute is removed (a process in another PID namespace sharing `/dev/shm` may be
 * alive unseen, but its rings change every second), and this process's own folder starts empty
 * (a PID is reused: a container's service is PID 1 at every start). Called once, before the first ring.
 */
export function ringRoot(base = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir()): string {
  const parent = join(base, "service-core-rings");
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid || running(pid) || changedWithin(join(parent, name), STALE_MS)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
  const own = join(parent, String(process.pid));
  rmSync(own, { recursive: true, force: true });
  mkdirSync(own, { recursive: true });
  return own;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the folder or a ring in it changed within `ms` (a ring's folder changes with each file). */
function changedWithin(dir: string, ms: number): boolean {
  const since = Date.now() - ms;
  try {
    return [dir, ...readdirSync(dir).map((n) => join(dir, n))].some((p) => (statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? 0) > since);
  } catch {
    return false;
  }
}

/** The init section and first fragment of a file: a keyframe a decoder reads one picture from. */
function firstPicture(items: readonly ReturnType<Fmp4Reader["push"]>[number][]): Buffer | undefined {
  const init = items.find((i): i is InitSection => i.kind === "init");
  const first = items.find((i): i is Fragment => i.kind === "fragment");
  return init && first?.independent ? Buffer.concat([init.bytes, first.bytes]) : undefined;
}

/**
 * One connection's video as ffmpeg writes it (issue 33): a folder of short fragmented MP4 files
 * (`seg000000.mp4`, ...), each starting with a keyframe and its own init section, every fragment
 * flushed to the file as it is cut. ffmpeg names each file it completes on its stdout (`list`
 * reads that); nothing of the video passes through the service unless a reader takes it: a
 * live window (segment-follower.ts), a recording (copy-recorder.ts), a snapshot. So a camera
 * nobody watches costs ffmpeg's copy and no more. The newest completed files are kept and older
 * ones deleted, except those a reader holds; `close` ends it, and the folder goes once no reader
 * holds a file.
 */
export class SegmentRing {
  private completedCount = 0;
  /** Wall clock at which each file began: the first when its init section was seen, the next when the one before it completed. */
  private readonly began = new Map<number, number>();
  /** Where each completed file began and ended on the stream's clock, in seconds (ffmpeg's list says). */
  private readonly times = new Map<number, { start: number; end: number }>();
  private readonly listeners = new Set<RingListener>();
  private readonly holds = new Set<{ index: number }>();
  private readonly changed = new Set<() => void>();
  private watcher: FSWatcher | NodeJS.Timeout | undefined;
  private pruned = 0;
  private line = "";
  private closed = false;
  private removed = false;

  private constructor(readonly dir: string) {}

  /** A new, empty folder under `root`, named after `name` (an ingress ID). */
  static async open(root: string, name: string): Promise<SegmentRing> {
    return new SegmentRing(await mkdtemp(join(root, `${name}-`)));
  }

  /** ffmpeg's output arguments, after `-c copy`: the files, and their names on stdout as each completes. */
  output(): string[] {
    const mp4 = `movflags=+frag_keyframe+empty_moov+default_base_moof:frag_duration=${FMP4_PART_SECONDS * 1_000_000}:flush_packets=1`;
    return [
      "-f", "segment", "-segment_time", String(RING_SEGMENT_SECONDS), "-segment_format", "mp4", "-segment_format_options", mp4,
      "-segment_list", "pipe:1", "-segment_list_type", "csv",
      join(this.dir, "seg%06d.mp4"),
    ];
  }

  /** ffmpeg's stdout: a CSV line (`seg000003.mp4,3.000,4.000`) per file it completed. */
  list(chunk: Buffer): void {
    const lines = (this.line + chunk.toString("latin1")).split("\n");
    this.line = (lines.pop() ?? "").slice(-200);
    for (const l of lines) {
      const m = /seg(\d{6,})\.mp4,([\d.]+),([\d.]+)/.exec(l);
      if (!m) continue;
      const index = Number(m[1]);
      this.times.set(index, { start: Number(m[2]), end: Number(m[3]) });
      this.times.delete(index - KEEP_COMPLETED - 1);
      this.complete(index);
    }
  }

  /** The file ffmpeg writes now. */
  get current(): number {
    return this.completedCount;
  }

  /** The oldest file not deleted. */
  get oldest(): number {
    return this.pruned;
  }

  get ended(): boolean {
    return this.closed;
  }

  path(index: number): string {
    return join(this.dir, `seg${String(index).padStart(6, "0")}.mp4`);
  }

  isComplete(index: number): boolean {
    return index < this.completedCount;
  }

  /** When the file began, by the wall clock (close to its first frame's capture on loopback, a network's delay later elsewhere). */
  beganAt(index: number): number | undefined {
    return this.began.get(index);
  }

  /**
   * Where file `index` begins on the stream's clock, in seconds, once known: from ffmpeg's list,
   * which names a file's start and end when it completes (a file's start is the one before's end).
   * A reader places each file there, not where the last fragment before it ended: ffmpeg can only
   * guess a file's last frame's duration.
   */
  startTime(index: number): number | undefined {
    return this.times.get(index)?.start ?? this.times.get(index - 1)?.end;
  }

  /** The first file's init section once ffmpeg wrote it, or why there is none: it did not parse, or `timeoutMs` passed (undefined once the ring closed). */
  async firstInit(timeoutMs: number): Promise<InitSection | { error: string } | undefined> {
    for (const until = Date.now() + timeoutMs; !this.closed; await new Promise((r) => setTimeout(r, INIT_POLL_MS))) {
      const bytes = await readFile(this.path(0)).catch(() => undefined);
      const items = bytes ? new Fmp4Reader().push(bytes) : [];
      const init = items.find((i): i is InitSection => i.kind === "init");
      if (init) {
        this.began.set(0, Date.now());
        return init;
      }
      const failed = items.find((i): i is Fmp4Error => i.kind === "error");
      if (failed) return { error: `the pull's output could not be read: ${failed.message}` };
      if (Date.now() > until) return { error: `ffmpeg wrote no video within ${timeoutMs / 1000} s of describing the source` };
    }
    return undefined;
  }

  /** The newest keyframe with its init section: the first picture of the newest completed file (or of the one being written). */
  async keyframe(): Promise<Buffer | undefined> {
    for (const index of [this.completedCount - 1, this.completedCount]) {
      if (index < this.pruned) continue;
      const bytes = await readFile(this.path(index)).catch(() => undefined);
      const picture = bytes && firstPicture(new Fmp4Reader().push(bytes));
      if (picture) return picture;
    }
    return undefined;
  }

  /** Tells `listener` of each file completed from now on, and when the ring ends; answers how to stop. */
  listen(listener: RingListener): () => void {
    this.listeners.add(listener);
    if (this.closed) listener.ended();
    return () => this.listeners.delete(listener);
  }

  /** Holds the files from `index` on (see RingHold). */
  hold(index: number): RingHold {
    const held = { index };
    this.holds.add(held);
    return {
      advance: (next) => {
        held.index = next;
        this.prune();
      },
      release: () => {
        this.holds.delete(held);
        this.prune();
      },
    };
  }

  /** Calls `fn` whenever a file of the ring may have grown or appeared, until the answer is called. */
  onChange(fn: () => void): () => void {
    this.changed.add(fn);
    if (this.watcher === undefined && !this.removed) {
      try {
        this.watcher = watch(this.dir, { persistent: false }, () => this.notify());
        this.watcher.on("error", () => undefined);
      } catch {
        // Out of inotify watches, say: a reader polls instead.
        this.watcher = setInterval(() => this.notify(), POLL_MS).unref();
      }
    }
    return () => {
      this.changed.delete(fn);
      if (this.changed.size === 0) this.unwatch();
    };
  }

  /** Grows while video flows: the watchdog of the pull reads it (a camera's long GOP completes a file seldom, its file grows always). */
  progress(): number {
    const size = statSync(this.path(this.completedCount), { throwIfNoEntry: false })?.size ?? 0;
    return this.completedCount * 2 ** 32 + size;
  }

  /** The pull ended: listeners hear it; the folder goes once no reader holds a file. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const l of [...this.listeners]) l.ended();
    this.notify();
    this.prune();
  }

  private complete(index: number): void {
    if (index < this.completedCount) return;
    this.completedCount = index + 1;
    this.began.set(index + 1, Date.now());
    this.began.delete(index - KEEP_COMPLETED - 1);
    for (const l of [...this.listeners]) l.completed(index);
    this.notify();
    this.prune();
  }

  private notify(): void {
    for (const fn of [...this.changed]) fn();
  }

  private unwatch(): void {
    const w = this.watcher;
    this.watcher = undefined;
    if (w === undefined) return;
    if ("close" in w) w.close();
    else clearInterval(w);
  }

  /** Deletes what no one needs: files older than the kept ones and every hold; all of it once closed and unheld. */
  private prune(): void {
    if (this.removed) return;
    if (this.closed && this.holds.size === 0) {
      this.removed = true;
      this.unwatch();
      void rm(this.dir, { recursive: true, force: true });
      return;
    }
    const floor = Math.min(this.completedCount - KEEP_COMPLETED, ...[...this.holds].map((h) => h.index));
    for (; this.pruned < floor; this.pruned++) void unlink(this.path(this.pruned)).catch(() => undefined);
  }
}

/**
 * One clock over consecutive files of a ring, for a reader that joins them (a follower, a
 * recording): ffmpeg starts each file's decode times at 0. The first file read starts the clock
 * at 0; each later one goes where ffmpeg's list says it began, relative to the first such file,
 * and never before the last fragment ended (ffmpeg can only guess a file's last frame's
 * duration). The first file of a connection is placed by its fragments alone: the list starts it
 * at 0 whatever its first frame's time.
 */
export class RingClock {
  /** Where the next fragment starts, in ticks, once one was placed. */
  private next: number | undefined;
  /** The stream's time (seconds) at the clock's 0, once a listed file was placed. */
  private origin: number | undefined;

  constructor(private readonly ring: SegmentRing) {}

  /** What to add to the decode times of file `index`, whose first fragment's own time is `firstOwn`. */
  offset(index: number, timescale: number, firstOwn: number): number {
    const listed = index > 0 ? this.ring.startTime(index) : undefined;
    let at = this.next ?? 0;
    if (listed !== undefined && this.origin !== undefined) at = Math.max(at, Math.round((listed - this.origin) * timescale));
    if (listed !== undefined && this.origin === undefined) this.origin = listed - at / timescale;
    return at - firstOwn;
  }

  /** A fragment was placed ending at `end` ticks. */
  placed(end: number): void {
    this.next = end;
  }
}
