import { mkdirSync, rmSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { EgressStatus, type EgressInfo, type WebhookEvent } from "livekit-server-sdk";
import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import { egressEnded, type Egresses } from "../egress/service.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { isProblem } from "../lib/problem.ts";
import type { Uploader } from "../vods/uploader.ts";
import { publicObjectUrl } from "../vods/service.ts";
import { parsePlaylist, windowPlaylist, type Segment } from "../lib/hls-playlist.ts";

/** The playlist the egress writes (every segment), and the live window we publish beside it. */
const EGRESS_PLAYLIST = "egress.m3u8";
export const LIVE_PLAYLIST = "live.m3u8";
/** Segments are `seg_00000.ts`, `seg_00001.ts`… in the run's folder. */
const SEGMENT_PREFIX = "seg";
export const HLS_FILE = /^(live\.m3u8|seg_\d{5,9}\.ts)$/;
/** A run's folder: `<room>-<start as 20261125T024901135Z>`. */
export const RUN_NAME = /^[A-Za-z0-9._-]{1,120}-\d{8}T\d{9}Z$/;
/** Segments kept locally behind the window, for players that are a little late. */
const KEEP_BEHIND = 2;
/** `ParticipantInfo.Kind.EGRESS`: a recorder's tracks never start live HLS. */
const EGRESS_PARTICIPANT = 2;

/** One room's live HLS: its egress, its folder, and what has been shipped so far. */
interface Run {
  readonly app: string;
  readonly room: string;
  readonly egressId: string;
  /** `<room>-<start>`: the folder under the app's `hls/`, and the S3 key segment. */
  readonly name: string;
  readonly dir: string;
  readonly startedAt: string;
  readonly shipped: Segment[];
  /** Local segments deleted so far (the oldest ones, out of the window). */
  pruned: number;
  timer: NodeJS.Timeout | undefined;
  /** The shipping in progress; passes never overlap. */
  work: Promise<void>;
  finished: boolean;
}

/** What a stream's detail shows of its room's live HLS. */
export interface LiveHlsView {
  readonly playlistUrl: string;
  readonly egressId: string;
  readonly startedAt: string;
}

export interface LiveHlsOptions {
  readonly egresses: Egresses;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly uploader: Uploader;
  readonly events: EventDispatcher;
  readonly dataDir: string;
  /** The service's own public URL: the playlist is served there when S3 has no public URL. */
  readonly publicUrl: string;
  readonly logger: Logger;
}

/**
 * Live HLS for mass audiences (`transcoding.distribution: cdn`, the mass-audience-HLS preset): when
 * a room of such an app gets its first published track, a segmented-file egress writes HLS
 * segments into the app's `hls/<room>-<start>/` folder. Each completed segment is uploaded to S3
 * as it appears, with a sliding-window `live.m3u8` of `hls_window_segments` beside it; without
 * S3 the same files are served by the API. The run ends with its egress (the room closed).
 */
export class LiveHls {
  private readonly runs = new Map<string, Run>();
  private readonly starting = new Set<string>();
  private readonly log: Logger;

  constructor(private readonly o: LiveHlsOptions) {
    this.log = o.logger.child({ component: "live-hls" });
  }

  /** The media server's events: a published track starts a room's HLS, its egress's end ends it. */
  mediaEvent(event: WebhookEvent, app: string): void {
    if (event.event === "track_published" && event.room && event.participant?.kind !== EGRESS_PARTICIPANT) {
      void this.ensure(app, event.room.name);
    } else if (event.event === "egress_ended" && event.egressInfo) {
      const run = [...this.runs.values()].find((r) => r.app === app && r.egressId === event.egressInfo?.egressId);
      if (run) void this.finish(run, event.egressInfo);
    } else if (event.event === "room_finished" && event.room) {
      // The egress completes with its room; its own end event says so, this only makes sure.
      const run = this.runs.get(`${app}/${event.room.name}`);
      if (run) void this.o.egresses.stop(run.app, run.egressId);
    }
  }

  /** The room's live HLS, when it runs. */
  view(app: string, room: string): LiveHlsView | undefined {
    const run = this.runs.get(`${app}/${room}`);
    return run && { playlistUrl: this.playlistUrl(run), egressId: run.egressId, startedAt: run.startedAt };
  }

  /** A file of a run of the app (`live.m3u8` or a segment), for the API route; undefined when not there. */
  async file(app: string, name: string, file: string): Promise<Buffer | undefined> {
    if (!HLS_FILE.test(file) || !RUN_NAME.test(name)) return undefined;
    return readFile(path.join(this.appDir(app), name, file)).catch(() => undefined);
  }

  /** Starts the room's live HLS when the app asks for it and it does not run yet. */
  async ensure(app: string, room: string): Promise<void> {
    const config = this.o.configs.get(app);
    const key = `${app}/${room}`;
    if (config.transcoding.distribution !== "cdn" || this.runs.has(key) || this.starting.has(key)) return;
    this.starting.add(key);
    try {
      const startedAt = new Date().toISOString();
      const name = `${room}-${startedAt.replace(/[-:.]/g, "")}`;
      const dir = path.join(this.appDir(app), name);
      mkdirSync(dir, { recursive: true });
      const seconds = config.transcoding.hls_segment_seconds;
      const info = await this.o.egresses.start(
        app,
        room,
        { kind: "room-composite", layout: config.recording.layout },
        { segments: { prefix: path.join(dir, SEGMENT_PREFIX), playlist: EGRESS_PLAYLIST, seconds } },
      );
      if (isProblem(info)) {
        this.log.warn({ app, room, code: info.code, reason: info.message }, "live HLS could not start");
        rmSync(dir, { recursive: true, force: true });
        return;
      }
      this.adopt({ app, room, egressId: info.egressId, name, dir, startedAt });
    } finally {
      this.starting.delete(key);
    }
  }

  /**
   * After a restart: the media server's HLS egresses of the app still running (their segment
   * prefix is under the app's `hls/`) are shipped again from where the folder stands.
   */
  resumeFrom(app: string, active: readonly EgressInfo[]): void {
    const root = this.appDir(app);
    for (const info of active) {
      const request = info.request.case === "roomComposite" ? info.request.value : undefined;
      const prefix = request?.segmentOutputs[0]?.filenamePrefix;
      if (!prefix || path.dirname(path.dirname(prefix)) !== root || this.runs.has(`${app}/${info.roomName}`)) continue;
      const startedAt = new Date(Number(info.startedAt / 1_000_000n) || Date.now()).toISOString();
      this.adopt({ app, room: info.roomName, egressId: info.egressId, name: path.basename(path.dirname(prefix)), dir: path.dirname(prefix), startedAt });
      this.log.info({ app, room: info.roomName, egressId: info.egressId }, "live HLS resumed after a restart");
    }
  }

  private adopt(r: Pick<Run, "app" | "room" | "egressId" | "name" | "dir" | "startedAt">): void {
    const run: Run = { ...r, shipped: [], pruned: 0, timer: undefined, work: Promise.resolve(), finished: false };
    const seconds = this.o.configs.get(r.app).transcoding.hls_segment_seconds;
    run.timer = setInterval(() => this.pass(run), Math.max(500, seconds * 500)).unref();
    this.runs.set(`${r.app}/${r.room}`, run);
    this.log.info({ app: r.app, room: r.room, egressId: r.egressId }, "live HLS started");
    this.o.events.emit(r.app, "hls_started", r.room, { room: r.room, egressId: r.egressId, playlistUrl: this.playlistUrl(run), segmentSeconds: seconds });
  }

  /** One shipping pass, queued behind the one in progress; a pass already waiting is enough. */
  private pass(run: Run, ended = false): Promise<void> {
    run.work = run.work.then(() => this.ship(run, ended)).catch((err: unknown) => this.log.warn({ app: run.app, room: run.room, err: (err as Error).message }, "live HLS pass failed"));
    return run.work;
  }

  /** Uploads the segments completed since the last pass, then the window playlist; prunes old local segments. */
  private async ship(run: Run, ended: boolean): Promise<void> {
    const text = await readFile(path.join(run.dir, EGRESS_PLAYLIST), "utf8").catch(() => undefined);
    if (text === undefined) return;
    const listed = parsePlaylist(text);
    const fresh = listed.segments.slice(run.shipped.length);
    const s3 = this.o.s3.get(run.app);
    for (const segment of fresh) {
      if (s3) await this.put(run, segment.uri, "video/mp2t").catch((err: Error) => this.log.warn({ app: run.app, room: run.room, segment: segment.uri, err: err.message }, "live HLS segment not uploaded"));
      run.shipped.push(segment);
    }
    if (fresh.length === 0 && !ended) return;
    const { hls_window_segments: window } = this.o.configs.get(run.app).transcoding;
    const live = path.join(run.dir, LIVE_PLAYLIST);
    await writeFile(`${live}.tmp`, windowPlaylist(run.shipped, window, ended || listed.ended));
    await rename(`${live}.tmp`, live);
    if (s3) await this.put(run, LIVE_PLAYLIST, "application/vnd.apple.mpegurl").catch((err: Error) => this.log.warn({ app: run.app, room: run.room, err: err.message }, "live HLS playlist not uploaded"));
    const keep = run.shipped.length - window - KEEP_BEHIND;
    for (; run.pruned < keep; run.pruned++) await rm(path.join(run.dir, (run.shipped[run.pruned] as Segment).uri), { force: true });
  }

  private async put(run: Run, file: string, contentType: string): Promise<void> {
    const s3 = this.o.s3.get(run.app);
    if (!s3) return;
    await this.o.uploader.upload(s3, this.key(run, file), path.join(run.dir, file), contentType, { attempts: 2 });
  }

  /** The run's egress ended: the last segments and the closed playlist are shipped, then `hls_stopped`. */
  private async finish(run: Run, info: EgressInfo): Promise<void> {
    if (run.finished) return;
    run.finished = true;
    clearInterval(run.timer);
    await this.pass(run, true);
    this.runs.delete(`${run.app}/${run.room}`);
    // Live only: what is left locally (the last window) goes; S3 keeps every segment.
    await rm(run.dir, { recursive: true, force: true });
    const seconds = run.shipped.reduce((sum, s) => sum + s.seconds, 0);
    const status = egressEnded(info) ? EgressStatus[info.status] : "EGRESS_COMPLETE";
    this.log.info({ app: run.app, room: run.room, egressId: run.egressId, segments: run.shipped.length, status }, "live HLS stopped");
    this.o.events.emit(run.app, "hls_stopped", run.room, { room: run.room, egressId: run.egressId, segments: run.shipped.length, durationS: Math.round(seconds * 10) / 10, status, error: info.error || null });
  }

  /** Stops every run of a deleted app: its egresses, its timers. */
  forgetApp(app: string): void {
    for (const run of [...this.runs.values()].filter((r) => r.app === app)) {
      clearInterval(run.timer);
      run.finished = true;
      this.runs.delete(`${app}/${run.room}`);
      void this.o.egresses.stop(app, run.egressId);
    }
  }

  /** Shutdown: the egresses go on on the media server (a restart resumes them); only our timers stop. */
  async stop(): Promise<void> {
    for (const run of this.runs.values()) clearInterval(run.timer);
    await Promise.all([...this.runs.values()].map((r) => r.work));
  }

  private appDir(app: string): string {
    return path.join(this.o.dataDir, "apps", app, "hls");
  }

  private key(run: Run, file: string): string {
    return `${this.o.configs.get(run.app).s3.prefix}${run.app}/hls/${run.name}/${file}`;
  }

  /** The S3 public URL of the window playlist when there is one, else the API route that serves it. */
  private playlistUrl(run: Run): string {
    const s3 = this.o.configs.get(run.app).s3;
    const fromS3 = this.o.s3.get(run.app) ? publicObjectUrl(s3.public_url, this.key(run, LIVE_PLAYLIST)) : null;
    return fromS3 ?? `${this.o.publicUrl}/api/v1/apps/${run.app}/hls/${encodeURIComponent(run.name)}/${LIVE_PLAYLIST}`;
  }
}
