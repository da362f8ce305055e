import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { EgressStatus, type WebhookEvent } from "livekit-server-sdk";
import { fromPromise } from "xstate";
import { vodLifecycle, type VodFailure, type VodLifecycleInput } from "../../machines/vod-lifecycle.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppService } from "../apps/service.ts";
import type { AppRef, AppRow } from "../apps/store.ts";
import { unlessUnavailable } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import type { VodsApi } from "../vods/module.ts";
import { vodStore, type VodRow } from "../vods/store.ts";
import { CameraRecorder, type RecordedFile } from "./camera-recorder.ts";
import type { EgressRecorder } from "./egress-recorder.ts";
import { EgressSplits, partFile } from "./egress-splits.ts";
import type { Finalizer } from "./finalize.ts";
import type { Snapshots } from "./snapshots.ts";
import type { StartRecordingBody } from "./schemas.ts";

/** Our own recorders' ids (in `egressId`), so they never collide with the media server's `EG_`. */
export const CAMERA_RECORDER_PREFIX = "CR_";

export interface RecordingServiceOptions {
  readonly databases: Databases;
  readonly configs: AppConfigService;
  readonly apps: AppService;
  readonly cameras: CameraRooms;
  readonly servers: MediaServers;
  readonly supervisor: Supervisor;
  readonly events: EventDispatcher;
  readonly finalizer: Finalizer;
  readonly egressRecorder: EgressRecorder;
  readonly streams: StreamsApi;
  readonly snapshots: Snapshots;
  readonly vods: VodsApi;
  readonly dataDir: string;
  readonly logger: Logger;
  /** How long a minute of `split_minutes` is (`SERVICE_SPLIT_MINUTE_MS`; shortened by tests only). */
  readonly splitMinuteMs: number;
}

/** What start and stop answer (SPEC 4.11). */
export interface RecordingState {
  readonly vodId: number;
  readonly egressId: string;
  readonly status: "recording" | "uploading";
}

const actorId = (app: string, vodId: number): string => `vod:${app}:${vodId}`;

/** A recording in progress here: its ffmpeg, how to take it off the relay, its timers. */
interface LiveRecording {
  readonly recorder: CameraRecorder;
  readonly untap: () => void;
  readonly snapshots: NodeJS.Timeout | undefined;
  /** When `split_minutes` cuts it into the next part. */
  readonly cut: NodeJS.Timeout | undefined;
}

/** Parts of one split recording share their recorder id before the `.<part>` suffix. */
const sameRecording = (a: string, b: string): boolean => a === b || a.replace(/\.\d+$/, "") === b.replace(/\.\d+$/, "");

/** Takes a recording off its room and lets ffmpeg finish the file. */
function end(live: LiveRecording): Promise<RecordedFile> {
  live.untap();
  clearInterval(live.snapshots);
  clearTimeout(live.cut);
  return live.recorder.stop();
}

/**
 * Starting and stopping recordings. Every VOD runs as one `vodLifecycle` actor under the
 * supervisor; only its source differs: a camera room is recorded by our own ffmpeg on the MJPEG
 * relay, a media-server room by LiveKit's egress.
 */
export class RecordingService {
  /** Live recordings by VOD actor id. */
  private readonly recorders = new Map<string, LiveRecording>();
  /** Rooms whose egress is being started (`app/room`): a second start must not start another. */
  private readonly starting = new Set<string>();
  /** VOD actors whose egress the media server reported complete: their file is whole, nothing to stop. */
  private readonly egressComplete = new Set<string>();
  /** VOD actors of split parts whose segment is complete while their egress goes on. */
  private readonly partsDone = new Set<string>();
  private readonly splits: EgressSplits;
  private readonly log: Logger;
  /** Set at shutdown: a finalize cut short by it is resumed at the next start, not failed. */
  private closing = false;

  constructor(private readonly o: RecordingServiceOptions) {
    this.log = o.logger.child({ component: "recording" });
    this.splits = new EgressSplits({
      databases: o.databases,
      partStarted: (app, row) => this.spawn(app, row),
      partDone: (app, row) => {
        this.partsDone.add(actorId(app, row.id));
        this.sourceEnded(app, row.id);
      },
      logger: o.logger,
    });
  }

  async start(app: AppRef, body: StartRecordingBody): Promise<RecordingState | Problem> {
    const config = this.o.configs.get(app.name);
    if (!config.recording.enabled) {
      return problem("conflict", `recording is disabled for app ${app.name}; set recording.enabled: true in its config (PATCH /apps/${app.name}/config)`);
    }
    const room = this.o.apps.roomOf(app, body.roomName, 200);
    if (typeof room !== "string") return room;
    const store = vodStore(this.o.databases.app(app.name));
    const running = store.recordingIn(room);
    if (running) return problem("conflict", `room ${room} is being recorded already (VOD ${running.id}); stop that recording first`);

    if (!this.o.cameras.live(app.name, room)) return this.startEgress(app, room, body.streamId ?? null);
    const egressId = `${CAMERA_RECORDER_PREFIX}${randomBytes(9).toString("base64url")}`;
    const split = config.recording.split_minutes > 0;
    const vodId = this.begin(app, { room, streamId: body.streamId ?? null, egressId: split ? `${egressId}.1` : egressId, part: split ? 1 : 0 });
    if (vodId === undefined) return problem("not_found", `room ${room} has no live camera`);
    return this.started(app, room, vodId, egressId, body.streamId ?? null);
  }

  private started(app: AppRef, room: string, vodId: number, egressId: string, streamId: string | null): RecordingState {
    this.o.vods.metrics.recordingStarted(app.name);
    this.o.events.emit(app.name, "recording_started", room, { vodId, egressId, app: app.name, room, streamId });
    this.log.info({ app: app.name, room, vodId, egressId }, "recording started");
    return { vodId, egressId, status: "recording" };
  }

  /**
   * A room without a camera is a media-server room: LiveKit's egress records it. The VOD row is
   * written once the egress has started, so a start that fails (no egress worker: 503) leaves
   * nothing behind.
   */
  private async startEgress(app: AppRef, room: string, streamId: string | null): Promise<RecordingState | Problem> {
    if (!this.o.servers.forApp(app.name)) return problem("not_found", `room ${room} has no live camera and no media server is configured; try again once its camera is connected`);
    const key = `${app.name}/${room}`;
    if (this.starting.has(key)) return problem("conflict", `a recording of room ${room} is starting already`);
    this.starting.add(key);
    try {
      const startedAt = new Date();
      const file = this.recordingFile(app.name, room, startedAt, randomBytes(6).toString("base64url"));
      // With split_minutes the egress writes segments of that length, each one part (egress-splits.ts).
      const { split_minutes: split } = this.o.configs.get(app.name).recording;
      const prefix = path.join(file.replace(/\.mp4$/, ""), path.basename(file, ".mp4"));
      const outputs = split > 0 ? EgressSplits.outputs(prefix, Math.max(1, Math.round((split * this.o.splitMinuteMs) / 1000))) : { file };
      // The egress writes into it: on this machine, or where the data dir is shared (README).
      mkdirSync(path.dirname(split > 0 ? prefix : file), { recursive: true });
      const info = await this.o.egressRecorder.start(app, room, streamId, outputs);
      if (isProblem(info)) return info;
      const store = vodStore(this.o.databases.app(app.name));
      const row = split > 0 ? { egress_id: `${info.egressId}.1`, part: 1, local_path: partFile(prefix, 1) } : { egress_id: info.egressId, part: 0, local_path: file };
      const vodId = store.insert({ room, stream_id: streamId, source: "egress", started_at: startedAt.toISOString(), ...row });
      this.spawn(app.name, store.get(vodId) as VodRow);
      if (split > 0) this.splits.watch({ app: app.name, room, streamId, egressId: info.egressId, prefix });
      return this.started(app, room, vodId, info.egressId, streamId);
    } finally {
      this.starting.delete(key);
    }
  }

  /** Where a recording's file goes: the app's `recordings/` folder, named by room, start and a tag. */
  private recordingFile(app: string, room: string, startedAt: Date, tag: string): string {
    return path.join(this.o.dataDir, "apps", app, "recordings", `${room}-${startedAt.toISOString().replace(/[-:.]/g, "")}-${tag}.mp4`);
  }

  /** `streams/{id}/record/start`: the stream's room, with the stream as the recording's `streamId`. */
  async recordStream(app: AppRow, id: string): Promise<RecordingState | Problem> {
    const stream = this.o.streams.tracker.store(app).find(id);
    if (!stream) return problem("not_found", `no stream ${id} in app ${app.name}`);
    if (stream.status !== "active") return problem("conflict", `stream ${stream.streamId} has ended`);
    return this.start(app, { roomName: stream.room, streamId: stream.streamId });
  }

  /** `streams/{id}/record/stop`: the recording of that stream in progress. */
  stopStream(app: AppRow, id: string): RecordingState | Problem {
    const stream = this.o.streams.tracker.store(app).find(id);
    if (!stream) return problem("not_found", `no stream ${id} in app ${app.name}`);
    const row = vodStore(this.o.databases.app(app.name)).recordingIn(stream.room);
    if (!row || row.stream_id !== stream.streamId) return problem("not_found", `stream ${stream.streamId} is not being recorded`);
    return this.stop(app, String(row.id));
  }

  /**
   * Starts one VOD of a recording: a recorder on the room's relay, its row, its actor, its
   * snapshot timer and, with `split_minutes`, the timer that cuts it: the next part starts first
   * (no frame is lost between them), then this one ends and uploads on its own. Undefined when
   * the camera left in the meantime.
   */
  private begin(app: AppRef, p: { room: string; streamId: string | null; egressId: string; part: number }): number | undefined {
    const config = this.o.configs.get(app.name).recording;
    const startedAt = new Date();
    const file = this.recordingFile(app.name, p.room, startedAt, p.egressId);
    let vodId = 0;
    const recorder = new CameraRecorder({ file, logger: this.o.logger, onCameraLeft: () => this.sourceEnded(app.name, vodId) });
    const untap = this.o.cameras.tap(app.name, p.room, recorder);
    if (!untap) {
      void recorder.stop();
      return undefined;
    }
    const store = vodStore(this.o.databases.app(app.name));
    vodId = store.insert({ room: p.room, stream_id: p.streamId, egress_id: p.egressId, source: "camera", part: p.part, local_path: file, started_at: startedAt.toISOString() });
    const every = config.snapshot_seconds;
    const snapshots = every > 0 ? setInterval(() => void this.o.snapshots.take(app, p.room, vodId), every * 1000) : undefined;
    const cut = p.part > 0 ? setTimeout(() => this.cut(app, vodId, p), config.split_minutes * this.o.splitMinuteMs) : undefined;
    this.recorders.set(actorId(app.name, vodId), { recorder, untap, snapshots, cut });
    this.spawn(app.name, store.get(vodId) as VodRow);
    return vodId;
  }

  /** `split_minutes` elapsed: the next part takes over the room, this one uploads. */
  private cut(app: AppRef, vodId: number, p: { room: string; streamId: string | null; egressId: string; part: number }): void {
    const base = p.egressId.slice(0, p.egressId.lastIndexOf("."));
    const next = this.begin(app, { ...p, egressId: `${base}.${p.part + 1}`, part: p.part + 1 });
    this.log.info({ app: app.name, room: p.room, vodId, next }, "recording part cut");
    this.sourceEnded(app.name, vodId);
  }

  /** Stops by VOD id or recorder id; the answer comes before the upload, which goes on in the actor. */
  stop(app: AppRef, id: string): RecordingState | Problem {
    const store = vodStore(this.o.databases.app(app.name));
    const row = /^\d+$/.test(id) ? store.get(Number(id)) : (store.getByEgress(id) ?? store.lastPartOf(id));
    if (!row) return problem("not_found", `app ${app.name} has no recording ${id}`);
    // A split recording goes on in its latest part: any part's id stops that one.
    const current = row.status === "recording" ? row : store.recordingIn(row.room);
    if (!current || !sameRecording(current.egress_id, row.egress_id)) return problem("conflict", `VOD ${row.id} is ${row.status}, not recording`);
    this.o.supervisor.get(actorId(app.name, current.id))?.send({ type: "stop" });
    return { vodId: current.id, egressId: current.egress_id, status: "uploading" };
  }

  /**
   * The media server's word on an egress (`egress_updated`, `egress_ended`): a VOD recorded by
   * that egress moves on when it completes (or hits its limit, the file is whole), and fails with
   * `egress_failed` when it fails or is aborted. Events for egresses without a VOD (live HLS, stream
   * outputs) are not ours.
   */
  egressEvent(event: WebhookEvent, app: AppRef): void {
    const info = event.egressInfo;
    if ((event.event !== "egress_updated" && event.event !== "egress_ended") || !info) return;
    const row = unlessUnavailable(undefined, () => {
      const store = vodStore(this.o.databases.app(app.name));
      // A split recording's egress is the one of its part being written now.
      return store.getByEgress(info.egressId) ?? store.lastPartOf(info.egressId);
    });
    if (row?.status !== "recording") return;
    const actor = this.o.supervisor.get(actorId(app.name, row.id));
    if (info.status === EgressStatus.EGRESS_COMPLETE || info.status === EgressStatus.EGRESS_LIMIT_REACHED) {
      this.egressComplete.add(actorId(app.name, row.id));
      actor?.send({ type: "source_ended" });
    }
    else if (info.status === EgressStatus.EGRESS_FAILED || info.status === EgressStatus.EGRESS_ABORTED) {
      actor?.send({ type: "source_failed", failure: { reason: "egress_failed", detail: info.error || `the egress was ${EgressStatus[info.status]}` } });
    }
  }

  /**
   * Picks up every VOD the last process left unfinished, app by app (an unavailable app's wait
   * for its restart). An `uploading` one finalizes again (a re-upload of the same key replaces a
   * partial one). A `recording` camera VOD lost its recorder with that process: its file ends where
   * the process did, so it moves on to uploading as if its source had ended. A `recording` egress
   * VOD outlived us on the media server: it goes on, and the media server is asked whether its
   * egress ended meanwhile.
   */
  resume(apps: readonly string[]): void {
    for (const app of apps) {
      const rows = unlessUnavailable([], () => vodStore(this.o.databases.app(app)).unfinished());
      for (const row of rows) {
        if (this.o.supervisor.get(actorId(app, row.id))) continue;
        this.spawn(app, row);
        if (row.status === "recording" && row.source === "camera") this.sourceEnded(app, row.id);
        const split = row.status === "recording" ? EgressSplits.of(app, row) : undefined;
        if (split) this.splits.watch(split);
        this.log.info({ app, vodId: row.id, status: row.status }, "resuming an unfinished VOD");
      }
    }
    void this.reconcile(apps);
  }

  /**
   * Asks the media server about every egress VOD still recording: one whose egress ended without
   * the service hearing of it (down at the time, a webhook lost) moves on as the event would have
   * moved it. Runs at start and then periodically.
   */
  async reconcile(apps: readonly string[]): Promise<void> {
    for (const app of apps) {
      const rows = unlessUnavailable([], () => vodStore(this.o.databases.app(app)).unfinished());
      for (const row of rows) {
        if (row.status !== "recording" || row.source !== "egress") continue;
        const event = await this.o.egressRecorder.check(app, row);
        if (!event) continue;
        this.log.info({ app, vodId: row.id, egressId: row.egress_id, event: event.type }, "egress ended unheard; moving its VOD on");
        if (event.type === "source_ended") this.egressComplete.add(actorId(app, row.id));
        this.o.supervisor.get(actorId(app, row.id))?.send(event);
      }
    }
  }

  /**
   * Runs a failed VOD's finalize again (after S3 came back, or its keys were fixed): failed ->
   * uploading, with the result of that attempt to follow as usual. 409 unless it failed with its
   * local file still there.
   */
  retry(app: AppRef, id: number): RecordingState | Problem {
    const store = vodStore(this.o.databases.app(app.name));
    const row = store.get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    if (row.status !== "failed") return problem("conflict", `VOD ${id} is ${row.status}; only a failed VOD can be retried`);
    if (row.local_path === null || !existsSync(row.local_path)) return problem("conflict", `VOD ${id} has no local file left to upload; it cannot be retried`);
    store.markRetry(id, new Date().toISOString());
    this.spawn(app.name, { ...row, status: "uploading" });
    this.log.info({ app: app.name, vodId: id }, "retrying a failed VOD");
    return { vodId: id, egressId: row.egress_id, status: "uploading" };
  }

  /** Stops every recording of a deleted app (its egresses too, best effort); their actors end with the app's database. */
  forgetApp(app: string): void {
    for (const row of unlessUnavailable([], () => vodStore(this.o.databases.app(app)).unfinished())) {
      if (row.status === "recording" && row.source === "egress") void this.o.egressRecorder.abandon(app, row);
      this.egressComplete.delete(actorId(app, row.id));
      this.partsDone.delete(actorId(app, row.id));
    }
    this.splits.forget(app);
    for (const [id, live] of this.recorders) {
      if (!id.startsWith(`vod:${app}:`)) continue;
      void end(live);
      this.recorders.delete(id);
      this.o.supervisor.stop(id);
    }
  }

  /** Ends every recorder cleanly (files playable) on shutdown; unfinished VODs resume at the next start. */
  async stopAll(): Promise<void> {
    this.closing = true;
    this.splits.forget();
    await Promise.all([...this.recorders.values()].map(end));
  }

  private sourceEnded(app: string, vodId: number): void {
    this.o.supervisor.get(actorId(app, vodId))?.send({ type: "source_ended" });
  }

  private spawn(app: string, row: VodRow): void {
    const id = actorId(app, row.id);
    const logic = vodLifecycle.provide({
      actions: {
        persist: (_, status) => {
          if (status === "uploading") vodStore(this.o.databases.app(app)).markUploading(row.id, new Date().toISOString());
        },
        failed: (_, failure) => this.failed(app, row, failure),
      },
      actors: {
        finalize: fromPromise<void, VodLifecycleInput>(async () => {
          const live = this.recorders.get(id);
          const recorded = live && (await end(live));
          this.recorders.delete(id);
          if (row.source === "egress" && !this.partsDone.delete(id)) {
            // The recording ends here (stopped, or its egress ended): a split one's last parts are collected.
            if (!this.egressComplete.delete(id)) await this.o.egressRecorder.finish(app, row);
            const split = EgressSplits.of(app, row);
            if (split) await this.splits.ended(split);
          }
          await this.o.finalizer.finalize(app, row.id, recorded);
        }),
      },
    });
    const input = { vodId: row.id, app, room: row.room, status: row.status === "uploading" ? "uploading" : "recording" } as const;
    // At shutdown the recorder finishes its file before the actor stops (the next start resumes it).
    this.o.supervisor.spawn(id, logic, input, {
      cleanup: async () => {
        const live = this.recorders.get(id);
        if (live) await end(live);
      },
    });
  }

  private failed(app: string, row: VodRow, failure: VodFailure): void {
    if (this.closing) return;
    if (!vodStore(this.o.databases.app(app)).markFailed(row.id, failure.reason, failure.detail, new Date().toISOString())) return;
    this.log.warn({ app, vodId: row.id, ...failure }, "recording failed");
    this.o.vods.metrics.recordingFailed(app, failure.reason);
    this.o.events.emit(app, "recording_failed", row.room, { vodId: row.id, app, room: row.room, streamId: row.stream_id ?? "", ...failure });
  }
}
