import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { Counter, type Registry } from "prom-client";
import type { AppService } from "../apps/service.ts";
import type { AppRef } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { urlInputOptions } from "../lib/url-input.ts";
import type { ThumbnailEntry, ThumbnailsQuery } from "./schemas.ts";
import { ffmpeg, segmentInput, type SegmentReader } from "./segment-input.ts";
import { LONGEST_SEGMENT_MS } from "./service.ts";
import { timelineStore, type SegmentRow } from "./store.ts";

/** The most bytes of pictures one app's cache holds on a node; past it, the least recently read go. */
const CACHE_BYTES_PER_APP = 32 * 1024 * 1024;
/** How often each node deletes its cached pictures of segments retention has pruned. */
const PRUNE_EVERY_MS = 60_000;
/** Decodes at once on a node, and waiting for one: past that a request is told to come back. */
const DECODES = 2;
const WAITING = 64;
const DECODE_TIMEOUT_MS = 30_000;
/** The pictures' width; the height keeps the camera's aspect (even, as JPEG's 4:2:0 wants). */
const WIDTH = 320;

const iso = (ms: number) => new Date(ms).toISOString();

export const thumbnailPath = (app: string, room: string, at: string) => `/api/v1/apps/${encodeURIComponent(app)}/cameras/${encodeURIComponent(room)}/thumbnails/${at}`;

/** A picture answered: from the cache, or decoded now. */
export interface Picture {
  readonly body: Buffer;
  readonly cached: boolean;
}

export interface ThumbnailsOptions {
  readonly databases: Databases;
  readonly apps: Pick<AppService, "roomOf">;
  readonly reader: SegmentReader;
  readonly dataDir: string;
  readonly registry: Registry;
  readonly logger: Logger;
}

/** One app's cache on this node: its files by name, least recently read first, and their bytes. */
interface AppCache {
  readonly files: Map<string, number>;
  bytes: number;
}

/**
 * The timeline's pictures (issue 34; docs/timeline.md#thumbnails): one per step of a range from
 * the segment covering it, each decoded once by ffmpeg (a seek, one frame, 320 px wide) and kept
 * on this node's disk under the app's `timeline/thumbnails/`, named by segment and whole second
 * into it, so a repeat is a file read. The cache is bounded per app (least recently read out),
 * and a sweep deletes the pictures of segments retention has pruned.
 */
export class TimelineThumbnails {
  private readonly caches = new Map<string, Promise<AppCache>>();
  private readonly decoding = new Map<string, Promise<Buffer>>();
  private readonly queue: Array<() => void> = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly served: Counter<"result">;
  private readonly log: Logger;

  constructor(private readonly o: ThumbnailsOptions) {
    this.log = o.logger.child({ component: "timeline-thumbnails" });
    this.served = new Counter({ name: "service_timeline_thumbnails_total", help: "Camera timeline thumbnails answered on this node, by result (hit: from its cache, miss: decoded, failed)", labelNames: ["result"], registers: [o.registry] });
    for (const result of ["hit", "miss", "failed"]) this.served.inc({ result }, 0);
  }

  start(): void {
    this.timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  forgetApp(app: string): void {
    this.caches.delete(app);
  }

  /**
   * The steps of [since, until) a segment covers, each with the segment and its picture's URL.
   * Steps are the multiples of `every` since the epoch; a step in a gap is left out. One query
   * finds the segment covering a step (or the next one after a gap), whose steps all follow.
   */
  async list(app: AppRef, requested: string, q: ThumbnailsQuery): Promise<ThumbnailEntry[] | Problem> {
    const room = this.o.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    const store = timelineStore(this.o.databases.appSql(app.name));
    const every = q.every * 1000;
    const until = Date.parse(q.until);
    const entries: ThumbnailEntry[] = [];
    let t = Math.ceil(Date.parse(q.since) / every) * every;
    while (t < until) {
      const row = await store.endingAfter(room, iso(t), LONGEST_SEGMENT_MS);
      if (!row || Date.parse(row.started_at) >= until) break;
      const start = Date.parse(row.started_at);
      // A gap: on to the first step in the next segment.
      if (start > t) t = Math.ceil(start / every) * every;
      for (const end = Date.parse(row.ended_at); t < end && t < until; t += every) {
        entries.push({ at: iso(t), segmentId: row.id, url: thumbnailPath(app.name, room, iso(t)) });
      }
    }
    return entries;
  }

  /**
   * The picture at `at`: the frame at the whole second of the segment covering it at or before
   * `at`. A segment only on another node's disk is that node's to answer (`node`).
   */
  async picture(app: AppRef, requested: string, at: string): Promise<Picture | { node: string } | Problem> {
    const room = this.o.apps.roomOf(app, requested);
    if (typeof room !== "string") return room;
    const instant = new Date(at).toISOString();
    const row = await timelineStore(this.o.databases.appSql(app.name)).endingAfter(room, instant, LONGEST_SEGMENT_MS);
    if (!row || row.started_at > instant) return problem("not_found", `nothing of this room was recorded at ${instant}; the thumbnails list names the steps that have a picture`);
    if (row.object_key === null && !this.o.reader.here(row.node)) return { node: row.node };
    const offset = Math.floor((Date.parse(instant) - Date.parse(row.started_at)) / 1000);
    const name = `${row.id}-${offset}.jpg`;
    const cache = await this.cacheOf(app.name);
    const hit = await this.read(app.name, cache, name);
    if (hit) {
      this.served.inc({ result: "hit" });
      return { body: hit, cached: true };
    }
    const key = `${app.name}/${name}`;
    let decode = this.decoding.get(key);
    if (!decode) {
      if (this.queue.length >= WAITING) return problem("service_unavailable", "this node is decoding as many thumbnails as it takes; retry in a moment", { headers: { "retry-after": "2" } });
      decode = this.decode(app.name, cache, row, offset, name).finally(() => this.decoding.delete(key));
      this.decoding.set(key, decode);
    }
    try {
      const body = await decode;
      this.served.inc({ result: "miss" });
      return { body, cached: false };
    } catch (err) {
      this.served.inc({ result: "failed" });
      if (isProblem(err)) return err;
      this.log.warn({ app: app.name, segment: row.id, offset, err: (err as Error).message }, "a timeline thumbnail could not be decoded");
      return problem("service_unavailable", `segment ${row.id}'s picture at ${offset} s could not be decoded (${(err as Error).message}); retry in a moment`, { headers: { "retry-after": "5" } });
    }
  }

  private dir(app: string): string {
    return path.join(this.o.dataDir, "apps", app, "timeline", "thumbnails");
  }

  /** The app's cache as its folder holds it, read once per process (oldest written first). */
  private cacheOf(app: string): Promise<AppCache> {
    let cache = this.caches.get(app);
    if (!cache) {
      cache = (async () => {
        const dir = this.dir(app);
        const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".jpg"));
        const found = await Promise.all(names.map(async (n) => ({ n, s: await stat(path.join(dir, n)).catch(() => undefined) })));
        const files = new Map<string, number>();
        let bytes = 0;
        for (const { n, s } of found.filter((f) => f.s !== undefined).sort((a, b) => (a.s?.mtimeMs ?? 0) - (b.s?.mtimeMs ?? 0))) {
          files.set(n, s?.size ?? 0);
          bytes += s?.size ?? 0;
        }
        return { files, bytes };
      })();
      this.caches.set(app, cache);
    }
    return cache;
  }

  private async read(app: string, cache: AppCache, name: string): Promise<Buffer | undefined> {
    const bytes = cache.files.get(name);
    if (bytes === undefined) return undefined;
    const body = await readFile(path.join(this.dir(app), name)).catch(() => undefined);
    cache.files.delete(name);
    if (!body) {
      cache.bytes -= bytes;
      return undefined;
    }
    // Read now: the last to go.
    cache.files.set(name, bytes);
    return body;
  }

  /** One frame decoded into the cache (a temp name, then renamed), then the oldest out past the cap. */
  private async decode(app: string, cache: AppCache, row: SegmentRow, offset: number, name: string): Promise<Buffer> {
    const input = await segmentInput(this.o.reader, app, row);
    if (isProblem(input)) throw input;
    const dir = this.dir(app);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
    await this.slot();
    try {
      await ffmpeg(["-v", "error", ...urlInputOptions(input), "-ss", String(offset), "-i", input, "-frames:v", "1", "-vf", `scale=${WIDTH}:-2`, "-q:v", "4", "-f", "image2", "-y", temp], { timeoutMs: DECODE_TIMEOUT_MS });
      const body = await readFile(temp).catch(() => undefined);
      if (!body || body.length === 0) throw new Error(`ffmpeg found no frame ${offset} s into the segment`);
      await rename(temp, file);
      cache.files.set(name, body.length);
      cache.bytes += body.length;
      await this.evict(app, cache);
      return body;
    } finally {
      await rm(temp, { force: true });
      this.release();
    }
  }

  private async evict(app: string, cache: AppCache): Promise<void> {
    for (const [name, bytes] of cache.files) {
      if (cache.bytes <= CACHE_BYTES_PER_APP) break;
      cache.files.delete(name);
      cache.bytes -= bytes;
      await rm(path.join(this.dir(app), name), { force: true });
    }
  }

  /** Each app's cached pictures of segments that are no rows any more go (retention pruned them, on whichever node). */
  private async prune(): Promise<void> {
    for (const [app, pending] of this.caches) {
      try {
        const cache = await pending;
        const ids = [...new Set([...cache.files.keys()].map((n) => Number(n.split("-")[0])))];
        if (ids.length === 0) continue;
        const kept = await timelineStore(this.o.databases.appSql(app)).existing(ids);
        for (const [name, bytes] of cache.files) {
          if (kept.has(Number(name.split("-")[0]))) continue;
          cache.files.delete(name);
          cache.bytes -= bytes;
          await rm(path.join(this.dir(app), name), { force: true });
        }
      } catch (err) {
        this.log.warn({ app, err: (err as Error).message }, "pruned segments' thumbnails could not be deleted; the next sweep tries again");
      }
    }
  }

  private async slot(): Promise<void> {
    if (this.running < DECODES) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  /** The slot passes to the next in line, or is freed. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
